import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { type ClaimedKey, claimedKeyValues, recordedAnswerOf } from "../../data/idempotency-keys.js";
import { namedStatement, value } from "../../data/prepared.js";
import { type EventType, recordedEvent } from "../../data/recorded-events.js";
import { fileShares, type users } from "../../data/schema.js";
import {
  type ApiFileShare,
  type ApiFileShareEventObject,
  type FileShareCreate,
  type FileShareUpdate,
  iso,
  type Versioned,
  type Write,
} from "../contract.js";
import { DomainError, isExpected, notFound, staleVersion, unprocessable } from "../errors.js";
import { type Keyset, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { hashPassword } from "../passwords.js";
import { knownTo, presentUser } from "../users.js";
import { linkToken, newLink } from "./link-tokens.js";
import { visibleFile, visibleFolder } from "./placement.js";
import {
  type ContentLink,
  type FileRow,
  type FolderRow,
  itemViews,
  presentFile,
  presentFolderDetail,
} from "./views.js";

type ShareRow = typeof fileShares.$inferSelect;

/** The absolute URLs a share's answer holds: its file's content, and its link (from the token). */
export interface ShareUrls {
  content: ContentLink;
  link: (token: string) => string;
}

/** A user row read as JSON inside a query: its timestamps arrive as strings. */
type UserJson = Omit<typeof users.$inferSelect, "created_at" | "updated_at"> & {
  created_at: string;
  updated_at: string;
};

/** A share with everything its view shows, as `shareViewQuery` reads it. */
type ShareViewRow = Omit<
  ShareRow,
  "created_at" | "updated_at" | "expires_at" | "last_accessed_at" | "download_count"
> & {
  created_at: Date | string;
  updated_at: Date | string;
  expires_at: Date | string | null;
  last_accessed_at: Date | string | null;
  /** A bigint: a string from the driver, a number from a recorded JSON row. */
  download_count: number | string;
  linked_users: UserJson[] | null;
  file_view: FileRow | null;
  folder_view: FolderRow | null;
};

/** Which item a statement's shares name, when it knows: the other kind's view stays out of its plan. */
type ItemKind = "file" | "folder";

/**
 * Every share of `shares` (a relation of `file_shares` rows) with its view's parts: the
 * linked users its owner knows, and the shared file or folder as its owner sees it
 * (only the `only` kind's, when given). `allShares` are the shares the items' `access`
 * comes from (a statement that writes a share passes the table with the written row in
 * place of the stored one).
 */
const shareViewQuery = (shares: SQL, allShares?: SQL, only?: ItemKind) =>
  sql`select fs.*, linked.users as linked_users, file_view.row as file_view, folder_view.row as folder_view
    from ${shares} fs
    left join lateral (select json_agg(u) as users from users u
      where u.id = any(array[fs.user_id] || fs.users) and ${knownTo(sql`fs.user_id`, sql`u.id`)}) linked on true
    ${itemViews({ owner: sql`fs.user_id`, fileId: sql`fs.file_id`, folderId: sql`fs.folder_id`, shares: allShares, children: true, only })}`;

/**
 * Whether each share presented lately is of a folder, by id (at most `KNOWN_KINDS`, the
 * oldest forgotten first): a PATCH that names no item runs the statement of the share's
 * kind. A share not in here takes the statement for either kind; one whose kind another
 * server process changed, one more round trip (the statement's WHERE holds the kind).
 */
const sharesOfFolders = new Map<string, boolean>();
const KNOWN_KINDS = 10_000;

function rememberKind(id: string, ofFolder: boolean) {
  sharesOfFolders.delete(id);
  sharesOfFolders.set(id, ofFolder);
  if (sharesOfFolders.size > KNOWN_KINDS) sharesOfFolders.delete(sharesOfFolders.keys().next().value as string);
}

const date = (value: Date | string) => iso(new Date(value));
const dateOrNull = (value: Date | string | null) => (value === null ? null : date(value));

/** A share view row as an event records it: without its link (see `withoutLink`). */
type RecordedShareRow = Omit<ShareViewRow, "link_nonce" | "link_hash" | "link_sealed">;

/**
 * The share as its owner sees it, but for its link: an event's `object`. `users_detail`
 * leaves out linked users who no longer share with the owner.
 */
function presentShareWithoutLink(share: RecordedShareRow, urls: ShareUrls): ApiFileShareEventObject {
  const contentLink = urls.content;
  const linked = new Map(
    (share.linked_users ?? []).map((u) => [
      u.id,
      { ...u, created_at: new Date(u.created_at), updated_at: new Date(u.updated_at) },
    ]),
  );
  const owner = linked.get(share.user_id);
  if (!owner) throw notFound("user");
  rememberKind(share.id, share.folder_id !== null);
  return {
    id: share.id,
    user: presentUser(owner),
    file_type: share.file_id ? "file" : share.folder_id ? "folder" : "none",
    file_detail: share.file_view ? presentFile(share.file_view, contentLink).file : null,
    folder_detail: share.folder_view ? presentFolderDetail(share.folder_view) : null,
    users_detail: share.users.flatMap((userId) => {
      const user = linked.get(userId);
      return user ? [presentUser(user)] : [];
    }),
    has_password: share.password_hash !== null,
    download_count: Number(share.download_count),
    last_accessed_at: dateOrNull(share.last_accessed_at),
    created_at: date(share.created_at),
    updated_at: date(share.updated_at),
    file: share.file_id,
    folder: share.folder_id,
    access: share.access as ApiFileShare["access"],
    users: share.users,
    // Stored only after request validation against the same contract type.
    emails: share.emails as ApiFileShare["emails"],
    expires_at: dateOrNull(share.expires_at),
  };
}

/** The share as its owner sees it, its link opened from the share's sealed token. */
function presentFileShare(share: ShareViewRow, urls: ShareUrls): ApiFileShare {
  return { ...presentShareWithoutLink(share, urls), link: urls.link(linkToken(share.id, share.link_sealed as string)) };
}

/** A share as an event recorded it, as the event's `object` (no link, whatever an older row holds). */
export const recordedShareEvent = (recorded: unknown, urls: ShareUrls): ApiFileShareEventObject =>
  presentShareWithoutLink(recorded as RecordedShareRow, urls);

const user = value("user");

/** A share view row of `w` as jsonb for a record, its password hash left out (`has_password` asks only whether there is one). */
const withoutHash = (w: SQL) => sql`jsonb_set(to_jsonb(${w}), '{password_hash}',
  case when ${w}.password_hash is null then 'null' else '"kept out of the record"' end::jsonb)`;

/**
 * The share's row before an update, locked: the update joins it, so it is read first
 * and is the latest (a concurrent writer's committed change included).
 */
const previousShare = sql`previous as (select * from file_shares s where s.id = ${value("id")} and s.user_id = ${user} for update)`;

/**
 * A share view row of `w` as an event records it: without its password hash, and without
 * anything of its link (the sealed token, its hash, an older row's nonce), since an event
 * is kept for days and sent to webhook receivers.
 */
const withoutLink = (w: SQL) => sql`(${withoutHash(w)} - 'link_nonce' - 'link_hash' - 'link_sealed')`;

/** The event of a share statement that wrote (`written`), and for an update the share's view before it (`previousShare`). */
const shareEvent = (type: EventType, { previousOf }: { previousOf?: ItemKind | "either" } = {}) =>
  recordedEvent(type, {
    user,
    object: withoutLink(sql`w`),
    previous:
      previousOf &&
      sql`(select ${withoutLink(sql`v`)} from (${shareViewQuery(sql`previous`, undefined, previousOf === "either" ? undefined : previousOf)}) v)`,
    from: sql`written w`,
  });

/**
 * The checks of a share's `file`, `folder` and `users` placeholders, as columns of
 * `checks`: the items must be the caller's and visible (`file_visible`,
 * `folder_visible`; true when not given), `known_users` those of `users` the caller
 * knows (see `knownTo`). `linkable` holds when every check passes. `item` is the one
 * placeholder of `file` and `folder` that may be given (the other is taken as not
 * given), or none.
 */
const shareChecks = (item: ItemKind | undefined) => sql`
  known as (select u.id from users u where u.id = any(${value("users")}::integer[]) and ${knownTo(user, sql`u.id`)}),
  checks as (
    select ${item === "file" ? sql`(${value("file")}::text is null or ${visibleFile(user, sql`${value("file")}::text`)})` : sql`true`} as file_visible,
      ${item === "folder" ? sql`(${value("folder")}::text is null or ${visibleFolder(user, sql`${value("folder")}::text`)})` : sql`true`} as folder_visible,
      array(select id from known) as known_users
  )`;
const linkable = sql`c.file_visible and c.folder_visible and cardinality(c.known_users) = cardinality(${value("users")}::integer[])`;

interface CheckedValues {
  user: number;
  file: string | null;
  folder: string | null;
  users: number[];
}

interface Checks {
  file_visible: boolean;
  folder_visible: boolean;
  known_users: number[];
}

/** The refusal of a share's items or users, if any, in the order the rules are checked. */
function refusal(checks: Checks, users: number[] | undefined) {
  if (!checks.file_visible) return notOwned("file");
  if (!checks.folder_visible) return notOwned("folder");
  const known = new Set(checks.known_users);
  const refused = (users ?? []).findIndex((userId) => !known.has(userId));
  // The refusal reads the same whether the id names no user or a stranger, so walking ids tells nothing about who exists.
  return refused >= 0 ? unknownUser(refused) : undefined;
}

const unknownUser = (index: number) =>
  new DomainError("unprocessable", "Every id in users must name you or a user who shares with you.", [
    { field: `users/${index}`, message: "names no user who shares with you", code: "unknown_user" },
  ]);

/** The largest id a user can have (the column is an integer); v2's ids are digits, which may say more. */
const LARGEST_USER_ID = 2 ** 31 - 1;

/** An id past any user's names no user: refused as one before the statement, which could not even cast it. */
function refuseIdsPastAnyUser(users: number[] | undefined): void {
  const past = (users ?? []).findIndex((id) => id > LARGEST_USER_ID);
  if (past >= 0) throw unknownUser(past);
}

const notOwned = (kind: "file" | "folder") =>
  unprocessable(kind, `no ${kind} with this id belongs to you (or it is in the bin)`);

const bothItems = () =>
  unprocessable("folder", "a share points at one item: give file or folder, not both", "one_item");

type ShareOutcome = Checks & {
  current_version: number | null;
  current_of_folder: boolean | null;
} & Partial<ShareViewRow>;

/**
 * The share PATCH in one statement: the checks, the update (its WHERE holds the owner
 * and the `If-Match` version, which PostgreSQL re-checks on the latest row when a
 * concurrent writer got there first) and the view of the share as written. One
 * statement per `item` the input names (`named`: only its check and its kind's view),
 * or, for an input that names none, per kind of the share (`kept`: its WHERE holds the
 * kind, which a PATCH that names no item cannot change) or for either kind: every
 * check and view a statement leaves out is a part of its plan PostgreSQL does not set
 * up on each execution.
 */
const updateShareStatement = (item: { named: ItemKind } | { kept: ItemKind } | undefined) => {
  const kind = item && ("named" in item ? item.named : item.kept);
  return namedStatement<ShareOutcome, CheckedValues & Record<string, unknown>>(
    `update_file_share${item ? `_${"named" in item ? "to" : "of"}_${kind}` : ""}`,
    sql`with
    current as (select s.version, s.folder_id is not null as of_folder from file_shares s where s.id = ${value("id")} and s.user_id = ${user}),
    ${shareChecks(item && "named" in item ? item.named : undefined)},
    ${previousShare},
    target as (
      update file_shares s set
        file_id = case when ${value("set_file")}::boolean then ${value("file_id")}::text else s.file_id end,
        folder_id = case when ${value("set_folder")}::boolean then ${value("folder_id")}::text else s.folder_id end,
        access = coalesce(${value("access")}::text, s.access),
        users = case when ${value("set_users")}::boolean then ${value("users")}::integer[] else s.users end,
        emails = case when ${value("set_emails")}::boolean then ${value("emails")}::jsonb else s.emails end,
        password_hash = coalesce(${value("password_hash")}::text, s.password_hash),
        expires_at = case when ${value("set_expires")}::boolean then ${value("expires_at")}::timestamptz else s.expires_at end,
        version = s.version + 1, updated_at = now()
      from checks c, previous p
      where s.id = p.id and not ${value("both")}::boolean
        and (${value("versions")}::integer[] is null or s.version = any(${value("versions")}::integer[])) and ${linkable}
        ${item && "kept" in item ? sql`and s.folder_id is ${sql.raw(item.kept === "folder" ? "not null" : "null")}` : sql``}
      returning s.*
    ),
    written as (${shareViewQuery(sql`target`, sql`(select * from file_shares where id <> ${value("id")} union all select * from target)`, kind)}),
    ${shareEvent("file_share.updated", { previousOf: item && "kept" in item ? item.kept : "either" })}
  select c.*, (select version from current) as current_version, (select of_folder from current) as current_of_folder, w.*
  from checks c left join written w on true`,
  );
};

const updateShareStatements = {
  toFile: updateShareStatement({ named: "file" }),
  toFolder: updateShareStatement({ named: "folder" }),
  ofFile: updateShareStatement({ kept: "file" }),
  ofFolder: updateShareStatement({ kept: "folder" }),
  ofEither: updateShareStatement(undefined),
};

/**
 * Partial update: only the given fields change. `file`/`folder` must be the caller's
 * items outside the bin, `users` the caller or users who share with the caller (see
 * `knownTo`); a share points at one item.
 */
export async function updateFileShare(
  db: Db,
  { userId, id, input, expectedVersions }: Write<FileShareUpdate>,
  urls: ShareUrls,
): Promise<Versioned<ApiFileShare>> {
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password, userId);
  // A file given moves the share off its folder, and a folder off its file.
  let fileId = input.file;
  let folderId = input.folder;
  if (input.file != null && folderId === undefined) folderId = null;
  if (input.folder != null && fileId === undefined) fileId = null;
  refuseIdsPastAnyUser(input.users);
  const values = {
    id,
    user: userId,
    versions: expectedVersions ?? null,
    both: input.file != null && input.folder != null,
    file: input.file ?? null,
    folder: input.folder ?? null,
    set_file: fileId !== undefined,
    file_id: fileId ?? null,
    set_folder: folderId !== undefined,
    folder_id: folderId ?? null,
    access: input.access ?? null,
    set_users: input.users !== undefined,
    users: [...new Set(input.users ?? [])],
    set_emails: "emails" in input,
    emails: input.emails == null ? null : JSON.stringify(input.emails),
    password_hash: passwordHash,
    set_expires: input.expires_at !== undefined,
    expires_at: input.expires_at ?? null,
  };
  let ofFolder = sharesOfFolders.get(id);
  for (;;) {
    const statement =
      input.file != null
        ? updateShareStatements.toFile
        : input.folder != null
          ? updateShareStatements.toFolder
          : ofFolder === undefined
            ? updateShareStatements.ofEither
            : ofFolder
              ? updateShareStatements.ofFolder
              : updateShareStatements.ofFile;
    const [outcome] = (await statement(db, values)) as [ShareOutcome];
    if (outcome.id) {
      return { resource: presentFileShare(outcome as ShareViewRow, urls), version: outcome.version as number };
    }
    if (outcome.current_version === null) throw notFound("file share");
    if (!isExpected(expectedVersions, outcome.current_version)) throw staleVersion();
    if (values.both) throw bothItems();
    const refused = refusal(outcome, input.users);
    if (refused) throw refused;
    // Nothing stands in the way any more: the share is of the other kind, or a
    // concurrent writer changed it in between.
    ofFolder = outcome.current_of_folder ?? undefined;
  }
}

