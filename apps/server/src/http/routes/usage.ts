// The caller's storage figures (spec/src/usage.tsp).
import { readUsage } from "../../domain/vault/usage.js";
import type { Routes } from "../operation-types.js";
import type { RouteContext } from "./context.js";

export function usageRoutes({ db, config }: RouteContext) {
  return {
    getUsage: {
      handle: async ({ userId }) => {
        const usage = await readUsage(db, userId);
        const body = {
          files_bytes: usage.fileBytes - usage.binBytes,
          versions_bytes: usage.versionBytes,
          bin_bytes: usage.binBytes,
          total_bytes: usage.fileBytes + usage.versionBytes,
          reserved_bytes: usage.reservedBytes,
          quota_bytes: config.userQuotaBytes ?? null,
        };
        return { status: 200, body };
      },
    },
  } satisfies Partial<Routes>;
}
