import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../data/database.js";
import { fileTags, folderTags, tags } from "../../data/schema.js";
import { type ApiTag, iso, type TagInput } from "../contract.js";

type TagRow = typeof tags.$inferSelect;

/** A tag read as JSON inside another query: its timestamps arrive as ISO strings. */
export type TagJson = Omit<TagRow, "user_id" | "created_at" | "updated_at"> & {
  created_at: string;
  updated_at: string;
};

export function presentTag(row: TagRow | TagJson): ApiTag {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: iso(new Date(row.created_at)),
    updated_at: iso(new Date(row.updated_at)),
  };
}

/**
 * The caller's tags with these names, created on first use, in one statement. A
 * given description replaces the stored one; an omitted or empty one keeps it.
 */
export async function upsertTags(tx: Tx, userId: number, inputs: TagInput[]): Promise<TagRow[]> {
  const byName = new Map(inputs.map((input) => [input.name, input]));
  if (byName.size === 0) return [];
  const values = [...byName.values()].map((input) => ({
    id: randomUUID(),
    user_id: userId,
    name: input.name,
    description: input.description ?? "",
  }));
  return tx
    .insert(tags)
    .values(values)
    .onConflictDoUpdate({
      target: [tags.user_id, tags.name],
      set: {
        description: sql`case when excluded.description <> '' then excluded.description else ${tags.description} end`,
        updated_at: sql`now()`,
      },
    })
    .returning();
}

/**
 * The values of `upsertedTags`: names and descriptions as two arrays, once per name (a
 * later input wins, as in `upsertTags`), an omitted description empty.
 */
export function tagArrays(inputs: TagInput[]): { tag_names: string[]; tag_descriptions: string[] } {
  const byName = new Map(inputs.map((input) => [input.name, input.description ?? ""]));
  return { tag_names: [...byName.keys()], tag_descriptions: [...byName.values()] };
}

/**
 * A statement's `upsertTags`: the data-modifying CTE body that creates or updates the
 * caller's tags named by the `tag_names` and `tag_descriptions` placeholders (see
 * `tagArrays`) when `when` holds, and returns their rows.
 */
export const upsertedTags = (userId: SQL, when: SQL) =>
  sql`insert into tags (id, user_id, name, description)
      select gen_random_uuid()::text, ${userId}, t.name, t.description
      from unnest(${sql.placeholder("tag_names")}::text[], ${sql.placeholder("tag_descriptions")}::text[]) t(name, description)
      where ${when}
      on conflict (user_id, name) do update set
        description = case when excluded.description <> '' then excluded.description else tags.description end,
        updated_at = now()
      returning tags.*`;

/** The tags of `rows` (a relation of tag rows) as a JSON array sorted by name, as views read tags. */
export const tagsJson = (rows: SQL) =>
  sql`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description,
        'created_at', t.created_at, 'updated_at', t.updated_at) order by t.name) from ${rows} t), '[]')`;

/** Tag names given without descriptions (the file form) keep existing descriptions. */
export const tagNames = (names: string[]): TagInput[] => names.map((name) => ({ name }));

const links = {
  file: { table: fileTags, owner: fileTags.file_id, ownerKey: "file_id" },
  folder: { table: folderTags, owner: folderTags.folder_id, ownerKey: "folder_id" },
} as const;

export type Tagged = keyof typeof links;

/** Replaces the tags of a file or folder with these. */
export async function setTags(tx: Tx, kind: Tagged, ownerId: string, rows: TagRow[]): Promise<void> {
  const link = links[kind];
  await tx.delete(link.table).where(eq(link.owner, ownerId));
  if (rows.length === 0) return;
  await tx.insert(link.table).values(rows.map((t) => ({ [link.ownerKey]: ownerId, tag_id: t.id }) as never));
}
