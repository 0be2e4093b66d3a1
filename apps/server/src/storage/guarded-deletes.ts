import type { BlobStore } from "./blob-store.js";

/**
 * `store`, whose `delete` does nothing unless `allowed()`: bytes that no row of this
 * database names may still be named by another database's rows (a shared or unbound
 * store, an in-memory database), so they are kept until this database is known to be
 * the store's only one.
 */
export function deletingOnlyWhen(store: BlobStore, allowed: () => boolean): BlobStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === "delete") {
        return async (hash: string) => {
          if (allowed()) await target.delete(hash);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
