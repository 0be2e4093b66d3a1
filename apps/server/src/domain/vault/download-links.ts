// Download links: a URL that downloads one content with no credentials until it expires
// (docs/decisions/download-links.md). On S3 it is the store's presigned URL; otherwise it
// is this service's `/evault/v1/downloads/{token}/`, the token naming the content and
// signed with the root secret's download-link key, which every server of the database holds.
import type { Db } from "../../data/database.js";
import { keyRing } from "../../secrets/key-ring.js";
import type { BlobStore } from "../../storage/blob-store.js";
import { DomainError } from "../errors.js";
import { storedContent } from "./files.js";
import { versionContent } from "./versions.js";

/** What a link downloads: a file's current content, or one of its versions'. */
export interface LinkedContent {
  userId: number;
  fileId: string;
  /** The version's id for a version's link; null for the file's current content. */
  versionId: string | null;
  /** The content's SHA-256, hex: once the file's (or the version's) content is another, the link is dead. */
  hash: string;
}

/** How long a link lasts when its request does not say. */
const DEFAULT_LINK_SECONDS = 3600;

/** `<expiry>.<user>.<file>.<version or ->.<content hash>.<HMAC>`, the hash and the HMAC base64url. */
const TOKEN =
  /^(\d{1,12})\.(\d{1,12})\.([0-9A-Za-z-]{1,64})\.([0-9A-Za-z-]{1,64})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

const NO_VERSION = "-";

const signedData = (link: LinkedContent, expires: number) =>
  `download\n${expires}\n${link.userId}\n${link.fileId}\n${link.versionId ?? ""}\n${link.hash}`;

/** The token of a link to `link` that expires at `expires` (epoch seconds). */
export function downloadToken(link: LinkedContent, expires: number): string {
  const hash = Buffer.from(link.hash, "hex").toString("base64url");
  const mac = keyRing().mac("download-link", signedData(link, expires)).toString("base64url");
  return [expires, link.userId, link.fileId, link.versionId ?? NO_VERSION, hash, mac].join(".");
}

/** A token's link, or why it is refused: not signed by this service (or altered), or expired. */
export type TokenReading = { link: LinkedContent } | { refused: "invalid" | "expired" };

/** Reads a token: its signature first (current or previous root key, in constant time), then its expiry. */
export function readDownloadToken(token: string, now = Date.now()): TokenReading {
  const [, expires, user, fileId = "", version, hash = "", mac] = TOKEN.exec(token) ?? [];
  if (mac === undefined) return { refused: "invalid" };
  const link = {
    userId: Number(user),
    fileId,
    versionId: version === NO_VERSION ? null : (version ?? null),
    hash: Buffer.from(hash, "base64url").toString("hex"),
  };
  if (!keyRing().verifies("download-link", signedData(link, Number(expires)), Buffer.from(mac, "base64url"))) {
    return { refused: "invalid" };
  }
  return Number(expires) * 1000 <= now ? { refused: "expired" } : { link };
}

/** The name and type the link's download answers with. */
interface Presented {
  name: string | null;
  mimetype: string;
}

/**
 * A new link to `link` for `seconds` (an hour when undefined): the store's presigned URL
 * when the store serves its objects itself, else this service's URL (`serviceUrl`) of a
 * signed token.
 */
export async function createDownloadLink(
  blobs: BlobStore,
  link: LinkedContent & Presented,
  asked: number | undefined,
  serviceUrl: (token: string) => string,
  now = Date.now(),
): Promise<{ url: string; expires_at: string }> {
  const seconds = asked ?? DEFAULT_LINK_SECONDS;
  const expires = Math.floor(now / 1000) + seconds;
  const url = blobs.presignedDownload
    ? await blobs.presignedDownload(link.hash, seconds, {
        filename: link.name ?? "download",
        contentType: link.mimetype,
      })
    : serviceUrl(downloadToken(link, expires));
  return { url, expires_at: new Date(expires * 1000).toISOString() };
}

/** A link to the current content of one of the caller's files (404 when it is in the bin or not theirs). */
export async function fileLink(db: Db, userId: number, fileId: string): Promise<LinkedContent & Presented> {
  return { userId, fileId, versionId: null, ...(await storedContent(db, userId, fileId)) };
}

/** A link to a version of one of the caller's files (404 when the file is in the bin, or the version not its). */
export async function versionLink(
  db: Db,
  userId: number,
  fileId: string,
  versionId: string,
): Promise<LinkedContent & Presented> {
  return { userId, fileId, versionId, ...(await versionContent(db, userId, fileId, versionId)) };
}

/**
 * The content a link names, while its file (or version) still has it: a file in the bin
 * or deleted, a content changed since, or a version deleted answers 404.
 */
export async function linkedContent(db: Db, link: LinkedContent) {
  const found = await (link.versionId === null
    ? storedContent(db, link.userId, link.fileId)
    : versionContent(db, link.userId, link.fileId, link.versionId)
  ).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return undefined;
    throw error;
  });
  if (found?.hash !== link.hash) {
    throw new DomainError("not_found", "This download link's file was deleted, or its content changed.");
  }
  return found;
}
