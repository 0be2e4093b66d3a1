// Named prepared statements on PGlite, as node-postgres makes them on PostgreSQL: a
// statement is parsed and described once per database, then each execution is one bind
// and execute. PGlite's own query() parses, describes and plans every statement anew.
import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

const { serialize } = protocol;
type Message = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

interface Prepared {
  text: string;
  /** The parameters' types, for PGlite's serializers. */
  paramTypes: number[];
  /** What the statement's rows look like (its RowDescription, or NoData), for PGlite's parser. */
  described: Message[];
}

/** The statements prepared on one PGlite, by name. */
export class PgliteStatements {
  private readonly prepared = new Map<string, Prepared>();

  constructor(private readonly db: PGlite) {}

  /** Runs the statement `name` (`text`) with `params`, preparing it on its first run; its rows as PGlite's query() answers them. */
  query<Row>(
    name: string,
    text: string,
    params: unknown[],
    options: Pick<QueryOptions, "rowMode" | "parsers"> = {},
  ): Promise<Results<Row>> {
    const { db } = this;
    return db._runExclusiveQuery(async () => {
      const messages: Message[] = [];
      try {
        const statement = await this.preparedAs(name, text);
        messages.push(...statement.described);
        const values = params.map((param, index) => this.serialized(param, statement.paramTypes[index]));
        const run = Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute({})]);
        messages.push(...(await db.execProtocolStream(run, { syncToFs: false })));
      } finally {
        messages.push(...(await db.execProtocolStream(serialize.sync(), { syncToFs: false })));
      }
      await db.syncToFs();
      return parse.parseResults(messages, db.parsers, options)[0] as Results<Row>;
    });
  }

  /** Forgets every statement (after an operator's script, which may have changed what they read). */
  async forget(): Promise<void> {
    this.prepared.clear();
    await this.db.exec("deallocate all");
  }

  private async preparedAs(name: string, text: string): Promise<Prepared> {
    const known = this.prepared.get(name);
    if (known) {
      if (known.text !== text) throw new Error(`Two statements are named ${name}`);
      return known;
    }
    const prepare = Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name })]);
    const answer = await this.db.execProtocolStream(prepare, { syncToFs: false });
    const statement: Prepared = {
      text,
      paramTypes: parse.parseDescribeStatementResults(answer),
      described: answer.filter((message) => message.name === "rowDescription" || message.name === "noData"),
    };
    this.prepared.set(name, statement);
    return statement;
  }

  private serialized(param: unknown, type: number | undefined): string | null {
    if (param === null || param === undefined) return null;
    const serializer = type === undefined ? undefined : this.db.serializers[type];
    return serializer ? serializer(param) : String(param);
  }
}
