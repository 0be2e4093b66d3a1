// Search over the caller's files and folders (GET /evault/v1/search/): their name and
// description as `search_text` keeps them folded (migration 0030), and their tags. Each
// word of the query must start a word there (LIKE '% word%'), be close to one (pg_trgm's
// `<%`, for words of 4 letters or more) or match one of the item's tags; the trigram
// index led by the owner finds the candidates, and they are ranked by tier (an exact
// name, every word a word's start, close ones) and within it by recency.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { namedStatement, runQuery, type Session, transactionAfter, value } from "../../data/prepared.js";
import type { ApiFile, ApiFolder } from "../contract.js";
import { notFound } from "../errors.js";
import {
  microsOf,
  type Page,
  type PageRequest,
  type RankedPosition,
  rankedAfter,
  rankedPageOf,
} from "../pagination.js";
import { goesOn } from "./placement.js";
import {
  type ContentLink,
  type FileRow,
  type FolderRow,
  itemViews,
  presentFile,
  presentFolder,
  rowsOf,
} from "./views.js";

/** The most words of a query that count: the rest are ignored. */
const MAX_WORDS = 10;

/** The shortest word that also matches words close to it (shorter ones share too few trigrams to tell). */
const SIMILAR_FROM = 4;

export interface SearchRequest {
  q: string;
  kind?: "file" | "folder";
  /** A type (`image/png`) or a type family (`image/*`). */
  contentType?: string;
  /** Tag names the item must all carry. */
  tags?: string[];
  /** A folder whose subtree holds the items. */
  folder?: string;
  modifiedAfter?: string;
  modifiedBefore?: string;
  inBin: boolean;
  shared?: boolean;
}

export type SearchHit =
  | { kind: "file"; item: ApiFile; path: string[] }
  | { kind: "folder"; item: ApiFolder; path: string[] };

/** A word of the query, folded as `search_text` is, and the ids of the caller's tags it matches. */
interface QueryWord {
  word: string;
  tag_ids: string[];
}

/** The query folded into words (at most `MAX_WORDS`) and its whole, as the database folds them. */
export interface FoldedQuery {
  /** The folded query with a space before each word, as a name is in `search_text`. */
  whole: string;
  words: QueryWord[];
}

const array = (values: unknown[]) => sql.param(values);

/**
 * Whether `text` matches `word`: by the start of one of its words, or (from
 * `SIMILAR_FROM` letters) by a word close to it. A word's start is always close (its
 * trigrams are the word's but the last: 4 of 5 at least), so for a long word closeness
 * alone says both, in one condition the trigram index answers: written as `LIKE … OR <%`,
 * PostgreSQL read every item of the caller instead (0.33 s against 5 ms at 100,000 items).
 */
const wordMatch = (text: SQL, word: string) =>
  word.length >= SIMILAR_FROM ? sql`${word} <% ${text}` : sql`${text} like ${`% ${word}%`}`;

/**
 * The query's words, each with the tags of `tagsOf` (a user) whose name it matches, in one round
 * trip: the database folds them, so that they are folded exactly as the items are.
 */
export async function foldQuery(db: Db, tagsOf: number | null, q: string): Promise<FoldedQuery> {
  const [row] = await foldStatement(db, { q, user: tagsOf });
  return { whole: row?.whole ?? "", words: row?.words ?? [] };
}

const foldStatement = namedStatement<{ whole: string; words: QueryWord[] | null }, { q: string; user: number | null }>(
  "search_fold",
  sql`select vault_words(${value("q")}::text) as whole, (
      select json_agg(json_build_object('word', w.word, 'tag_ids', array(
        select t.id from tags t where t.user_id = ${value("user")}::integer and (vault_words(t.name) like '% ' || w.word || '%'
          or (length(w.word) >= ${sql.raw(String(SIMILAR_FROM))} and w.word <% vault_words(t.name))))) order by w.at)
      from unnest((string_to_array(btrim(vault_words(${value("q")}::text)), ' '))[1:${sql.raw(String(MAX_WORDS))}])
        with ordinality w(word, at)
      where w.word <> '') as words`,
);