/** The share as `written` holds it, for the request's key: `has_password` asks only whether there is a hash. */
const recordedView = sql`(select ${withoutHash(sql`w`)} from written w)`;

/**
 * A new share of a `kind` item in one statement: the checks, the insert, its view, and
 * the request's key marked committed with that view (its password hash left out).
 */
const createShareStatement = (kind: ItemKind) =>
  namedStatement<Checks & Partial<ShareViewRow>, CheckedValues & Record<string, unknown>>(
    `create_file_share_of_${kind}`,
    sql`with
    ${shareChecks(kind)},
    target as (
      insert into file_shares (id, user_id, file_id, folder_id, access, users, emails, password_hash,
        link_sealed, link_hash, expires_at)
      select ${value("id")}, ${user}, ${value("file")}::text, ${value("folder")}::text, ${value("access")}::text,
        ${value("users")}::integer[], ${value("emails")}::jsonb, ${value("password_hash")}::text,
        ${value("link_sealed")}::text, ${value("link_hash")}::text, ${value("expires_at")}::timestamptz
      from checks c where ${linkable}
      returning *
    ),
    written as (${shareViewQuery(sql`target`, sql`(select * from file_shares union all select * from target)`, kind)}),
    ${recordedAnswerOf({
      user,
      status: 201,
      answer: recordedView,
      done: sql`exists (select 1 from target)`,
    })},
    ${shareEvent("file_share.created")}
  select c.*, w.* from checks c left join written w on true`,
  );

