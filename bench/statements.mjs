// The statements a server sends to PostgreSQL for one request, read off the wire (a
// relay between the server and the database decodes the frontend protocol: Parse, Bind
// and simple Query messages), and their plans: EXPLAIN (ANALYZE, BUFFERS) of each on the
// same database, inside a transaction rolled back (a write's plan runs the write).
import { tcpRelay } from "./relay.mjs";
import { frontendMessages } from "./round-trips.mjs";

/** Reads a NUL-terminated string at `offset` of `body`: [string, offset after it]. */
function cstring(body, offset) {
  const end = body.indexOf(0, offset);
  return [body.toString("utf8", offset, end), end + 1];
}

/** The values of a Bind message's parameters (text format; a binary one is shown as its hex). */
function bindValues(body) {
  const [, portalEnd] = cstring(body, 0);
  let [statement, offset] = cstring(body, portalEnd);
  const formatCount = body.readInt16BE(offset);
  const formats = Array.from({ length: formatCount }, (_, i) => body.readInt16BE(offset + 2 + 2 * i));
  offset += 2 + 2 * formatCount;
  const count = body.readInt16BE(offset);
  offset += 2;
  const values = [];
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(offset);
    offset += 4;
    if (length < 0) {
      values.push(null);
      continue;
    }
    const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
    values.push(body.toString(binary ? "hex" : "utf8", offset, offset + length));
    offset += length;
  }
  return { statement, values };
}

/**
 * A relay to the PostgreSQL of `databaseUrl` that records every statement sent through
 * it: `url` is the database through the relay, `take()` the statements ({ text, values })
 * recorded since the last take.
 */
export async function statementRelay(databaseUrl) {
  // Named prepared statements are parsed once per connection, then only bound by name.
  const named = new Map();
  let recorded = [];
  const relay = await tcpRelay(new URL(databaseUrl), () => {
    let parsed = "";
    return frontendMessages((type, body) => {
      if (type === "Q") recorded.push({ text: cstring(body, 0)[0], values: [] });
      if (type === "P") {
        const [name, offset] = cstring(body, 0);
        [parsed] = cstring(body, offset);
        if (name) named.set(name, parsed);
      }
      if (type === "B") {
        const { statement, values } = bindValues(body);
        recorded.push({ text: statement ? named.get(statement) : parsed, values });
      }
    });
  });
  return {
    url: relay.url,
    take() {
      const taken = recorded;
      recorded = [];
      return taken;
    },
    close: relay.cut,
  };
}

/** A recursive CTE that returns more rows than a folder can have ancestors walks a subtree. */
const MAX_WALK_UP = 256;
/** A sequential scan reading more rows than this is reported as one that should not be there. */
const SMALL_TABLE_ROWS = 1000;

/** Every node of a JSON plan, depth first. */
const nodesOf = (node) => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement (transaction control left out) on `client`,
 * each in a transaction rolled back: its time, shared buffers touched, the sequential
 * scans (table and rows read) and the recursive CTEs (rows they produced), and whether
 * it passes (no sequential scan of more than SMALL_TABLE_ROWS rows, no recursion beyond a
 * walk up the ancestors).
 */
export async function explain(client, statements) {
  const plans = [];
  for (const { text, values } of statements) {
    if (/^\s*(begin|commit|rollback)\b/i.test(text)) continue;
    await client.query("begin");
    try {
      const { rows } = await client.query(`explain (analyze, buffers, format json) ${text}`, values);
      const [{ Plan: plan, "Execution Time": ms, Triggers: triggers = [] }] = rows[0]["QUERY PLAN"];
      const nodes = nodesOf(plan);
      const seqScans = nodes
        .filter((n) => n["Node Type"] === "Seq Scan")
        .map((n) => ({
          table: n["Relation Name"],
          rowsRead: Math.round((n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0)) * n["Actual Loops"]),
        }));
      const recursions = nodes.filter((n) => n["Node Type"] === "Recursive Union").map((n) => n["Actual Rows"]);
      plans.push({
        statement: text.replace(/\s+/g, " ").slice(0, 100),
        ms: +ms.toFixed(2),
        sharedBuffers: nodes[0]["Shared Hit Blocks"] + nodes[0]["Shared Read Blocks"],
        seqScans,
        recursions,
        triggers: triggers.map((t) => ({ name: t["Trigger Name"], ms: +t.Time.toFixed(2), calls: t.Calls })),
        passes:
          seqScans.every((s) => s.rowsRead <= SMALL_TABLE_ROWS) && recursions.every((rows) => rows <= MAX_WALK_UP),
      });
    } finally {
      await client.query("rollback");
    }
  }
  return plans;
}
