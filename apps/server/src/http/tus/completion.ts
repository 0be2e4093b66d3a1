// The file a complete upload makes, as a one-request upload makes it.
import { claimKey, releaseKey } from "../../data/idempotency-keys.js";
import { createFile, type FileForm, replaceFile } from "../../domain/vault/files.js";
import type { UploadRow } from "../../domain/vault/resumable-uploads.js";
import type { ContentFacts } from "../../storage/content-tap.js";
import type { TusContext } from "./context.js";
import { locked } from "./protocol.js";

/** The key under which the file's creation is recorded with it, so a retried completion finds the file it made. */
const completionKey = (uploadId: string) => `tus:${uploadId}`;
/** How long a completion's record is kept: beyond the upload's own life. */
const COMPLETION_TIMES = { ttlSeconds: 25 * 60 * 60, leaseSeconds: 60 };

/**
 * Makes the file of a complete upload from its parts: the store makes them a received
 * upload (hashed, sniffed; `known` when this process saw every byte) for
 * `createFile`/`replaceFile`. A creation is recorded with the file under the upload's
 * key, in the file's own statement, so a completion retried after a crash finds that
 * file instead of making a second one.
 */
export async function makeFile(
  ctx: TusContext,
  userId: number,
  row: UploadRow,
  parts: number[],
  known?: ContentFacts,
): Promise<string> {
  const { db, blobs, settings } = ctx.files;
  const { filename, file, ...fields } = row.form;
  const owner = { userId, key: completionKey(row.id) };
  const claimed = file === undefined ? await claimKey(db, owner, ["tus"], COMPLETION_TIMES) : undefined;
  if (claimed?.outcome === "committed") return (claimed.work.recorded as { id: string }).id;
  if (claimed && claimed.outcome !== "claimed") throw locked();
  const received = await ctx.store.complete(row.id, parts, row.length, known);
  try {
    if (received.size !== row.length) throw new Error(`upload ${row.id} holds ${received.size} of ${row.length} bytes`);
    const upload = { ...received, filename };
    if (file !== undefined) {
      const write = { userId, id: file, input: fields as FileForm, upload };
      return (await replaceFile(db, blobs, settings, write)).resource.id;
    }
    const write = { userId, input: fields as FileForm & { folder: string }, upload };
    const key = { key: owner.key, claim: (claimed as { claim: string }).claim };
    return (await createFile(db, blobs, settings, write, key)).resource.id;
  } catch (error) {
    if (claimed?.outcome === "claimed") await releaseKey(db, owner, claimed.claim).catch(() => {});
    throw error;
  } finally {
    // A temp left behind (the store is down) is removed by the temp sweep.
    await blobs.discard(received).catch(() => {});
  }
}
