import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { violates } from "../../data/database-errors.js";
import { type ClaimedKey, recordedAnswerText } from "../../data/idempotency-keys.js";
import { statement } from "../../data/prepared.js";
import { recordedEventText } from "../../data/recorded-events.js";
import { bankAccounts, currencies, users } from "../../data/schema.js";
import { type ApiBankAccount, type BankAccountReplacement, iso, type Versioned, type Write } from "../contract.js";
import { DomainError, isExpected, notFound, staleVersion } from "../errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { presentUser } from "../users.js";

/** Statuses an account never leaves. */
const TERMINAL = ["CLOSED", "ESCHEAT", "CHARGEOFF"];

/** The kobo as a JSON number; the column's check keeps every balance within the exact range. */
function exactNumber(kobo: bigint): number {
  const value = Number(kobo);
  if (!Number.isSafeInteger(value)) throw new RangeError(`a balance of ${kobo} kobo is beyond an exact JSON number`);
  return value;
}

/** Kobo as an exact decimal naira string: 125005n -> "1250.05". */
export function nairaAmount(kobo: bigint): string {
  const sign = kobo < 0n ? "-" : "";
  const abs = kobo < 0n ? -kobo : kobo;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** The unique index on a user's account numbers (see the migrations). */
const ACCOUNT_NUMBER_UNIQUE = "bank_accounts_user_account_number_idx";

/** The currency of every NGN account. */
export const NAIRA = { id: "ngn", name: "Nigerian Naira", code: "NGN", symbol: "₦" };

const numberInUse = (err: unknown) => {
  if (violates(err, ACCOUNT_NUMBER_UNIQUE)) {
    return new DomainError("conflict", "Another of your accounts already has this account number.", [
      { field: "account_number", message: "is already in use", code: "unique" },
    ]);
  }
  return err;
};

/** The writable fields with their defaults for the omitted ones (a PUT and a create alike). */
const writable = (input: BankAccountReplacement) => ({
  account_number: input.account_number,
  account_name: input.account_name ?? null,
  classification: input.classification ?? "NULL",
  status: input.status ?? "NULL",
  business_name: input.business_name ?? null,
  reference: input.reference ?? null,
});

/** The writable fields' values in the order the replace and create statements take them. */
const inStatementOrder = (f: ReturnType<typeof writable>) => [
  f.account_number,
  f.account_name,
  f.classification,
  f.status,
  f.business_name,
  f.reference,
];

/** The account, its owner and currency, in the replace statement's shape (`a` is the account row). */
const ACCOUNT_COLUMNS = `a.*, u.username, u.email, u.first_name, u.last_name, u.created_at as user_created_at,
    u.updated_at as user_updated_at, c.name as currency_name, c.code as currency_code, c.symbol as currency_symbol`;

/**
 * Full update: every writable field takes the given value or its default.
 *
 * One statement, `UPDATE … FROM … RETURNING` with the owner and currency joined, and
 * its event (the row before it locked and read in the FROM), so the common case is a
 * single round trip. Its WHERE clause holds every rule (owner,
 * `If-Match` version, terminal status); PostgreSQL re-checks it on the latest row when
 * a concurrent writer got there first, so writers serialise on the row lock, no update
 * is lost and an `If-Match` version has exactly one winner. The unique index on
 * (`user_id`, `account_number`) decides duplicates. Only when no row was updated does a second
 * query find out why. Written as SQL (a prepared statement on PostgreSQL): on the
 * busiest path, building the query and mapping its row cost more than running it.
 */
const replaceStatement = statement<ReplacedRow>(
  "replace_bank_account",
  `with updated as (
    update bank_accounts a set account_number = $1, account_name = $2, classification = $3,
      status = $4, business_name = $5, reference = $6, version = a.version + 1, updated_at = now()
    from users u, currencies c, (select * from bank_accounts where id = $7 and user_id = $8 for update) previous
    where a.id = previous.id and u.id = a.user_id and c.id = a.currency_id
      and ($9::integer[] is null or a.version = any($9::integer[])) and (a.status not in (${TERMINAL.map((t) => `'${t}'`).join(", ")}) or a.status = $4)
    returning ${ACCOUNT_COLUMNS}, to_jsonb(previous) as previous_account
  ),
  ${recordedEventText("bank_account.updated", {
    user: "$8::integer",
    object: "to_jsonb(updated) - 'previous_account'",
    previous: "to_jsonb(updated) - 'previous_account' || previous_account",
    from: "updated",
  })}
  select * from updated`,
);

/** The row the statement returns: the account's columns, its owner's and its currency's. */
interface ReplacedRow {
  id: string;
  user_id: number;
  account_number: string;
  account_name: string | null;
  classification: string;
  status: string;
  business_name: string | null;
  reference: string | null;
  has_set_pin: boolean;
  currency_id: string;
  balance_kobo: string | number | bigint;
  tracking_reference: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  user_created_at: Date;
  user_updated_at: Date;
  currency_name: string;
  currency_code: string;
  currency_symbol: string;
}

export async function replaceBankAccount(
  db: Db,
  { userId, id, input, expectedVersions }: Write<BankAccountReplacement>,
): Promise<Versioned<ApiBankAccount>> {
  const fields = writable(input);
  const values = [...inStatementOrder(fields), id, userId, expectedVersions ?? null];
  for (;;) {
    const [row] = await replaceStatement(db, values).catch((err: unknown) => {
      throw numberInUse(err);
    });
    if (row) return { resource: presentBankAccount(row), version: row.version };
    await whyNotUpdated(db, userId, id, fields.status, expectedVersions);
    // Nothing stands in the way any more: a concurrent writer changed the row in between.
  }
}

/** Throws the error that explains why the update matched no row, if one still applies. */
async function whyNotUpdated(
  db: Db,
  userId: number,
  id: string,
  status: string,
  expectedVersions: number[] | undefined,
) {
  const [current] = await db
    .select({ version: bankAccounts.version, status: bankAccounts.status })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.user_id, userId)));
  if (!current) throw notFound("bank account");
  if (!isExpected(expectedVersions, current.version)) throw staleVersion();
  if (TERMINAL.includes(current.status) && status !== current.status) {
    const message = `the account is ${current.status}, a terminal status it cannot leave`;
    throw new DomainError("conflict", `The account is ${current.status} and cannot change status.`, [
      { field: "status", message, code: "terminal_status" },
    ]);
  }
}

