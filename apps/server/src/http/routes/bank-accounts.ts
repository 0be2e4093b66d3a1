// The bank accounts' operations (spec/src/bank-accounts.tsp).
import {
  createBankAccount,
  getBankAccount,
  listBankAccounts,
  recordedBankAccount,
  replaceBankAccount,
} from "../../domain/banking/bank-accounts.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import { created, fetched, type RouteContext } from "./context.js";

/** An account's recorded view row as the contract's BankAccount: an event's `data.object`. */
export const presentRecordedAccount = (recorded: unknown) => recordedBankAccount(recorded).resource;

export function bankAccountRoutes({ db, config }: RouteContext) {
  const accountCreated = created(config, "/banking/v1/ng/bank_accounts/");
  return {
    listNgnBankAccounts: {
      handle: async ({ userId, query, url }) => ({
        status: 200,
        body: pageBody(url, await listBankAccounts(db, userId, pageRequest(query))),
      }),
    },
    createNgnBankAccount: {
      handle: async ({ userId, body, idempotency }) =>
        accountCreated(await createBankAccount(db, userId, body, idempotency)),
      replay: ({ recorded }) => accountCreated(recordedBankAccount(recorded)),
    },
    getNgnBankAccount: {
      handle: async ({ userId, path }) => fetched(await getBankAccount(db, userId, path.id)),
    },
    updateNgnBankAccount: {
      handle: async ({ userId, path, body, ifMatch }) =>
        fetched(await replaceBankAccount(db, { userId, id: path.id, input: body, expectedVersions: ifMatch })),
    },
  } satisfies Partial<Routes>;
}