const createShareStatements = { file: createShareStatement("file"), folder: createShareStatement("folder") };

/** The created share as the create statement recorded it. */
export const recordedFileShare = (recorded: unknown, urls: ShareUrls) => {
  const share = recorded as ShareViewRow;
  return { resource: presentFileShare(share, urls), version: share.version };
};

/**
 * A new share of one of the caller's visible files or folders (exactly one of them),
 * with the update's rules for `users` and `password`.
 */
export async function createFileShare(
  db: Db,
  userId: number,
  input: FileShareCreate,
  urls: ShareUrls,
  claimed?: ClaimedKey,
): Promise<Versioned<ApiFileShare>> {
  if (input.file != null && input.folder != null) throw bothItems();
  if (input.file == null && input.folder == null) {
    throw unprocessable("file", "a share points at one item: give file or folder", "one_item");
  }
  refuseIdsPastAnyUser(input.users);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password, userId);
  const id = randomUUID();
  const [outcome] = (await createShareStatements[input.file != null ? "file" : "folder"](db, {
    ...claimedKeyValues(claimed),
    id,
    user: userId,
    file: input.file ?? null,
    folder: input.folder ?? null,
    access: input.access ?? "private",
    users: [...new Set(input.users ?? [])],
    emails: input.emails == null ? null : JSON.stringify(input.emails),
    password_hash: passwordHash,
    ...newLink(id),
    expires_at: input.expires_at ?? null,
  })) as [Checks & Partial<ShareViewRow>];
  if (!outcome.id) throw refusal(outcome, input.users) ?? notFound("file share");
  return { resource: presentFileShare(outcome as ShareViewRow, urls), version: outcome.version as number };
}

