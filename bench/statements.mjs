// The statements a server sends to PostgreSQL for one request, read off the wire (a
// relay between the server and the database decodes the frontend protocol: Parse, Bind
// and simple Query messages), and their plans: EXPLAIN (ANALYZE, BUFFERS) of each on the
// same database, on the plan the server runs, inside a transaction rolled back
// (a write's plan runs the write).
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
        recorded.push({ text: statement ? named.get(statement) : parsed, values, named: Boolean(statement) });
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

/** `value` with every key of `substitutes` (an id) replaced by its value. */
const substituted = (value, substitutes) =>
  typeof value === "string" ? [...substitutes].reduce((v, [from, to]) => v.replaceAll(from, to), value) : value;

/** A node's own time (ms, over all its loops): its total less its children's. */
const ownMs = (node) =>
  node["Actual Total Time"] * node["Actual Loops"] -
  (node.Plans ?? []).reduce((sum, child) => sum + child["Actual Total Time"] * child["Actual Loops"], 0);

/** The node that spent the most time of its own: type, relation or CTE, rows, loops, ms. */
function hottest(nodes) {
  const node = nodes.reduce((a, b) => (ownMs(b) > ownMs(a) ? b : a));
  return {
    node: [node["Node Type"], node["Relation Name"] ?? node["CTE Name"] ?? node["Index Name"]]
      .filter(Boolean)
      .join(" "),
    rows: node["Actual Rows"],
    loops: node["Actual Loops"],
    ms: +ownMs(node).toFixed(2),
  };
}

/** A SQL literal of a bound value (text format): what EXECUTE takes for it. */
const literal = (value) => (value === null ? "null" : `'${value.replaceAll("'", "''")}'`);

/**
 * EXPLAIN (ANALYZE, BUFFERS) of `text` with `values`, on the plan the server runs: its
 * named statements run on their generic plans without JIT or sequential scans (their pool's settings, see
 * the server's database.ts), which an EXPLAIN with bound parameters would not show (it
 * plans for the values), so a named statement is prepared and explained as an EXECUTE;
 * its other queries are planned for their values, as EXPLAIN does.
 */
async function explainAsServed(client, { text, values, named }) {
  if (!named || values.length === 0) return client.query(`explain (analyze, buffers, format json) ${text}`, values);
  await client.query("set local plan_cache_mode = force_generic_plan");
  await client.query("set local jit = off");
  await client.query("set local enable_seqscan = off");
  await client.query(`prepare explained as ${text}`);
  try {
    return await client.query(
      `explain (analyze, buffers, format json) execute explained(${values.map(literal).join(", ")})`,
    );
  } finally {
    // A prepared statement outlives the transaction; an aborted one cannot deallocate.
    await client.query("rollback and chain");
    await client.query("deallocate explained");
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement (transaction control left out) on `client`,
 * each in a transaction rolled back, with the ids of `substitutes` (Map: recorded id →
 * id to explain on) replaced in its text and values: its time, shared buffers touched,
 * the sequential scans (table and rows read) and the recursive CTEs (name, rows they
 * produced), and whether it passes (no sequential scan of more than SMALL_TABLE_ROWS
 * rows, no recursion beyond a walk up the ancestors; `recursionOk` and `seqScanOk` say
 * which). A statement that fails is reported with its error, and does not pass.
 */
export async function explain(client, statements, substitutes = new Map()) {
  const plans = [];
  for (const recorded of statements) {
    if (/^\s*(begin|commit|rollback)\b/i.test(recorded.text)) continue;
    const text = substituted(recorded.text, substitutes);
    const values = recorded.values.map((value) => substituted(value, substitutes));
    const statement = text.replace(/\s+/g, " ").slice(0, 100);
    await client.query("begin");
    try {
      const { rows } = await explainAsServed(client, { text, values, named: recorded.named });
      const [{ Plan: plan, "Execution Time": ms, Triggers: triggers = [], JIT: jit }] = rows[0]["QUERY PLAN"];
      const nodes = nodesOf(plan);
      const seqScans = nodes
        .filter((n) => n["Node Type"] === "Seq Scan")
        .map((n) => ({
          table: n["Relation Name"],
          rowsRead: Math.round((n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0)) * n["Actual Loops"]),
        }));
      // Index scans are no sequential scans, but one that reads thousands of rows grows with the data too.
      const largeScans = nodes
        .filter((n) => /^(Index|Index Only|Bitmap Heap) Scan$/.test(n["Node Type"]))
        .map((n) => ({
          table: [n["Relation Name"], n["Index Name"]].filter(Boolean).join(" by "),
          rowsRead: Math.round((n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0)) * n["Actual Loops"]),
        }))
        .filter((scan) => scan.rowsRead > SMALL_TABLE_ROWS);
      const recursions = nodes
        .filter((n) => n["Node Type"] === "Recursive Union")
        .map((n) => ({ cte: (n["Subplan Name"] ?? "").replace(/^CTE /, ""), rows: n["Actual Rows"] }));
      const seqScanOk = seqScans.every((s) => s.rowsRead <= SMALL_TABLE_ROWS);
      const recursionOk = recursions.every((r) => r.rows <= MAX_WALK_UP);
      plans.push({
        statement,
        ms: +ms.toFixed(2),
        jitMs: jit ? +jit.Timing.Total.toFixed(2) : 0,
        hottest: hottest(nodes),
        sharedBuffers: nodes[0]["Shared Hit Blocks"] + nodes[0]["Shared Read Blocks"],
        seqScans,
        largeScans,
        recursions,
        triggers: triggers.map((t) => ({ name: t["Trigger Name"], ms: +t.Time.toFixed(2), calls: t.Calls })),
        seqScanOk,
        recursionOk,
        passes: seqScanOk && recursionOk,
        text: text.replace(/\s+/g, " ").slice(0, 200),
      });
    } catch (error) {
      plans.push({ statement, error: error.message, passes: false, text: text.replace(/\s+/g, " ").slice(0, 200) });
    } finally {
      await client.query("rollback");
    }
  }
  return plans;
}
