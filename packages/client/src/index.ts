import type { components, operations, paths } from "@vault/spec/v1/schema";
import type * as V2 from "./v2.js";
import {
  createClientOf,
  type ListItemOf,
  type ListPathOf,
  type ListQueryOf,
  type RetryOptions,
  type VaultClientOf,
  type VaultClientOptions,
} from "./vault-client.js";

export { toFormData, VaultProblemError } from "./vault-client.js";
export type { components, operations, paths, RetryOptions, VaultClientOptions };

/** The RFC 9457 problem document every error response carries. */
export type Problem = components["schemas"]["Problem"];
export type NgnBankAccount = components["schemas"]["NgnBankAccount"];
export type FileShare = components["schemas"]["FileShare"];
export type VaultFile = components["schemas"]["File"];
export type Folder = components["schemas"]["Folder"];
export type Bin = components["schemas"]["Bin"];
/** Every event, one union narrowed by `type`: `if (event.type === "file.updated") event.data.previous_attributes`. */
export type VaultEvent = components["schemas"]["Event"];
/** The event of one type: `EventOf<"bank_account.updated">`. */
export type EventOf<T extends VaultEvent["type"]> = Extract<VaultEvent, { type: T }>;

/** The paths whose GET answers a page `{ results, next }`: the lists. */
export type ListPath = ListPathOf<paths>;
/** The items of a list's pages. */
export type ListItem<P extends ListPath> = ListItemOf<paths, P>;
/** A list's query: its filters and `page_size` (the `cursor` is the iterator's business). */
export type ListQuery<P extends ListPath> = ListQueryOf<paths, P>;

/** A client of API v1 (the default until v2 is released). */
export type VaultClient = VaultClientOf<paths>;

/**
 * A typed client for every operation of the contract: of v1 by default, of v2 with
 * `version: "v2"` (the same as `@vault/client/v2`'s). Bodies that hold a `Blob` (the
 * file update) are sent as `multipart/form-data`, a `Blob` body as its bytes (a tus
 * PATCH); all others as JSON. Every POST carries an `Idempotency-Key`, so a retried
 * create is never a duplicate.
 */
// v1's overload last: `ReturnType<typeof createVaultClient>` is a v1 client, as before v2.
export function createVaultClient(options: VaultClientOptions & { version: "v2" }): V2.VaultClient;
// A version chosen at run time: either client.
export function createVaultClient(options: VaultClientOptions & { version: "v1" | "v2" }): VaultClient | V2.VaultClient;
export function createVaultClient(options: VaultClientOptions & { version?: "v1" }): VaultClient;
export function createVaultClient(
  options: VaultClientOptions & { version?: "v1" | "v2" },
): VaultClient | V2.VaultClient {
  // A version is its paths (`/evault/v2/…`): the requests are the same code, only their types differ.
  return options.version === "v2" ? createClientOf<V2.paths>(options) : createClientOf<paths>(options);
}
