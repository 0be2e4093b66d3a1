// The folders' kept figures (files_count, folders_count, file_size: kept by the
// triggers of migration 0009) against a recount from scratch: what the repair command
// reports and fixes, and what the tests compare with.
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";

const FIGURES = ["files_count", "folders_count", "file_size"] as const;
type Figure = (typeof FIGURES)[number];
type Figures = Record<Figure, number>;

/** A folder whose kept figures differ from a recount. */
export interface FigureDifference {
  id: string;
  kept: Figures;
  counted: Figures;
}

type DifferenceRow = { id: string } & Record<Figure | `counted_${Figure}`, string | number>;

/** Every folder whose figures differ from `folder_figures_recount()`, with both. */
const differing = sql`select f.id, f.files_count, f.folders_count, f.file_size,
    r.files_count as counted_files_count, r.folders_count as counted_folders_count, r.file_size as counted_file_size
    from folders f join folder_figures_recount() r on r.id = f.id
    where (f.files_count, f.folders_count, f.file_size) is distinct from (r.files_count, r.folders_count, r.file_size)`;

async function differences(tx: Tx, query: SQL): Promise<FigureDifference[]> {
  const { rows } = (await tx.execute(query)) as unknown as { rows: DifferenceRow[] };
  const figures = (row: DifferenceRow, prefix: "" | "counted_") =>
    Object.fromEntries(FIGURES.map((name) => [name, Number(row[`${prefix}${name}`])])) as Figures;
  return rows
    .map((row) => ({ id: row.id, kept: figures(row, ""), counted: figures(row, "counted_") }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Every folder whose kept figures differ from a recount, read in one snapshot. */
export const figureDifferences = (db: Tx) => differences(db, differing);

/**
 * Sets every folder's figures to a recount; returns what they were. Reads go on; writes
 * that change figures wait (a delta committed between the recount and the update would
 * be lost): every one of them updates `folders` (the triggers do), so locking that
 * table alone is enough. A file written meanwhile but not yet counted is not in the
 * recount, and its trigger adds it afterwards. Holding no other lock while it waits,
 * the repair cannot close a deadlock.
 */
export const repairFigures = (db: Db) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`lock table folders in share row exclusive mode`);
    return differences(
      tx,
      sql`with old as (${differing})
        update folders f set files_count = o.counted_files_count, folders_count = o.counted_folders_count,
          file_size = o.counted_file_size
        from old o where o.id = f.id
        returning o.*`,
    );
  });

/** How many folders there are. */
export async function folderCount(db: Tx): Promise<number> {
  const { rows } = (await db.execute(sql`select count(*) as n from folders`)) as unknown as { rows: { n: string }[] };
  return Number(rows[0]?.n ?? 0);
}

/** One line per differing folder: each figure that differs, as kept and as counted. */
export const describeDifference = ({ id, kept, counted }: FigureDifference) =>
  `folder ${id}: ${FIGURES.filter((name) => kept[name] !== counted[name])
    .map((name) => `${name} ${kept[name]} (counted ${counted[name]})`)
    .join(", ")}`;