/**
 * SQL value: how well `text` (a `search_text`) matches the query: 0 when the name equals
 * it, 1 when every word starts a word, else 2.
 */
export const tierOf = (text: SQL, query: FoldedQuery) =>
  sql`case when ${text} like ${`${query.whole} |%`} then 0
    when ${sql.join(
      query.words.map(({ word }) => sql`${text} like ${`% ${word}%`}`),
      sql` and `,
    )} then 1
    else 2 end`;

/** SQL condition: every word of the query matches `text` (a `search_text`), by a word's start or closeness. */
export const matchesText = (text: SQL, query: FoldedQuery) =>
  sql.join(
    query.words.map(({ word }) => wordMatch(text, word)),
    sql` and `,
  );

/**
 * SQL condition on an item `f` of `kind` with its `search_text`: every word matches its
 * text or one of its tags (`prefixOnly`: by a word's start or a tag only).
 */
function matchesEvery(kind: "file" | "folder", words: QueryWord[], prefixOnly = false): SQL {
  const each = words.map(({ word, tag_ids }) => {
    const text = prefixOnly ? sql`f.search_text like ${`% ${word}%`}` : wordMatch(sql`f.search_text`, word);
    if (tag_ids.length === 0) return text;
    return sql`(${text} or f.id = any(array(select l.${sql.raw(`${kind}_id`)} from ${sql.raw(`${kind}_tags`)} l
      where l.tag_id = any(${array(tag_ids)}::text[]))))`;
  });
  return each.length === 0 ? sql`false` : sql.join(each, sql` and `);
}

interface HitRow {
  kind: "file" | "folder";
  id: string;
  parent: string | null;
  tier: number;
  score: number;
  page_micros: string;
}

/**
 * The two bands a search reads in turn, each through the trigram index: `best`, the
 * items where every word starts a word (or names a tag), tier 0 for an exact name and 1
 * for the rest; then, when a page is not full, `close`, the items every word is close
 * to that are not in `best` (tier 2, scored by similarity). Apart, because a condition
 * that joins both (`LIKE … OR <%`) made PostgreSQL read every item of the caller, and
 * because `<%` costs a similarity per candidate that the best band does not need.
 */
type Band = "best" | "close";

/** The filters of the request on an item `f` of `kind` (its `parent` column), beside the words. */
function filtersOf(kind: "file" | "folder", parent: SQL, userId: number, request: SearchRequest): SQL[] {
  const filters: SQL[] = [sql`f.user_id = ${userId}`];
  const inBin = sql`(f.is_deleted or coalesce(${parent} in (select id from binned), false))`;
  filters.push(request.inBin ? inBin : sql`not ${inBin}`);
  if (request.folder !== undefined) filters.push(sql`coalesce(${parent} in (select id from subtree), false)`);
  if (request.modifiedAfter !== undefined) filters.push(sql`f.updated_at > ${request.modifiedAfter}::timestamptz`);
  if (request.modifiedBefore !== undefined) filters.push(sql`f.updated_at < ${request.modifiedBefore}::timestamptz`);
  if (request.shared !== undefined) {
    const shares = sql`exists (select 1 from file_shares s where s.${sql.raw(`${kind}_id`)} = f.id)`;
    filters.push(request.shared ? shares : sql`not ${shares}`);
  }
  if (request.contentType !== undefined) {
    const [family, subtype] = request.contentType.split("/");
    const pattern = subtype === "*" ? `${family}/%` : request.contentType;
    filters.push(
      sql`exists (select 1 from blobs b where b.hash = f.hash and b.mimetype like ${pattern.replaceAll("_", "\\_")})`,
    );
  }
  for (const tag of request.tags ?? []) {
    filters.push(sql`exists (select 1 from ${sql.raw(`${kind}_tags`)} l join tags t on t.id = l.tag_id
      where l.${sql.raw(`${kind}_id`)} = f.id and t.name = ${tag})`);
  }
  return filters;
}

