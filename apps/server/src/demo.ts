// Demo data: a user with a key, a bank account and a small vault with something for
// every operation to act on.
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "./data/database.js";
import {
  bankAccounts,
  currencies,
  events,
  fileShares,
  files,
  folders,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "./data/schema.js";
import { createApiKey } from "./domain/api-keys.js";
import { NAIRA, recordAccountOpened } from "./domain/banking/bank-accounts.js";
import { moveToBin } from "./domain/vault/bins.js";
import { putBlob } from "./domain/vault/blob-sweep.js";
import { newLink } from "./domain/vault/link-tokens.js";
import { setTags, upsertTags } from "./domain/vault/tags.js";
import { sealEndpointSecret } from "./domain/webhooks/endpoint-secrets.js";
import type { BlobStore } from "./storage/blob-store.js";

const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export interface DemoUser {
  id: number;
  username: string;
  api_key: string;
  bank_account_id: string;
  file_id: string;
  folder_id: string;
  file_share_id: string;
  /** The token of that share's link (a private share of notes.txt): `/evault/v1/links/<token>/`. */
  link_token: string;
  /** The token of a public share of the folder tree "Projects", for a browser: `/evault/v1/links/<token>/`. */
  public_link_token: string;
  /** The file old-draft.txt (from Documents), in the bin ... */
  binned_file_id: string;
  /** ... under this bin entry. */
  bin_id: string;
  /** "Projects" at the root, three levels deep: Projects/Alpha/Specs, with files at every level. */
  projects_folder_id: string;
  /** plan.txt, the file directly inside Projects. */
  projects_file_id: string;
  /** The current version of plan.txt: its only one, until its content changes. */
  projects_file_version_id: string;
  /** "Old projects" (a root folder holding "Drafts" and a file in each), in the bin ... */
  binned_folder_id: string;
  /** ... under this bin entry. */
  folder_bin_id: string;
  /** The event of the bank account's opening. */
  event_id: string;
  /** A webhook endpoint (`https://hooks.example.com/vault`), disabled: nothing is sent to it ... */
  webhook_endpoint_id: string;
  /** ... and its one delivery, of the account's opening, failed. */
  webhook_delivery_id: string;
}

async function storeBytes(db: Db, store: BlobStore, bytes: Buffer): Promise<string> {
  const upload = await store.receive(Readable.from([bytes]));
  try {
    await db.transaction((tx) => putBlob(tx, store, upload));
  } finally {
    await store.discard(upload);
  }
  return upload.hash;
}

/**
 * Creates a user with an api key, an NGN account, a folder "Documents" holding a
 * subfolder "Reports" and two files, a share of one file, a file in the bin, a
 * three-level tree "Projects/Alpha/Specs" shared publicly by a link, and a binned folder "Old projects/Drafts".
 */
export async function createDemoUser(
  db: Db,
  store: BlobStore,
  username: string,
  retentionDays: number,
): Promise<DemoUser> {
  const [notes, logo, draft] = await Promise.all([
    storeBytes(db, store, Buffer.from(`Notes of ${username}\n`)),
    storeBytes(db, store, ONE_PIXEL_PNG),
    storeBytes(db, store, Buffer.from("An old draft.\n")),
  ]);
  const contents: DemoContents = { notes, logo, draft };
  const ids = await db.transaction(async (tx) => {
    const { user, bankAccountId } = await insertUserWithAccount(tx, username);
    const documents = await seedDocuments(tx, user.id, contents, retentionDays);
    const projects = await seedProjects(tx, user.id, contents, retentionDays);
    return { user, bankAccountId, ...documents, ...projects };
  });
  const key = await createApiKey(db, username);
  const eventId = await recordAccountOpened(db, ids.bankAccountId);
  const webhook = await seedWebhookEndpoint(db, ids.user.id, eventId);
  return {
    id: ids.user.id,
    username,
    api_key: key.key,
    bank_account_id: ids.bankAccountId,
    file_id: ids.fileId,
    folder_id: ids.documents,
    file_share_id: ids.shareId,
    link_token: ids.linkToken,
    public_link_token: ids.publicLinkToken,
    binned_file_id: ids.draftId,
    bin_id: ids.binId,
    projects_folder_id: ids.projects,
    projects_file_id: ids.planId,
    projects_file_version_id: ids.planVersionId,
    binned_folder_id: ids.oldProjects,
    folder_bin_id: ids.folderBinId,
    event_id: eventId,
    webhook_endpoint_id: webhook.endpointId,
    webhook_delivery_id: webhook.deliveryId,
  };
}

/** The hashes of the demo files' stored bytes. */
interface DemoContents {
  notes: string;
  logo: string;
  draft: string;
}

async function insertUserWithAccount(tx: Tx, username: string) {
  await tx.insert(currencies).values(NAIRA).onConflictDoNothing();
  const [user] = await tx
    .insert(users)
    .values({ username, email: `${username}@example.com`, first_name: username, last_name: "Demo" })
    .returning();
  if (!user) throw new Error("the demo user was not created");
  const bankAccountId = randomUUID();
  await tx.insert(bankAccounts).values({
    id: bankAccountId,
    user_id: user.id,
    account_number: String(randomInt(1e9, 1e10)),
    account_name: `${username} savings`,
    currency_id: NAIRA.id,
    balance_kobo: 12_500_005n,
    tracking_reference: `TRK-${randomBytes(6).toString("hex").toUpperCase()}`,
  });
  return { user, bankAccountId };
}

/** "Documents" holding "Reports" and files, a private share of notes.txt, and old-draft.txt in the bin. */
async function seedDocuments(tx: Tx, userId: number, { notes, logo, draft }: DemoContents, retentionDays: number) {
  const documents = randomUUID();
  const reports = randomUUID();
  await tx.insert(folders).values([
    { id: documents, user_id: userId, name: "Documents", description: "Everyday papers" },
    { id: reports, user_id: userId, parent_id: documents, name: "Reports" },
  ]);
  const fileId = randomUUID();
  const draftId = randomUUID();
  await tx.insert(files).values([
    { id: fileId, user_id: userId, folder_id: documents, name: "notes.txt", hash: notes, extension: "txt" },
    { id: randomUUID(), user_id: userId, folder_id: documents, name: "logo.png", hash: logo, extension: "png" },
    { id: randomUUID(), user_id: userId, folder_id: reports, name: "q3.txt", hash: notes, extension: "txt" },
    { id: draftId, user_id: userId, folder_id: documents, name: "old-draft.txt", hash: draft, extension: "txt" },
  ]);
  await setTags(tx, "folder", documents, await upsertTags(tx, userId, [{ name: "personal", description: "Mine" }]));
  const shareId = randomUUID();
  const { token: linkToken, ...link } = newLink(shareId);
  await tx.insert(fileShares).values({ id: shareId, user_id: userId, file_id: fileId, access: "private", ...link });
  const binId = await moveToBin(tx, userId, "file", draftId, retentionDays);
  return { documents, fileId, shareId, linkToken, draftId, binId };
}

/** "Projects/Alpha/Specs" with files at every level, shared publicly, and "Old projects/Drafts" in the bin. */
async function seedProjects(tx: Tx, userId: number, { notes, logo, draft }: DemoContents, retentionDays: number) {
  const planId = randomUUID();
  const planVersionId = randomUUID();
  const [projects, alpha, specs, oldProjects, drafts] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  await tx.insert(folders).values([
    { id: projects, user_id: userId, name: "Projects", description: "Work", is_starred: true },
    { id: alpha, user_id: userId, parent_id: projects, name: "Alpha" },
    { id: specs, user_id: userId, parent_id: alpha, name: "Specs" },
    { id: oldProjects, user_id: userId, name: "Old projects", description: "Done and dusted" },
    { id: drafts, user_id: userId, parent_id: oldProjects, name: "Drafts" },
  ]);
  const file = (folderId: string, name: string, hash: string) => ({
    id: randomUUID(),
    user_id: userId,
    folder_id: folderId,
    name,
    hash,
    extension: name.split(".").pop() ?? "",
  });
  await tx
    .insert(files)
    .values([
      { ...file(projects, "plan.txt", notes), id: planId, content_version_id: planVersionId },
      file(alpha, "logo.png", logo),
      file(specs, "spec.txt", draft),
      file(specs, "spec-copy.txt", draft),
      file(oldProjects, "summary.txt", notes),
      file(drafts, "draft.txt", draft),
    ]);
  await setTags(tx, "folder", oldProjects, await upsertTags(tx, userId, [{ name: "archive" }]));
  const folderBinId = await moveToBin(tx, userId, "folder", oldProjects, retentionDays);
  const publicShareId = randomUUID();
  const { token: publicLinkToken, ...publicLink } = newLink(publicShareId);
  await tx
    .insert(fileShares)
    .values({ id: publicShareId, user_id: userId, folder_id: projects, access: "public", ...publicLink });
  return { planId, planVersionId, projects, oldProjects, folderBinId, publicLinkToken };
}

/**
 * Makes demo users acquainted: each gets a share (of nothing yet) that lists the others,
 * so each may link the others to its shares and see their details (see usersKnownTo).
 */
export async function shareWithEachOther(db: Db, demoUsers: DemoUser[]): Promise<void> {
  await db.insert(fileShares).values(
    demoUsers.map((user) => {
      const id = randomUUID();
      const { link_hash, link_sealed } = newLink(id);
      const users = demoUsers.filter((other) => other.id !== user.id).map((other) => other.id);
      return { id, user_id: user.id, access: "private", users, link_hash, link_sealed };
    }),
  );
}

/** A disabled endpoint with one failed delivery of the event `eventId`: ids for the webhook operations to name. */
async function seedWebhookEndpoint(db: Db, userId: number, eventId: string) {
  const endpointId = `we_${randomBytes(16).toString("hex")}`;
  const deliveryId = `dlv_${randomBytes(16).toString("hex")}`;
  await db.insert(webhookEndpoints).values({
    id: endpointId,
    user_id: userId,
    url: "https://hooks.example.com/vault",
    events: ["bank_account.updated"],
    description: "An example: disabled, nothing is sent to it",
    disabled: true,
    secret: sealEndpointSecret(`whsec_${randomBytes(24).toString("base64")}`),
  });
  const [event] = await db.select({ seq: events.seq }).from(events).where(eq(events.id, eventId));
  await db.insert(webhookDeliveries).values({
    id: deliveryId,
    endpoint_id: endpointId,
    event_seq: event?.seq ?? 0,
    status: "failed",
    attempt_count: 1,
    attempts: [{ at: new Date().toISOString(), status_code: null, duration_ms: 0, error: "refused: an example" }],
    next_attempt_at: null,
  });
  return { endpointId, deliveryId };
}
