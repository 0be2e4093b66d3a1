import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { bankAccounts, currencies, users } from "../../data/schema.js";
import { type ApiBankAccount, type BankAccountReplacement, iso, type Versioned } from "../contract.js";
import { DomainError, notFound, staleVersion } from "../errors.js";
import { presentUser } from "../users.js";

/** Statuses an account never leaves. */
const TERMINAL = new Set(["CLOSED", "ESCHEAT", "CHARGEOFF"]);

/** Kobo as an exact decimal naira string: 125005n -> "1250.05". */
export function nairaAmount(kobo: bigint): string {
  const sign = kobo < 0n ? "-" : "";
  const abs = kobo < 0n ? -kobo : kobo;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * Full update: every writable field takes the given value or its default. Runs in
 * one transaction with the row locked, so concurrent writers serialise and an
 * `If-Match` version has exactly one winner.
 */
export async function replaceBankAccount(
  db: Db,
  userId: number,
  id: string,
  input: BankAccountReplacement,
  ifMatch: number | undefined,
): Promise<Versioned<ApiBankAccount>> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.user_id, userId)))
      .for("update");
    if (!current) throw notFound("bank account");
    if (ifMatch !== undefined && ifMatch !== current.version) throw staleVersion();

    const status = input.status ?? "NULL";
    if (TERMINAL.has(current.status) && status !== current.status) {
      const message = `the account is ${current.status}, a terminal status it cannot leave`;
      throw new DomainError("conflict", `The account is ${current.status} and cannot change status.`, [
        { path: "/body/status", message, code: "terminal_status" },
      ]);
    }
    const [taken] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.account_number, input.account_number), ne(bankAccounts.id, id)));
    if (taken) {
      throw new DomainError("conflict", "Another account already has this account number.", [
        { path: "/body/account_number", message: "is already in use", code: "unique" },
      ]);
    }

    await tx
      .update(bankAccounts)
      .set({
        account_number: input.account_number,
        account_name: input.account_name ?? null,
        classification: input.classification ?? "NULL",
        status,
        business_name: input.business_name ?? null,
        reference: input.reference ?? null,
        version: current.version + 1,
        updated_at: new Date(),
      })
      .where(eq(bankAccounts.id, id));

    const [row] = await tx
      .select()
      .from(bankAccounts)
      .innerJoin(users, eq(users.id, bankAccounts.user_id))
      .innerJoin(currencies, eq(currencies.id, bankAccounts.currency_id))
      .where(eq(bankAccounts.id, id));
    if (!row) throw notFound("bank account");
    return { resource: presentBankAccount(row), version: row.bank_accounts.version };
  });
}

type AccountRow = {
  bank_accounts: typeof bankAccounts.$inferSelect;
  users: typeof users.$inferSelect;
  currencies: typeof currencies.$inferSelect;
};

export function presentBankAccount({ bank_accounts: a, users: owner, currencies: c }: AccountRow): ApiBankAccount {
  return {
    id: a.id,
    user: presentUser(owner),
    has_set_pin: a.has_set_pin,
    account_number: a.account_number,
    currency: { id: c.id, name: c.name, code: c.code, symbol: c.symbol },
    naira_balance: { kobo: Number(a.balance_kobo), amount: nairaAmount(a.balance_kobo) },
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
