/**
 * Rows as one JSON array, each value in the form a client of PostgreSQL sees: a bigint as
 * text (as node-postgres gives int8), bytes as PostgreSQL's text form (`\x` and hex), a
 * date as its ISO string.
 */
export const rowsAsJson = (rows: Record<string, unknown>[]): string => JSON.stringify(rows, asPostgresText);

/** A replacer: `value` is what `toJSON` made of the holder's own value (a Buffer's is an object). */
function asPostgresText(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const own = this[key];
  if (typeof own === "bigint") return own.toString();
  if (own instanceof Uint8Array) return `\\x${Buffer.from(own.buffer, own.byteOffset, own.byteLength).toString("hex")}`;
  return value;
}
