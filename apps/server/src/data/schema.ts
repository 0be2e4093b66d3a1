// The database schema as the queries see it: tables, columns, indexes and constraints, as
// the hand-written migrations in ./migrations build them (applied at start-up). A test
// (test/schema-matches-migrations.test.ts) fails when the two differ; the triggers and
// the other rules the database holds are listed in docs/database.md.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const timestamps = {
  created_at: timestamptz("created_at").notNull().defaultNow(),
  updated_at: timestamptz("updated_at").notNull().defaultNow(),
};
/** Incremented on every write; the resource's ETag. */
const version = integer("version").notNull().default(1);
const owner = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  email: text("email").notNull(),
  first_name: text("first_name").notNull(),
  last_name: text("last_name").notNull(),
  ...timestamps,
});

/** Each user's bytes in files (in the bin or not) and in earlier versions, kept by the triggers of migration 0015. */
export const userUsage = pgTable(
  "user_usage",
  {
    user_id: integer("user_id").primaryKey(),
    file_bytes: bigint("file_bytes", { mode: "number" }).notNull().default(0),
    version_bytes: bigint("version_bytes", { mode: "number" }).notNull().default(0),
  },
  // Named as PostgreSQL named the migration's inline reference.
  (t) => [
    foreignKey({ name: "user_usage_user_id_fkey", columns: [t.user_id], foreignColumns: [users.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** API keys are stored only as a SHA-256 of the key (keys are 256-bit random, so a fast hash suffices) plus a short visible prefix. */
export const apiKeys = pgTable("api_keys", {
  id: serial("id").primaryKey(),
  user_id: owner(),
  prefix: text("prefix").notNull(),
  key_hash: text("key_hash").notNull().unique(),
  created_at: timestamptz("created_at").notNull().defaultNow(),
  last_used_at: timestamptz("last_used_at"),
  revoked_at: timestamptz("revoked_at"),
});

export const currencies = pgTable("currencies", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  code: text("code").notNull().unique(),
  symbol: text("symbol").notNull(),
});

export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: text("id").primaryKey(),
    user_id: owner(),
    account_number: text("account_number").notNull(),
    account_name: text("account_name"),
    classification: text("classification").notNull().default("NULL"),
    status: text("status").notNull().default("NULL"),
    business_name: text("business_name"),
    reference: text("reference"),
    has_set_pin: boolean("has_set_pin").notNull().default(false),
    currency_id: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    balance_kobo: bigint("balance_kobo", { mode: "bigint" }).notNull().default(sql`0`),
    tracking_reference: text("tracking_reference").notNull(),
    version,
    ...timestamps,
  },
  (t) => [
    index("bank_accounts_user_idx").on(t.user_id),
    // Per user, not across the service, so another user's number neither blocks nor shows.
    uniqueIndex("bank_accounts_user_account_number_idx").on(t.user_id, t.account_number),
    // Keyset pages of one user's accounts, in list order.
    index("bank_accounts_user_created_idx").on(t.user_id, t.created_at, t.id),
    // A balance the wire's JSON number carries exactly (±2^53 − 1 kobo, about 90 trillion naira).
    check("bank_accounts_balance_exact", sql`${t.balance_kobo} between -9007199254740991 and 9007199254740991`),
  ],
);

/** What search matches of an item: its name and description folded, kept by PostgreSQL (migration 0030). */
const searchText = () => text("search_text").generatedAlwaysAs(sql`vault_search_text(name, description)`);

/** Search's trigram index (`gin_trgm_ops` on `search_text`, which drizzle cannot declare), led by the owner. */
const searchIndex = (name: string, t: { user_id: AnyPgColumn; search_text: AnyPgColumn }) =>
  index(name).using("gin", t.user_id, t.search_text);

export const tags = pgTable(
  "tags",
  {
    id: text("id").primaryKey(),
    user_id: owner(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("tags_user_name_idx").on(t.user_id, t.name)],
);

export const folders = pgTable(
  "folders",
  {
    id: text("id").primaryKey(),
    user_id: owner(),
    parent_id: text("parent_id").references((): AnyPgColumn => folders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    is_starred: boolean("is_starred").notNull().default(false),
    is_archived: boolean("is_archived").notNull().default(false),
    is_deleted: boolean("is_deleted").notNull().default(false),
    // What the visible subtree holds, kept by triggers (migration 0009): never written here.
    files_count: bigint("files_count", { mode: "number" }).notNull().default(0),
    folders_count: bigint("folders_count", { mode: "number" }).notNull().default(0),
    file_size: bigint("file_size", { mode: "number" }).notNull().default(0),
    search_text: searchText(),
    version,
    ...timestamps,
  },
  (t) => [
    searchIndex("folders_search_idx", t),
    index("folders_parent_created_idx").on(t.parent_id, t.created_at, t.id),
    index("folders_user_idx").on(t.user_id),
    // Keyset pages of one folder's children (or the top level), in list order.
    index("folders_user_parent_created_idx").on(t.user_id, t.parent_id, t.created_at, t.id),
    // Keyset pages of one user's starred folders (the favourites list), in list order.
    index("folders_user_starred_created_idx").on(t.user_id, t.created_at, t.id).where(sql`${t.is_starred}`),
  ],
);

/** Stored contents, named by SHA-256 under DATA_DIR/blobs; shared by every file with the same bytes. */
export const blobs = pgTable("blobs", {
  hash: text("hash").primaryKey(),
  size: bigint("size", { mode: "number" }).notNull(),
  mimetype: text("mimetype").notNull(),
  created_at: timestamptz("created_at").notNull().defaultNow(),
});

export const files = pgTable(
  "files",
  {
    id: text("id").primaryKey(),
    user_id: owner(),
    folder_id: text("folder_id").references(() => folders.id, { onDelete: "cascade" }),
    name: text("name"),
    description: text("description"),
    hash: text("hash").references(() => blobs.hash),
    // The blob's size (null without one), so that a file takes its size away from its folders' figures even when its blob row goes in the same statement.
    content_size: bigint("content_size", { mode: "number" }),
    extension: text("extension").notNull().default(""),
    is_starred: boolean("is_starred").notNull().default(false),
    is_archived: boolean("is_archived").notNull().default(false),
    is_deleted: boolean("is_deleted").notNull().default(false),
    // The current content's version id and when it became current (file_versions keeps the earlier ones).
    content_version_id: text("content_version_id").notNull().default(sql`gen_random_uuid()::text`),
    content_at: timestamptz("content_at").notNull().defaultNow(),
    // How many earlier contents file_versions keeps of it, so that a prune reads only the ones it deletes (migration 0020).
    version_count: integer("version_count").notNull().default(0),
    search_text: searchText(),
    version,
    ...timestamps,
  },
  (t) => [
    searchIndex("files_search_idx", t),
    index("files_folder_created_idx").on(t.folder_id, t.created_at, t.id),
    index("files_user_idx").on(t.user_id),
    // The blob sweep's probe: does another file name this blob (read in id order; migration 0013).
    index("files_hash_id_idx").on(t.hash, t.id),
    // Keyset pages of one folder's files (or the root's), in list order.
    index("files_user_folder_created_idx").on(t.user_id, t.folder_id, t.created_at, t.id),
  ],
);

/** A file's earlier contents, each made by the write that replaced it (the current one is the file's own). */
export const fileVersions = pgTable(
  "file_versions",
  {
    id: text("id").primaryKey(),
    file_id: text("file_id").notNull(),
    user_id: integer("user_id").notNull(),
    hash: text("hash").notNull(),
    // Its content's size, kept so that it takes its bytes from its owner's usage even when its blob row goes with it.
    size: bigint("size", { mode: "number" }).notNull(),
    created_at: timestamptz("created_at").notNull(),
  },
  // Named as PostgreSQL named the migration's inline references (the blob sweep's retry names the hash's).
  (t) => [
    foreignKey({ name: "file_versions_file_id_fkey", columns: [t.file_id], foreignColumns: [files.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ name: "file_versions_user_id_fkey", columns: [t.user_id], foreignColumns: [users.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ name: "file_versions_hash_fkey", columns: [t.hash], foreignColumns: [blobs.hash] }),
    index("file_versions_file_created_idx").on(t.file_id, t.created_at.desc(), t.id.desc()),
    index("file_versions_hash_id_idx").on(t.hash, t.id),
  ],
);

export const fileTags = pgTable(
  "file_tags",
  {
    file_id: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    tag_id: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.file_id, t.tag_id] })],
);

export const folderTags = pgTable(
  "folder_tags",
  {
    folder_id: text("folder_id")
      .notNull()
      .references(() => folders.id, { onDelete: "cascade" }),
    tag_id: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.folder_id, t.tag_id] })],
);

