import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { packageFile } from "../package-files.js";
import type { EmbeddedClient, EmbeddedQueryOptions, EmbeddedSession } from "./open-pglite.js";

/** What the worker thread (embedded-worker.ts) is started with. */
export interface WorkerStart {
  dir: string;
  /** Start parameters of the database (`openEmbedded`): every worker, the restarted ones too, starts with them. */
  settings: string[];
  channels: string[];
  /** PGlite's WebAssembly as an earlier worker of this process compiled it (`pgliteModule`); the first compiles its own. */
  pgliteWasmModule: WebAssembly.Module | undefined;
}

export type WorkerRequest = { id: number } & (
  | {
      kind: "query";
      text: string;
      params: unknown[];
      rowMode: QueryOptions["rowMode"];
      textTypes: number[];
      /** A prepared statement's name: the worker parses its text once (pglite-statements.ts). */
      name: string | undefined;
    }
  | { kind: "exec"; text: string }
  | { kind: "script"; text: string }
  | { kind: "listen"; channel: string }
  | { kind: "close" }
);

export type WorkerReply =
  | { ready: true; pgliteWasmModule: WebAssembly.Module }
  | { channel: string; payload: string }
  | { id: number; result: unknown }
  | { id: number; error: { message: string } & Record<string, unknown> };

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

const workerScript = packageFile("dist/data/embedded-worker.js");

/**
 * The most the worker's young generation holds, in MiB (V8 counts two semi-spaces and the new
 * large-object space in it). Its own JavaScript only passes statements and rows through, yet
 * V8 let its new space grow under load as the server thread's does (to 32 MiB by default).
 * A process-wide `--max-semi-space-size` overrides this limit.
 */
const WORKER_YOUNG_GENERATION_MIB = 8;

/**
 * PGlite's WebAssembly as the first worker of this process compiled it, handed to every
 * later one: a worker started after another (a restart past a deadline, another store's
 * server in the same process) runs the code V8 has already compiled and optimised instead
 * of compiling its own: its start takes about half the time and CPU.
 */
let pgliteModule: WebAssembly.Module | undefined;

/** PostgreSQL's query_canceled, as a statement over `statement_timeout` fails there: a 503 `timeout` problem. */
const QUERY_CANCELED = "57014";
/** PostgreSQL's connection_failure: the database went away under the statement (a 503 problem). */
const CONNECTION_FAILURE = "08006";

const failure = (message: string, code: string) => Object.assign(new Error(message), { code });

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  deadline: NodeJS.Timeout;
}

/** One worker thread and the requests it has not answered; once ended, it answers none. */
interface Generation {
  worker: Worker;
  pending: Map<number, Pending>;
  ended: boolean;
}

/**
 * PGlite on a worker thread of its own, supervised: it runs one statement at a time in
 * WASM and has no statement deadline of its own, so a statement that outlives
 * `deadlineMs` gets the worker ended (V8 interrupts the WASM loop), its request a
 * statement-timeout error, and the next request a new worker on the same store, which
 * PostgreSQL's crash recovery brings back to its last commit. The server's thread never
 * waits for a statement, so it keeps answering meanwhile. Statements and transactions
 * take turns, as on PGlite itself: a transaction has the database to itself until it ends.
 */
export async function superviseEmbedded(dir: string, deadlineMs: number, settings: string[]): Promise<EmbeddedClient> {
  const supervisor = new Supervisor(dir, deadlineMs, settings);
  await supervisor.open();
  return supervisor;
}

/** Runs `work` between `begin` and `commit`, rolled back when it fails. */
async function inTransaction<T>(tx: EmbeddedSession, work: (tx: EmbeddedSession) => Promise<T>): Promise<T> {
  await tx.exec("begin");
  try {
    const result = await work(tx);
    await tx.exec("commit");
    return result;
  } catch (error) {
    await tx.exec("rollback").catch(() => {});
    throw error;
  }
}

class Supervisor implements EmbeddedClient {
  /** The listened channels and their callbacks; a restarted worker listens to them again. */
  private readonly channels = new Map<string, ((payload: string) => void)[]>();
  private running: Promise<Generation> | undefined;
  private closed = false;
  /** The end of the last turn taken: the next one starts after it. */
  private turn: Promise<unknown> = Promise.resolve();
  private lastId = 0;

  constructor(
    private readonly dir: string,
    private readonly deadlineMs: number,
    private readonly settings: string[],
  ) {}

  /** Starts the first worker; fails when it cannot open the store. */
  async open(): Promise<void> {
    this.running = this.start();
    await this.running;
  }

  query<Row>(text: string, params?: unknown[], options?: EmbeddedQueryOptions) {
    return this.inTurn((generation) => this.sessionOf(generation).query<Row>(text, params, options));
  }

  exec(text: string) {
    return this.inTurn((generation) => this.sessionOf(generation).exec(text));
  }

  /** Its own turn, so the worker runs nothing else between the script and the reset after it. */
  runScript(text: string) {
    return this.inTurn((generation) => this.send<Results[]>(generation, { kind: "script", text }));
  }

