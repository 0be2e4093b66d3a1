// Search across the caller's vault (spec/src/search.tsp).
import { search } from "../../domain/vault/search.js";
import { checkInstant } from "../body-checks.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import type { RouteContext } from "./context.js";

export function searchRoutes({ db, contentLink }: RouteContext) {
  return {
    searchItems: {
      handle: async ({ userId, query, url }) => {
        checkInstant(query.modified_after, "/query/modified_after");
        checkInstant(query.modified_before, "/query/modified_before");
        const request = {
          q: query.q,
          kind: query.kind,
          contentType: query.content_type,
          tags: query.tags,
          folder: query.folder,
          modifiedAfter: query.modified_after,
          modifiedBefore: query.modified_before,
          inBin: query.in_bin === true,
          shared: query.shared,
        };
        const page = await search(db, userId, request, pageRequest(query), contentLink);
        return { status: 200, body: pageBody(url, page) };
      },
    },
  } satisfies Partial<Routes>;
}