/**
 * The account opening in one statement: the NGN currency row when it is missing (its
 * row comes back from the insert then, as the statement cannot see its own writes), the
 * account, the account with its owner and currency, and the request's `Idempotency-Key`
 * marked committed with that row ($14, $15: the key and its claim, null without one).
 */
const createStatement = statement<ReplacedRow>(
  "create_bank_account",
  `with
    currency as (
      insert into currencies (id, name, code, symbol) values ($1, $2, $3, $4) on conflict do nothing returning *
    ),
    a as (
      insert into bank_accounts (id, user_id, account_number, account_name, classification, status, business_name,
        reference, currency_id, tracking_reference)
      values ($5, $6, $7, $8, $9, $10, $11, $12, $1, $13)
      returning *
    ),
    answer as (
      select ${ACCOUNT_COLUMNS}
      from a join users u on u.id = a.user_id
        join (select * from currencies where id = $1 union all select * from currency) c on c.id = a.currency_id
    ),
    ${recordedEventText("bank_account.created", { user: "$6::integer", object: "to_jsonb(answer)", from: "answer" })},
    ${recordedAnswerText({
      user: "$6::integer",
      key: "$14",
      claim: "$15",
      status: 201,
      answer: "(select to_jsonb(answer) from answer)",
      done: "exists (select 1 from answer)",
    })}
  select * from answer`,
);

/**
 * Opens an account for the caller with the update's fields and defaults; the balance
 * starts at zero. A number another of the caller's accounts has is a 409, decided by the
 * unique index on (`user_id`, `account_number`); another user's accounts do not count.
 */
export async function createBankAccount(
  db: Db,
  userId: number,
  input: BankAccountReplacement,
  claimed?: ClaimedKey,
): Promise<Versioned<ApiBankAccount>> {
  const [row] = await createStatement(db, [
    NAIRA.id,
    NAIRA.name,
    NAIRA.code,
    NAIRA.symbol,
    randomUUID(),
    userId,
    ...inStatementOrder(writable(input)),
    `TRK-${randomBytes(6).toString("hex").toUpperCase()}`,
    claimed?.key ?? null,
    claimed?.claim ?? null,
  ]).catch((err: unknown) => {
    throw numberInUse(err);
  });
  if (!row) throw notFound("bank account");
  return { resource: presentBankAccount(row), version: row.version };
}

