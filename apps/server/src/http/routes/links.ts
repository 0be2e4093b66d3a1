// The link operations (spec/src/links.tsp): a share's link is its own credential. Every answer, problems
// included, says that no cache may keep it (a link can end at any moment).
import type { operations } from "@vault/spec/schema";
import { versionOfPath } from "@vault/spec/versions";
import type { Request, RequestHandler } from "express";
import type { Db } from "../../data/database.js";
import { iso } from "../../domain/contract.js";
import type { Page } from "../../domain/pagination.js";
import { verifyPassword } from "../../domain/passwords.js";
import { folderArchive } from "../../domain/vault/folder-archives.js";
import { acceptsAccess, issueAccess, linkToken } from "../../domain/vault/link-tokens.js";
import {
  linkFileContent,
  linkFiles,
  linkFolder,
  linkFolders,
  type OpenedLink,
  openLink,
  recordAccess,
  sharedWithMe,
} from "../../domain/vault/links.js";
import { type Content, serveContent } from "../downloads.js";
import { archiveLimits, sendArchive } from "../folder-archives.js";
import {
  ACCESS_COOKIE,
  filePage,
  folderPage,
  linkUrls,
  listingCursor,
  sendPage,
  setLinkUrls,
  wantsPage,
} from "../link-pages.js";
import { isLinkOperation, type Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import { ProblemError } from "../problems.js";
import type { RouteContext } from "./context.js";

/** A link's answer is for whoever holds the link, now: nothing may keep it. */
const LINK_CACHE_CONTROL = "private, no-store";

type SharedItem = operations["getLink"]["responses"][200]["content"]["application/json"];

/** The link of the request as it stands, or the problem that says why it cannot be opened (404 for every kind of missing). */
async function found(db: Db, req: Request): Promise<OpenedLink> {
  const token = String(req.openapi?.pathParams?.token ?? "");
  const link = await openLink(db, token, req.auth?.userId);
  if (link === "missing") throw new ProblemError("not_found", "No link with this token can be opened.");
  if (link === "expired") throw new ProblemError("share_expired", "This link has expired.");
  if (link.accessDue) recordAccessWhenServed(db, req, link.shareId);
  return link;
}

/**
 * Once the request's answer has started with a success (a download the client cuts
 * short included), the share's `last_accessed_at` moves; a refusal (401 without the
 * unlock, a wrong password, a folder outside the link) leaves it.
 */
function recordAccessWhenServed(db: Db, req: Request, shareId: string) {
  req.res?.once("close", () => {
    if (!req.res?.headersSent || req.res.statusCode >= 400) return;
    recordAccess(db, shareId).catch((err: unknown) => req.log.warn({ err }, "link access not recorded"));
  });
}

const BEARER = /^Bearer ([\w.-]{1,200})$/;

/** The unlock the request carries: a program's `Authorization: Bearer`, else a browser's cookie. */
function unlockOf(req: Request): { token: string; at: string } | undefined {
  const bearer = BEARER.exec(req.get("authorization") ?? "")?.[1];
  if (bearer !== undefined) return { token: bearer, at: "/headers/authorization" };
  const cookie: unknown = req.cookies?.[ACCESS_COOKIE];
  return typeof cookie === "string" ? { token: cookie, at: `/cookies/${ACCESS_COOKIE}` } : undefined;
}

/** The link of the request, open for its caller: a password link needs a current unlock, unless the caller is a member. */
async function opened(db: Db, req: Request): Promise<OpenedLink> {
  const link = await found(db, req);
  if (!link.hasPassword || link.member) return link;
  const unlock = unlockOf(req);
  if (unlock !== undefined && acceptsAccess(link, unlock.token)) return link;
  throw new ProblemError("unauthorized", "This link is protected by a password: unlock it first.", [
    unlock === undefined
      ? { path: "/headers/authorization", message: "is required: Bearer and the link's unlock token", code: "required" }
      : { path: unlock.at, message: "is not a current unlock of this link", code: "invalid_unlock" },
  ]);
}

/** What a link shares, as whoever opens it sees it. */
const presentShared = (link: Pick<OpenedLink, "item" | "ownerName" | "expiresAt" | "hasPassword">): SharedItem => ({
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
 * included, before anything can refuse it, and notes the link's URLs for its pages.
 */
export const linkAnswers =
  (publicBaseUrl: string): RequestHandler =>
  (req, res, next) => {
    if (isLinkOperation(req.openapi?.schema?.operationId)) {
      res.setHeader("Cache-Control", LINK_CACHE_CONTROL);
      res.setHeader("Referrer-Policy", "no-referrer");
      setLinkUrls(res, publicBaseUrl, String(req.openapi?.pathParams?.token ?? ""), versionOfPath(req.path) ?? "v1");
    }
    next();
  };

/** How many subfolders and files one page of a folder link shows, of each. */
const PAGE_ROWS = 50;

/** A folder link's page: the folders of `folder` from the cursor, then, once they are all shown, its files. */
async function folderListing(db: Db, link: OpenedLink, folder: { id: string }, cursor: string | undefined) {
  const at = listingCursor(cursor);
  if (!at) {
    throw new ProblemError("bad_request", "The cursor is not one of this page's.", [
      { path: "/query/cursor", message: "is not a cursor of this page", code: "cursor" },
    ]);
  }
  const folders =
    at.list === "folders"
      ? await linkFolders(db, link, folder.id, { cursor: at.cursor, pageSize: PAGE_ROWS })
      : undefined;
  const files = folders?.next
    ? undefined
    : await linkFiles(db, link, folder.id, {
        cursor: at.list === "files" ? at.cursor : undefined,
        pageSize: PAGE_ROWS,
      });
  return { folders, files };
}

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

type LinkContext = Pick<RouteContext, "db" | "blobs" | "config" | "linkDownloads">;

/** A download through the link: `find` names the content of the opened link; each whole download is counted. */
const linkContent =
  (
    { db, blobs, linkDownloads }: LinkContext,
    find: (link: OpenedLink, req: Request) => Promise<Content>,
  ): RequestHandler =>
  async (req, res, next) => {
    let shareId = "";
    await serveContent(req, res, next, blobs, {
      async find() {
        const link = await opened(db, req);
        shareId = link.shareId;
        return find(link, req);
      },
      cacheControl: LINK_CACHE_CONTROL,
      sentWhole: () => linkDownloads.add(shareId),
    });
  };

/** A folder link's archive: the owner's archive of the shared folder, counted when sent whole. */
const linkArchive =
  ({ db, blobs, config, linkDownloads }: LinkContext): RequestHandler =>
  async (req, res, next) => {
    const link = await opened(db, req);
    if (link.item.kind !== "folder") throw new ProblemError("not_found", "This link shares a file, not a folder.");
    const archive = await folderArchive(db, link.ownerId, link.item.id, archiveLimits(config));
    await sendArchive(req, res, next, blobs, archive, () => linkDownloads.add(link.shareId));
  };

const query = (req: Request) => req.query as { folder?: string; cursor?: string; page_size?: number };

/** What the link shares (or a folder in it), as JSON or, for a browser, as its page. */
const getLink =
  (db: Db): RequestHandler =>
  async (req, res) => {
    const link = await opened(db, req);
    const { folder: folderId, cursor } = query(req);
    const folder = folderId === undefined ? undefined : await linkFolder(db, link, folderId);
    if (folderId !== undefined && folder === undefined) {
      throw new ProblemError("not_found", "No folder with this id is shared by this link.");
    }
    if (wantsPage(req)) {
      if (link.item.kind === "file") return sendPage(res, 200, filePage({ ...link, item: link.item }));
      const listed = folder ?? link.item;
      return sendPage(
        res,
        200,
        folderPage(link, { folder: listed, ...(await folderListing(db, link, listed, cursor)) }),
      );
    }
    if (cursor !== undefined) {
      throw new ProblemError("bad_request", "Only the link's page takes a cursor; lists are …/folders/ and …/files/.", [
        { path: "/query/cursor", message: "is for the link's page (text/html) only", code: "cursor" },
      ]);
    }
    res.status(200).json(presentShared(folder ? { ...link, item: { kind: "folder", ...folder } } : link));
  };

/** The subfolders of a folder link's folder, a page at a time. */
const listLinkFolders =
  (db: Db, publicBaseUrl: string): RequestHandler =>
  async (req, res) => {
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
    res.status(200).json(pageBody(new URL(`${publicBaseUrl}${req.originalUrl}`), folders));
  };

/** The files of a folder link's folder, a page at a time, each with its content's URL through the link. */
const listLinkFiles =
  (db: Db, publicBaseUrl: string): RequestHandler =>
  async (req, res) => {
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
    res.status(200).json(pageBody(new URL(`${publicBaseUrl}${req.originalUrl}`), files));
  };

/** A password link's unlock: a token for a program, or for the page's form a cookie and a redirect back. */
const unlockLink =
  (db: Db, secure: boolean): RequestHandler =>
  async (req, res) => {
    const link = await found(db, req);
    const { password } = req.body as { password: string };
    const right = link.passwordHash === null || (await verifyPassword(password, link.passwordHash, link.ownerId));
    if (!right) {
      throw new ProblemError("unauthorized", "The password is not this link's.", [
        { path: "/body/password", message: "is not this link's password", code: "wrong_password" },
      ]);
    }
    const access = issueAccess(link);
    const urls = linkUrls(res);
    if (req.is("application/x-www-form-urlencoded") && urls) {
      // The page's form: the browser keeps the unlock for this link's path, out of the page's scripts' reach.
      res.cookie(ACCESS_COOKIE, access.access_token, {
        httpOnly: true,
        sameSite: "strict",
        secure,
        path: new URL(urls.page).pathname,
        expires: access.expires_at,
      });
      return void res.status(303).location(urls.page).end();
    }
    res.status(200).json({ access_token: access.access_token, expires_at: iso(access.expires_at) });
  };

export function linkRoutes(context: RouteContext) {
  const { db, config, shareUrls } = context;
  const { publicBaseUrl } = config;
  return {
    getLink: { stream: getLink(db) },
    downloadLink: {
      stream: linkContent(context, async (link) => {
        if (link.item.kind !== "file") throw new ProblemError("not_found", "This link shares a folder, not a file.");
        const { name, hash, size, mimetype } = link.item;
        return { name, folder: null, hash, size, mimetype };
      }),
    },
    downloadLinkArchive: { stream: linkArchive(context) },
    listLinkFolders: { stream: listLinkFolders(db, publicBaseUrl) },
    listLinkFiles: { stream: listLinkFiles(db, publicBaseUrl) },
    unlockLink: { stream: unlockLink(db, publicBaseUrl.startsWith("https:")) },
    downloadLinkFile: {
      stream: linkContent(context, async (link, req) => {
        const found = await linkFileContent(db, link, String(req.openapi?.pathParams?.file_id ?? ""));
        if (!found) throw new ProblemError("not_found", "No file with this id is shared by this link.");
        return found;
      }),
    },
    listSharedWithMe: {
      handle: async ({ userId, query, url }) => {
        const page = await sharedWithMe(db, userId, pageRequest(query), query?.q);
        const items = page.items.map((share) => ({
          link: shareUrls.link(linkToken(share.id, share.linkSealed)),
          owner: { name: share.ownerName },
          shared: presentShared(share),
          created_at: iso(share.createdAt),
        }));
        return { status: 200, body: pageBody(url, { items, next: page.next }) };
      },
    },
  } satisfies Partial<Routes>;
}
