// The client of API v2 (`@vault/client/v2`): user ids are strings and a share's
// `emails` a list of addresses (docs/versioning.md).
import type { components, operations, paths } from "@vault/spec/v2/schema";
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
export type User = components["schemas"]["User"];
/** Every event, one union narrowed by `type`. */
export type VaultEvent = components["schemas"]["Event"];
/** The event of one type: `EventOf<"bank_account.updated">`. */
export type EventOf<T extends VaultEvent["type"]> = Extract<VaultEvent, { type: T }>;

/** The paths whose GET answers a page `{ results, next }`: the lists. */
export type ListPath = ListPathOf<paths>;
/** The items of a list's pages. */
export type ListItem<P extends ListPath> = ListItemOf<paths, P>;
/** A list's query: its filters and `page_size`. */
export type ListQuery<P extends ListPath> = ListQueryOf<paths, P>;

/** A client of API v2. */
export type VaultClient = VaultClientOf<paths>;

/** A typed client for every operation of API v2 (see `@vault/client`'s `createVaultClient`). */
export function createVaultClient(options: VaultClientOptions): VaultClient {
  return createClientOf<paths>(options);
}