async function viewRows(tx: Tx, query: SQL): Promise<ShareViewRow[]> {
  return ((await tx.execute(query)) as unknown as { rows: ShareViewRow[] }).rows;
}

/** One of the caller's shares, with its version. */
export async function getFileShare(
  db: Db,
  userId: number,
  id: string,
  urls: ShareUrls,
): Promise<Versioned<ApiFileShare>> {
  const [share] = await viewRows(
    db,
    shareViewQuery(sql`(select * from file_shares where id = ${id} and user_id = ${userId})`),
  );
  if (!share) throw notFound("file share");
  return { resource: presentFileShare(share, urls), version: share.version };
}

const KEYSET: Keyset = { createdAt: fileShares.created_at, id: fileShares.id };

/** A page of the caller's shares, oldest first. */
export async function listFileShares(
  db: Db,
  userId: number,
  page: PageRequest,
  urls: ShareUrls,
): Promise<Page<ApiFileShare>> {
  const found = await pageOf(
    { userId, list: "file_shares" },
    page,
    KEYSET,
    (after, limit) =>
      viewRows(
        db,
        sql`${shareViewQuery(sql`(select *, ${positionOf(KEYSET).sql} as page_micros from file_shares
          where user_id = ${userId} and ${after} order by created_at, id limit ${limit})`)}
        order by fs.created_at, fs.id`,
      ) as Promise<(ShareViewRow & { page_micros: string })[]>,
  );
  return { items: found.items.map((share) => presentFileShare(share, urls)), next: found.next };
}

