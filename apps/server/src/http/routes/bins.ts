// The bin's operations (spec/src/bins.tsp).
import { binEntry, deleteBin, listBins, recordedRestore, restoreBin } from "../../domain/vault/bins.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import type { RouteContext } from "./context.js";

export function binRoutes({ db, blobs, logger }: RouteContext) {
  /** A restore answers the entry as it was restored, at the instant its work committed. */
  const restored = (entry: ReturnType<typeof recordedRestore>) => ({ status: 200, body: entry }) as const;
  return {
    listBins: {
      handle: async ({ userId, query, url }) => ({
        status: 200,
        body: pageBody(url, await listBins(db, userId, pageRequest(query))),
      }),
    },
    getBin: {
      handle: async ({ userId, path }) => ({ status: 200, body: await binEntry(db, userId, path.id) }),
    },
    restoreBin: {
      handle: async ({ userId, path, body, idempotency }) =>
        restored(await restoreBin(db, userId, path.id, body.tags, idempotency)),
      replay: ({ recorded, committedAt }) => restored(recordedRestore(recorded, committedAt)),
    },
    deleteBin: {
      handle: async ({ userId, path }) => {
        await deleteBin(db, blobs, logger, userId, path.id);
        return { status: 204 };
      },
    },
  } satisfies Partial<Routes>;
}
