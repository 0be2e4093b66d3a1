// The embedded database's own thread (see embedded-supervisor.ts): opens PGlite on the
// store it is given, listens on the channels it is given, then runs each request the
// server's thread sends and posts back its result or its error's fields.
import { parentPort, workerData } from "node:worker_threads";
import type { ParserOptions } from "@electric-sql/pglite";
import type { WorkerReply, WorkerRequest, WorkerStart } from "./embedded-supervisor.js";
import { compilePglite, openEmbedded, runScript } from "./open-pglite.js";
import { PgliteStatements } from "./pglite-statements.js";

const port = parentPort;
if (!port) throw new Error("embedded-worker runs in a worker thread");
const { dir, settings, channels, pgliteWasmModule } = workerData as WorkerStart;
const wasmModule = pgliteWasmModule ?? (await compilePglite());
const db = await openEmbedded(dir, settings, wasmModule);
const statements = new PgliteStatements(db);
const post = (reply: WorkerReply) => port.postMessage(reply);
const listen = (channel: string) => db.listen(channel, (payload) => post({ channel, payload }));
for (const channel of channels) await listen(channel);

/** Parsers are functions, which cannot cross threads: the types named come back as their text. */
const asText = (types: number[]): ParserOptions =>
  Object.fromEntries(types.map((type) => [type, (text: string) => text]));

async function run(request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case "query": {
      const options = { rowMode: request.rowMode, parsers: asText(request.textTypes) };
      if (request.name) return statements.query(request.name, request.text, request.params, options);
      return db.query(request.text, request.params, options);
    }
    case "exec":
      return db.exec(request.text);
    case "script":
      try {
        return await runScript(db, request.text);
      } finally {
        await statements.forget();
      }
    case "listen":
      return void (await listen(request.channel));
    case "close":
      return db.close();
  }
}

/** A database error's own fields (code, constraint, detail, …): an Error crosses threads with its message only. */
const fieldsOf = (error: unknown) =>
  Object.fromEntries(
    Object.entries(error as object).filter(([, value]) => typeof value === "string" || typeof value === "number"),
  );

// PGlite's start leaves a task behind it that holds this thread for a while: it runs
// now, before any request's deadline is counting.
await new Promise((resolve) => setImmediate(resolve));
port.on("message", (request: WorkerRequest) => {
  run(request).then(
    (result) => post({ id: request.id, result }),
    (error: unknown) =>
      post({ id: request.id, error: { message: String((error as Error).message), ...fieldsOf(error) } }),
  );
});
post({ ready: true, pgliteWasmModule: wasmModule });