/** The revoke in one statement: the share deleted, and its event with its view as it was. */
const deleteShareStatement = namedStatement<{ id: string }, { id: string; user: number }>(
  "delete_file_share",
  sql`with
    gone as (delete from file_shares s where s.id = ${value("id")} and s.user_id = ${user} returning s.*),
    written as (${shareViewQuery(sql`gone`)}),
    ${shareEvent("file_share.revoked")}
  select id from gone`,
);

/** Revokes one of the caller's shares: the share goes, the shared item stays. */
export async function deleteFileShare(db: Db, userId: number, id: string): Promise<void> {
  const gone = await deleteShareStatement(db, { id, user: userId });
  if (gone.length === 0) throw notFound("file share");
}

/**
 * A new link token for one of the caller's shares, in one statement: the sealed token and
 * hash replaced (the old token finds nothing from the commit on), the version bumped,
 * the share's view, and the request's key marked committed with it.
 */
const replaceLinkStatement = namedStatement<ShareViewRow, Record<string, unknown>>(
  "replace_file_share_link",
  sql`with
    ${previousShare},
    target as (
      update file_shares s set link_sealed = ${value("link_sealed")}::text, link_nonce = null, link_hash = ${value("link_hash")}::text,
        version = s.version + 1, updated_at = now()
      from previous p
      where s.id = p.id
      returning s.*
    ),
    written as (${shareViewQuery(sql`target`, sql`(select * from file_shares where id <> ${value("id")} union all select * from target)`)}),
    ${recordedAnswerOf({
      user,
      status: 200,
      answer: recordedView,
      done: sql`exists (select 1 from target)`,
    })},
    ${shareEvent("file_share.updated", { previousOf: "either" })}
  select * from written`,
);

/** Replaces the link of one of the caller's shares: the old one stops opening at once. */
export async function replaceFileShareLink(
  db: Db,
  userId: number,
  id: string,
  urls: ShareUrls,
  claimed?: ClaimedKey,
): Promise<Versioned<ApiFileShare>> {
  const [share] = (await replaceLinkStatement(db, {
    ...claimedKeyValues(claimed),
    id,
    user: userId,
    ...newLink(id),
  })) as ShareViewRow[];
  if (!share) throw notFound("file share");
  return { resource: presentFileShare(share, urls), version: share.version };
}
