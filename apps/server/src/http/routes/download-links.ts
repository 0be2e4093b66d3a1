// A download link's content (spec/src/download-links.tsp): the link's signed token is the
// credential, so it runs with no api-key.
import type { Request, Response } from "express";
import { linkedContent, readDownloadToken } from "../../domain/vault/download-links.js";
import { serveContent } from "../downloads.js";
import type { Routes } from "../operation-types.js";
import { answerProblem } from "../problems.js";
import type { RouteContext } from "./context.js";

const REFUSALS = {
  invalid: "This is not a download link of this service, or it was altered.",
  expired: "This download link has expired: ask its owner for a new one.",
} as const;

export function downloadLinkRoutes({ db, blobs }: RouteContext) {
  return {
    downloadTemporaryLink: {
      stream: async (req: Request, res: Response, next) => {
        const reading = readDownloadToken(String(req.openapi?.pathParams?.token ?? ""));
        if ("refused" in reading) return answerProblem(req, res, "download_link_refused", REFUSALS[reading.refused]);
        await serveContent(req, res, next, blobs, {
          find: () => linkedContent(db, reading.link),
          cacheControl: "private, no-cache",
        });
      },
    },
  } satisfies Partial<Routes>;
}