const recordOpeningStatement = statement<{ id: string }>(
  "record_bank_account_opened",
  `with answer as (
    select ${ACCOUNT_COLUMNS} from bank_accounts a join users u on u.id = a.user_id join currencies c on c.id = a.currency_id
    where a.id = $1
  ),
  ${recordedEventText("bank_account.created", { user: "answer.user_id", object: "to_jsonb(answer)", from: "answer" })}
  select id from recorded_event`,
);

/** Records the opening event of an account made outside the API (the demo's), as its create records it; answers its id. */
export async function recordAccountOpened(db: Db, accountId: string): Promise<string> {
  const [event] = await recordOpeningStatement(db, [accountId]);
  if (!event) throw notFound("bank account");
  return event.id;
}

/** The created account as the create statement recorded it (JSON: its timestamps are strings). */
export function recordedBankAccount(recorded: unknown): Versioned<ApiBankAccount> {
  const row = recorded as ReplacedRow &
    Record<"created_at" | "updated_at" | "user_created_at" | "user_updated_at", string>;
  const dated = {
    ...row,
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
    user_created_at: new Date(row.user_created_at),
    user_updated_at: new Date(row.user_updated_at),
  };
  return { resource: presentBankAccount(dated), version: row.version };
}

const KEYSET: Keyset = { createdAt: bankAccounts.created_at, id: bankAccounts.id };

const accountsOf = (db: Db, userId: number, where: SQL) =>
  db
    .select({ bank_accounts: bankAccounts, users, currencies, page_micros: positionOf(KEYSET) })
    .from(bankAccounts)
    .innerJoin(users, eq(users.id, bankAccounts.user_id))
    .innerJoin(currencies, eq(currencies.id, bankAccounts.currency_id))
    .where(and(eq(bankAccounts.user_id, userId), where));

/** One of the caller's accounts, with its version. */
export async function getBankAccount(db: Db, userId: number, id: string): Promise<Versioned<ApiBankAccount>> {
  const [row] = await accountsOf(db, userId, eq(bankAccounts.id, id));
  if (!row) throw notFound("bank account");
  return { resource: presentBankAccount(flatten(row)), version: row.bank_accounts.version };
}

/** A page of the caller's accounts, oldest first. */
export async function listBankAccounts(db: Db, userId: number, page: PageRequest): Promise<Page<ApiBankAccount>> {
  const found = await pageOf({ userId, list: "bank_accounts" }, page, KEYSET, (after, limit) =>
    accountsOf(db, userId, after)
      .orderBy(...orderOf(KEYSET))
      .limit(limit)
      .then((rows) => rows.map((row) => ({ id: row.bank_accounts.id, page_micros: row.page_micros, row }))),
  );
  return { items: found.items.map(({ row }) => presentBankAccount(flatten(row))), next: found.next };
}

type JoinedRow = {
  bank_accounts: typeof bankAccounts.$inferSelect;
  users: typeof users.$inferSelect;
  currencies: typeof currencies.$inferSelect;
};

/** A row of the joined select in the replace statement's shape. */
const flatten = ({ bank_accounts: a, users: u, currencies: c }: JoinedRow): ReplacedRow => ({
  ...a,
  username: u.username,
  email: u.email,
  first_name: u.first_name,
  last_name: u.last_name,
  user_created_at: u.created_at,
  user_updated_at: u.updated_at,
  currency_name: c.name,
  currency_code: c.code,
  currency_symbol: c.symbol,
});

function presentBankAccount(a: ReplacedRow): ApiBankAccount {
  const kobo = BigInt(a.balance_kobo);
  return {
    id: a.id,
    user: presentUser({
      id: a.user_id,
      username: a.username,
      email: a.email,
      first_name: a.first_name,
      last_name: a.last_name,
      created_at: a.user_created_at,
      updated_at: a.user_updated_at,
    }),
    has_set_pin: a.has_set_pin,
    account_number: a.account_number,
    currency: { id: a.currency_id, name: a.currency_name, code: a.currency_code, symbol: a.currency_symbol },
    naira_balance: { kobo: exactNumber(kobo), amount: nairaAmount(kobo) },
    tracking_reference: a.tracking_reference,
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
    account_name: a.account_name,
    classification: a.classification as ApiBankAccount["classification"],
    status: a.status as ApiBankAccount["status"],
    business_name: a.business_name,
    reference: a.reference,
  };
}