export const fileShares = pgTable(
  "file_shares",
  {
    id: text("id").primaryKey(),
    user_id: owner(),
    file_id: text("file_id").references(() => files.id, { onDelete: "set null" }),
    folder_id: text("folder_id").references(() => folders.id, { onDelete: "set null" }),
    access: text("access").notNull().default("private"),
    users: integer("users").array().notNull().default([]),
    emails: jsonb("emails"),
    /** scrypt$ln=17,r=8,p=1$<salt>$<hash> (or scrypt$<salt>$<hash>, N = 2^14, before), never the password. */
    password_hash: text("password_hash"),
    /**
     * What the link token of a share made before the root secret moved out of the database was
     * derived from; null once the first start with a key has sealed that token (secrets/legacy-secrets.ts).
     */
    link_nonce: text("link_nonce"),
    /** The link token sealed with the root secret's link key (AES-256-GCM, key id first), for its owner's reads. */
    link_sealed: text("link_sealed"),
    /** The SHA-256 (hex) of the link token, by which a link finds its share. */
    link_hash: text("link_hash").notNull(),
    /** When the link stops opening (410), or null for never. */
    expires_at: timestamptz("expires_at"),
    download_count: bigint("download_count", { mode: "number" }).notNull().default(0),
    last_accessed_at: timestamptz("last_accessed_at"),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("file_shares_link_hash_idx").on(t.link_hash),
    index("file_shares_users_idx").using("gin", t.users),
    index("file_shares_file_idx").on(t.file_id),
    index("file_shares_folder_idx").on(t.folder_id),
    index("file_shares_user_created_idx").on(t.user_id, t.created_at, t.id),
  ],
);