/** One band's hits of one kind of item (`f`, a row of `files` or `folders`), ranked, after `start`. */
function bandQuery(
  band: Band,
  kind: "file" | "folder",
  userId: number,
  query: FoldedQuery,
  request: SearchRequest,
  limit: number,
  start: RankedPosition | undefined,
) {
  const table = sql.raw(kind === "file" ? "files" : "folders");
  const parent = sql.raw(kind === "file" ? "f.folder_id" : "f.parent_id");
  const wordStarts = matchesEvery(kind, query.words, true);
  const filters = filtersOf(kind, parent, userId, request);
  let tier: SQL;
  let score: SQL;
  if (band === "best") {
    filters.push(wordStarts);
    const exactName =
      kind === "file"
        ? sql`(f.search_text like ${`${query.whole} |%`} or f.search_text like ${query.whole} || ' ' || lower(f.extension) || ' |%')`
        : sql`f.search_text like ${`${query.whole} |%`}`;
    tier = sql`case when ${exactName} then 0 else 1 end`;
    score = sql`0`;
  } else {
    filters.push(matchesEvery(kind, query.words), sql`not (${wordStarts})`);
    const similarity = sql.join(
      query.words.map(({ word }) => sql`word_similarity(${word}, f.search_text)`),
      sql` + `,
    );
    tier = sql`2`;
    score = sql`round(1000 * (${similarity}) / ${query.words.length})::integer`;
  }
  return sql`(select ${kind}::text as kind, h.id, h.parent, h.tier, h.score, h.page_micros, h.updated_at from (
      select f.id, ${parent} as parent, f.updated_at, ${microsOf(sql`f.updated_at`)} as page_micros,
        ${tier} as tier, ${score} as score
      from ${table} f where ${sql.join(filters, sql` and `)}) h
    where ${rankedAfter(start, sql`h.updated_at`)} order by h.tier, h.score desc, h.updated_at desc, h.id desc limit ${limit})`;
}

/**
 * The caller's binned folders and everything below them (`binned`), and with `folder`
 * that folder's subtree (`subtree`): the relations the filters read.
 */
const relations = (userId: number, folder: string | undefined) =>
  sql`with recursive binned as (
      select b.folder_id as id, 1 as level from bins b where b.user_id = ${userId} and b.folder_id is not null
      union all
      select c.id, p.level + 1 from binned p join folders c on c.parent_id = p.id where ${goesOn(sql`p.level`)}
    )${
      folder === undefined
        ? sql``
        : sql`, subtree as (
      select s.id, 1 as level from folders s where s.id = ${folder} and s.user_id = ${userId}
      union all
      select c.id, p.level + 1 from subtree p join folders c on c.parent_id = p.id where ${goesOn(sql`p.level`)}
    )`
    }`;

/**
 * Runs the bands' statements in one transaction that plans them without plain index
 * scans. PostgreSQL costs a walk of the owner's btree (`files_user_idx`) by how its rows
 * lie on disk, and where a user's rows were written together it took that walk,
 * filtering every item of the caller, over the trigram index: 116 ms against 14 for a
 * word matching 800 of 100,000 items. Bitmap scans stay allowed, so the trigram index
 * (and a tag's ids by primary key) are what it can read; the setting ends with the
 * transaction, in the round trip of its BEGIN.
 */
const throughTheSearchIndex = <T>(db: Db, work: (session: Session) => Promise<T>) =>
  transactionAfter(db, "set local enable_indexscan = off", work);

type ViewRow = { kind: "file" | "folder"; file_view: FileRow | null; folder_view: FolderRow | null; path: string[] };

/** Hits' views and paths (see `hitViews`): prepared, as its plan cost more than its run (4.4 ms against 2.3). */
const hitViewsStatement = namedStatement<
  ViewRow,
  { user: number; kinds: string[]; ids: string[]; parents: (string | null)[] }