  transaction<T>(work: (tx: EmbeddedSession) => Promise<T>): Promise<T> {
    return this.inTurn((generation) => inTransaction(this.sessionOf(generation), work));
  }

  listen(channel: string, callback: (payload: string) => void): Promise<void> {
    return this.inTurn(async (generation) => {
      const callbacks = this.channels.get(channel);
      if (callbacks) return void callbacks.push(callback);
      await this.send(generation, { kind: "listen", channel });
      this.channels.set(channel, [callback]);
    });
  }

  close(): Promise<void> {
    this.closed = true;
    const closing = this.turn.then(async () => {
      const generation = await this.running?.catch(() => undefined);
      if (!generation || generation.ended) return;
      await this.send(generation, { kind: "close" }).catch(() => {});
      generation.ended = true;
      await generation.worker.terminate();
    });
    this.turn = closing;
    return closing;
  }

  /** A new worker on the store; resolves once it has the store open. */
  private start(): Promise<Generation> {
    return new Promise((resolve, reject) => {
      const workerData: WorkerStart = {
        dir: this.dir,
        settings: this.settings,
        channels: [...this.channels.keys()],
        pgliteWasmModule: pgliteModule,
      };
      const worker = new Worker(workerScript, {
        workerData,
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MIB },
      });
      const generation: Generation = { worker, pending: new Map(), ended: false };
      worker.on("message", (reply: WorkerReply) => {
        if ("ready" in reply) {
          pgliteModule ??= reply.pgliteWasmModule;
          resolve(generation);
        } else this.receive(generation, reply);
      });
      // Before `ready`, the worker could not open the store; after it, it died under its requests.
      worker.once("error", (error) => {
        reject(error);
        this.end(generation, failure(`The embedded database stopped: ${error.message}`, CONNECTION_FAILURE));
      });
      worker.once("exit", (code) => {
        reject(new Error(`The embedded database's thread exited (${code}) before it was ready`));
        this.end(generation, failure("The embedded database stopped", CONNECTION_FAILURE));
      });
    });
  }

  /** A notification goes to its channel's callbacks, an answer to its request. */
  private receive(generation: Generation, reply: Exclude<WorkerReply, { ready: true }>): void {
    if ("channel" in reply) {
      for (const callback of this.channels.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    const pending = generation.pending.get(reply.id);
    if (!pending) return;
    generation.pending.delete(reply.id);
    clearTimeout(pending.deadline);
    if ("error" in reply) pending.reject(Object.assign(new Error(reply.error.message), reply.error));
    else pending.resolve(reply.result);
  }

  /** Ends the worker and fails what it had not answered; the next request starts another. */
  private end(generation: Generation, error: Error): void {
    if (generation.ended) return;
    generation.ended = true;
    void generation.worker.terminate();
    for (const pending of generation.pending.values()) {
      clearTimeout(pending.deadline);
      pending.reject(error);
    }
    generation.pending.clear();
  }

  private overrun(generation: Generation): void {
    const message = `canceling statement due to statement timeout (over ${this.deadlineMs} ms; the embedded database restarts)`;
    this.end(generation, failure(message, QUERY_CANCELED));
  }

  private send<T>(generation: Generation, request: Request): Promise<T> {
    // A transaction's worker that ended must not run the rest of it on the next one.
    if (generation.ended) return Promise.reject(failure("The embedded database restarted", CONNECTION_FAILURE));
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      const deadline = setTimeout(() => this.overrun(generation), this.deadlineMs).unref();
      generation.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, deadline });
      generation.worker.postMessage({ id, ...request });
    });
  }

  private sessionOf(generation: Generation): EmbeddedSession {
    return {
      query: <Row>(text: string, params: unknown[] = [], options: EmbeddedQueryOptions = {}) =>
        this.send<Results<Row>>(generation, {
          kind: "query",
          text,
          params,
          name: options.name,
          rowMode: options.rowMode,
          // drizzle's parsers keep dates and intervals as text: the worker does the same for the types named.
          textTypes: Object.keys(options.parsers ?? {}).map(Number),
        }),
      exec: (text: string) => this.send<Results[]>(generation, { kind: "exec", text }),
    };
  }

  /** The running worker; a new one if it ended or none could start (the lazy restart). */
  private async current(): Promise<Generation> {
    const generation = await this.running?.catch(() => undefined);
    if (generation && !generation.ended) return generation;
    if (this.closed) throw failure("The embedded database is closed", CONNECTION_FAILURE);
    this.running = this.start();
    return this.running.catch((error: Error) => {
      throw failure(`The embedded database cannot start: ${error.message}`, CONNECTION_FAILURE);
    });
  }

  /** Runs `work` on the running worker once every earlier turn has ended. */
  private inTurn<T>(work: (generation: Generation) => Promise<T>): Promise<T> {
    const result = this.turn.then(async () => work(await this.current()));
    this.turn = result.catch(() => {});
    return result;
  }
}
