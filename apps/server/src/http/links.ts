// The link operations: a share's link is its own credential. Every answer, problems
// included, says that no cache may keep it (a link can end at any moment).
import type { operations } from "@vault/spec/schema";
import type { Request, RequestHandler } from "express";
import type { Db } from "../data/database.js";
import { iso } from "../domain/contract.js";
import type { Page } from "../domain/pagination.js";
import {
  countDownload,
  linkFileContent,
  linkFiles,
  linkFolders,
  type OpenedLink,
  openLink,
} from "../domain/vault/links.js";
import type { BlobStore } from "../storage/blob-store.js";
import { type Content, serveContent } from "./downloads.js";
import { isLinkOperation, type LinkOperationId } from "./operation-types.js";
import { pageBody, pageRequest } from "./pages.js";
import { ProblemError } from "./problems.js";

/** A link's answer is for whoever holds the link, now: nothing may keep it. */
const LINK_CACHE_CONTROL = "private, no-store";

type SharedItem = operations["getLink"]["responses"][200]["content"]["application/json"];

/** The link of the request, open for its caller, or the problem that says why not (404 for every kind of missing). */
async function opened(db: Db, req: Request): Promise<OpenedLink> {
  const token = String(req.openapi?.pathParams?.token ?? "");
  const link = await openLink(db, token, req.auth?.userId);
  if (link === "missing") throw new ProblemError("not_found", "No link with this token can be opened.");
  if (link === "expired") throw new ProblemError("share_expired", "This link has expired.");
  if (link.hasPassword && !link.member) {
    throw new ProblemError("unauthorized", "This link is protected by a password: unlock it first.", [
      {
        path: "/headers/authorization",
        message: "is required: a Bearer token from the link's unlock",
        code: "required",
      },
    ]);
  }
  return link;
}

const present = (link: OpenedLink): SharedItem => ({
  kind: link.item.kind,
  name: link.item.name,
  size: link.item.size,
  content_type: link.item.kind === "file" ? link.item.mimetype : null,
  owner: { name: link.ownerName },
  expires_at: link.expiresAt === null ? null : iso(link.expiresAt),
  has_password: link.hasPassword,
});

/**
 * Mounted right behind routing: marks every answer to a link, problems and 429s
 * included, before anything can refuse it.
 */
export const linkAnswerHeaders: RequestHandler = (req, res, next) => {
  if (isLinkOperation(req.openapi?.schema?.operationId)) {
    res.setHeader("Cache-Control", LINK_CACHE_CONTROL);
    res.setHeader("Referrer-Policy", "no-referrer");
  }
  next();
};

type Listed<K extends "listLinkFolders" | "listLinkFiles"> =
  operations[K]["responses"][200]["content"]["application/json"]["results"][number];

/** A page through a link: the subtree's folder of the request's `folder`, or 404 as for any folder outside it. */
function listedPage<T>(page: Page<T> | undefined): Page<T> {
  if (!page) throw new ProblemError("not_found", "No folder with this id is shared by this link.");
  return page;
}

const dates = <T extends { created_at: Date | string; updated_at: Date | string }>(row: T) => ({
  ...row,
  created_at: iso(new Date(row.created_at)),
  updated_at: iso(new Date(row.updated_at)),
});

export function linkHandlers(db: Db, store: BlobStore, publicBaseUrl: string): Record<LinkOperationId, RequestHandler> {
  const requestUrl = (req: Request) => new URL(`${publicBaseUrl}${req.originalUrl}`);
  /** A download through the link: `find` names the content of the opened link; each whole download is counted. */
  const linkContent =
    (find: (link: OpenedLink, req: Request) => Promise<Content>): RequestHandler =>
    async (req, res, next) => {
      let shareId = "";
      await serveContent(req, res, next, store, {
        async find() {
          const link = await opened(db, req);
          shareId = link.shareId;
          return find(link, req);
        },
        cacheControl: LINK_CACHE_CONTROL,
        // The bytes are out: a count that fails is logged, not answered.
        sentWhole: () =>
          countDownload(db, shareId).catch((err: unknown) => req.log.warn({ err }, "download not counted")),
      });
    };
  const query = (req: Request) => req.query as { folder?: string; cursor?: string; page_size?: number };
  return {
    async getLink(req, res) {
      res.status(200).json(present(await opened(db, req)));
    },
    downloadLink: linkContent(async (link) => {
      if (link.item.kind !== "file") throw new ProblemError("not_found", "This link shares a folder, not a file.");
      const { name, hash, size, mimetype } = link.item;
      return { name, folder: null, hash, size, mimetype };
    }),
    async listLinkFolders(req, res) {
      const link = await opened(db, req);
      const page = listedPage(await linkFolders(db, link, query(req).folder, pageRequest(query(req))));
      const folders: Page<Listed<"listLinkFolders">> = {
        items: page.items.map(({ id, name, size, files_count, folders_count, created_at, updated_at }) =>
          dates({
            id,
            name,
            size: Number(size),
            files_count: Number(files_count),
            folders_count: Number(folders_count),
            created_at,
            updated_at,
          }),
        ),
        next: page.next,
      };
      res.status(200).json(pageBody(requestUrl(req), folders));
    },
    async listLinkFiles(req, res) {
      const link = await opened(db, req);
      const token = encodeURIComponent(String(req.openapi?.pathParams?.token ?? ""));
      const page = listedPage(await linkFiles(db, link, query(req).folder, pageRequest(query(req))));
      const files: Page<Listed<"listLinkFiles">> = {
        items: page.items.map(({ id, name, size, content_type, created_at, updated_at }) =>
          dates({
            id,
            name,
            size: Number(size),
            content_type,
            content: `${publicBaseUrl}/evault/v1/links/${token}/files/${encodeURIComponent(id)}/content/`,
            created_at,
            updated_at,
          }),
        ),
        next: page.next,
      };
      res.status(200).json(pageBody(requestUrl(req), files));
    },
    downloadLinkFile: linkContent(async (link, req) => {
      const found = await linkFileContent(db, link, String(req.openapi?.pathParams?.file_id ?? ""));
      if (!found) throw new ProblemError("not_found", "No file with this id is shared by this link.");
      return found;
    }),
  };
}