>(
  "search_hit_views",
  sql`select h.kind, file_view.row as file_view, folder_view.row as folder_view, array(
      with recursive up as (
        select p.id, p.parent_id, p.name, 1 as level from folders p where p.id = h.parent
        union all
        select p.id, p.parent_id, p.name, up.level + 1 from up join folders p on p.id = up.parent_id
        where ${goesOn(sql`up.level`)}
      ) select name from up order by level desc) as path
    from unnest(${value("kinds")}::text[], ${value("ids")}::text[], ${value("parents")}::text[])
      with ordinality h(kind, id, parent, at)
    ${itemViews({
      owner: sql`${value("user")}::integer`,
      fileId: sql`case when h.kind = 'file' then h.id end`,
      folderId: sql`case when h.kind = 'folder' then h.id end`,
    })}
    order by h.at`,
);

/** Each hit's File or Folder view and the names of the folders above it, in the hits' order. */
async function hitViews(db: Db, userId: number, hits: HitRow[], contentLink: ContentLink): Promise<SearchHit[]> {
  if (hits.length === 0) return [];
  const found = await hitViewsStatement(db, {
    user: userId,
    kinds: hits.map((h) => h.kind),
    ids: hits.map((h) => h.id),
    parents: hits.map((h) => h.parent),
  });
  return found.flatMap((row): SearchHit[] => {
    if (row.kind === "file" && row.file_view) {
      return [{ kind: "file", item: presentFile(row.file_view, contentLink).file, path: row.path }];
    }
    if (row.kind === "folder" && row.folder_view) {
      return [{ kind: "folder", item: presentFolder(row.folder_view).folder, path: row.path }];
    }
    return [];
  });
}

/**
 * One page of the caller's files and folders that match `request.q` and its filters,
 * best first (see the module's comment). A `folder` that is not the caller's answers 404.
 */
export async function search(
  db: Db,
  userId: number,
  request: SearchRequest,
  page: PageRequest,
  contentLink: ContentLink,
): Promise<Page<SearchHit>> {
  const scope = { userId, list: `search:${JSON.stringify(request)}` };
  const found = await rankedPageOf(scope, page, async (start, limit) => {
    if (request.folder !== undefined) {
      const [owned] = await rowsOf<{ id: string }>(
        db,
        sql`select id from folders where id = ${request.folder} and user_id = ${userId}`,
      );
      if (!owned) throw notFound("folder");
    }
    const query = await foldQuery(db, userId, request.q);
    return query.words.length === 0 ? [] : readBands(db, userId, request, query, start, limit);
  });
  return { items: await hitViews(db, userId, found.items, contentLink), next: found.next };
}

/** The hits from `start` on, at most `limit`: the best band's, then (while there is room) the close band's. */
function readBands(
  db: Db,
  userId: number,
  request: SearchRequest,
  query: FoldedQuery,
  start: RankedPosition | undefined,
  limit: number,
): Promise<HitRow[]> {
  const kinds = (["file", "folder"] as const).filter(
    (kind) => (request.kind ?? kind) === kind && !(kind === "folder" && request.contentType !== undefined),
  );
  // Folders asked for by a content type, which no folder has: nothing to read.
  if (kinds.length === 0) return Promise.resolve([]);
  return throughTheSearchIndex(db, async (session) => {
    const hits: HitRow[] = [];
    for (const band of ["best", "close"] as const) {
      const tiers = band === "best" ? [0, 1] : [2];
      // A cursor inside the close band skips the best one; one inside the best band starts the close one afresh.
      if (start && start[0] > Math.max(...tiers)) continue;
      if (hits.length >= limit) break;
      const from = start && tiers.includes(start[0]) ? start : undefined;
      const rest = limit - hits.length;
      const statement = sql`${relations(userId, request.folder)}
        select * from (${sql.join(
          kinds.map((kind) => bandQuery(band, kind, userId, query, request, rest, from)),
          sql` union all `,
        )}) h order by h.tier, h.score desc, h.updated_at desc, h.id desc limit ${rest}`;
      hits.push(...(await runQuery<HitRow>(session, statement)));
    }
    return hits;
  });
}