/** A file or folder in the bin. The item keeps its place (folder_id / parent_id) so a restore can put it back. */
export const bins = pgTable(
  "bins",
  {
    id: text("id").primaryKey(),
    user_id: owner(),
    file_id: text("file_id")
      .unique()
      .references(() => files.id, { onDelete: "cascade" }),
    folder_id: text("folder_id")
      .unique()
      .references(() => folders.id, { onDelete: "cascade" }),
    expires_at: timestamptz("expires_at").notNull(),
    ...timestamps,
  },
  (t) => [index("bins_user_created_idx").on(t.user_id, t.created_at, t.id)],
);

/**
 * The secrets the servers shared before the root secret moved out of the database
 * (`share_link`, `page_cursor`, `idempotency_fingerprint`): read once by the first start
 * with a key to seal the old link tokens, then emptied (secrets/legacy-secrets.ts).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
});

/** The root secret's check value: which key the database's sealed values and MACs are under (secrets/key-check.ts). */
export const rootKeyCheck = pgTable(
  "root_key_check",
  {
    id: smallint("id").primaryKey().default(1),
    key_id: text("key_id").notNull(),
    check_value: text("check_value").notNull(),
  },
  (t) => [check("root_key_check_one_row", sql`${t.id} = 1`)],
);

/**
 * The kept answers of POSTs sent with an `Idempotency-Key` (http/idempotency.ts), one per
 * user and key. A row without `status` is a request in flight, owned by `claim` until
 * `leased_until`; with it, the answer to replay until `expires_at`. The work's own
 * statement sets `status`, `recorded` and `committed_at` as it commits; `headers` and
 * `body` are the answer as sent, kept after the commit.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    user_id: owner(),
    key: text("key").notNull(),
    /** `<root key id>.<HMAC-SHA-256>` (key: the root secret's idempotency key; empty for one made under a key gone since, which any retry matches) of the request: method, path, body (and the uploaded file's SHA-256). */
    fingerprint: text("fingerprint").notNull(),
    /** Which request holds the key: a late answer of a request whose lease was taken over is not kept. */
    claim: text("claim").notNull(),
    leased_until: timestamptz("leased_until").notNull(),
    expires_at: timestamptz("expires_at").notNull(),
    status: integer("status"),
    /** The answer's headers that matter for a replay: Content-Type, ETag, Location. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    body: text("body"),
    /** What the work's statement wrote into its answer (the view row it presented), to rebuild an answer never kept. */
    recorded: jsonb("recorded"),
    /** When the work committed: the time its answer was presented at. */
    committed_at: timestamptz("committed_at"),
    created_at: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index("idempotency_keys_expires_idx").on(t.expires_at)],
);

/**
 * This database's identity towards its blob store (one row): the store keeps a marker
 * `databases/<database_id>` holding the last `generation` written, and the orphan sweep
 * runs only while this database's marker is the store's only one and not ahead of it
 * (domain/vault/store-binding.ts).
 */
export const blobStoreBinding = pgTable(
  "blob_store_binding",
  {
    id: smallint("id").primaryKey().default(1),
    database_id: uuid("database_id").notNull(),
    generation: bigint("generation", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("blob_store_binding_one_row", sql`${t.id} = 1`)],
);

/**
 * Resumable uploads (tus): the upload's length, the bytes stored durably (`received`,
 * in parts of the blob store's upload area starting at each of `parts`), its form (the
 * parsed `Upload-Metadata`), the file it made once complete, and the lease of the PATCH
 * writing it (`lock_claim` until `locked_until`).
 */
export const tusUploads = pgTable(
  "tus_uploads",
  {
    id: text("id").primaryKey(),
    user_id: owner(),
    length: bigint("length", { mode: "number" }).notNull(),
    received: bigint("received", { mode: "number" }).notNull().default(0),
    parts: bigint("parts", { mode: "number" }).array().notNull().default(sql`'{}'`),
    metadata: text("metadata"),
    form: jsonb("form").notNull(),
    file_id: text("file_id"),
    lock_claim: text("lock_claim"),
    locked_until: timestamptz("locked_until"),
    expires_at: timestamptz("expires_at").notNull(),
    created_at: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("tus_uploads_unfinished_idx").on(t.user_id).where(sql`${t.file_id} IS NULL`),
    index("tus_uploads_expires_idx").on(t.expires_at),
  ],
);

/**
 * The events (a transactional outbox, migration 0016): one per committed change, in the
 * change's own transaction. `data` is `{object, previous}`: the view rows the change's
 * answer was presented from, after it and (for an update) before it. `seq` only grows,
 * for a delivery worker's "events after N".
 */
export const events = pgTable(
  "events",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    id: text("id").notNull(),
    user_id: owner(),
    type: text("type").notNull(),
    object_id: text("object_id").notNull(),
    data: jsonb("data").$type<{ object: unknown; previous?: unknown }>().notNull(),
    created_at: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("events_id_idx").on(t.id),
    index("events_user_created_idx").on(t.user_id, t.created_at, t.id),
    index("events_user_object_created_idx").on(t.user_id, t.object_id, t.created_at, t.id),
    index("events_created_idx").on(t.created_at),
  ],
);

/** One attempt to deliver an event to an endpoint, as a delivery's `attempts` keep them (oldest first). */
export interface DeliveryAttempt {
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    user_id: owner(),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    description: text("description"),
    disabled: boolean("disabled").notNull().default(false),
    /** The signing secret sealed with the root secret's webhook key (secrets/key-ring.ts), as is the previous one. */
    secret: text("secret").notNull(),
    previous_secret: text("previous_secret"),
    previous_secret_until: timestamptz("previous_secret_until"),
    failing_since: timestamptz("failing_since"),
    /** Its tries that failed one after another since the last delivered one (the circuit breaker, deliveries.ts). */
    consecutive_failures: integer("consecutive_failures").notNull().default(0),
    /** Its tries that timed out one after another since its last answered one (the breaker's shorter timeout). */
    consecutive_timeouts: integer("consecutive_timeouts").notNull().default(0),
    /** Since when its due deliveries have waited on its share, and when a keep last saw them (deliveries.ts). */
    backlog_since: timestamptz("backlog_since"),
    backlog_seen_at: timestamptz("backlog_seen_at"),
    ...timestamps,
  },
  (t) => [index("webhook_endpoints_user_created_idx").on(t.user_id, t.created_at, t.id)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpoint_id: text("endpoint_id").notNull(),
    event_seq: bigint("event_seq", { mode: "number" }).notNull(),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    attempt_count: integer("attempt_count").notNull().default(0),
    attempts: jsonb("attempts").$type<DeliveryAttempt[]>().notNull().default([]),
    next_attempt_at: timestamptz("next_attempt_at").defaultNow(),
    leased_until: timestamptz("leased_until"),
    created_at: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "webhook_deliveries_endpoint_id_fk",
      columns: [t.endpoint_id],
      foreignColumns: [webhookEndpoints.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "webhook_deliveries_event_seq_fk",
      columns: [t.event_seq],
      foreignColumns: [events.seq],
    }).onDelete("cascade"),
    index("webhook_deliveries_due_idx").on(t.endpoint_id, t.next_attempt_at).where(sql`"status" = 'pending'`),
    index("webhook_deliveries_leased_idx").on(t.endpoint_id, t.leased_until).where(sql`"leased_until" IS NOT NULL`),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpoint_id, t.created_at, t.id),
    index("webhook_deliveries_event_idx").on(t.event_seq),
  ],
);
