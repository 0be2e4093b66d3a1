// A link as a page a person opens in a browser: plain server-rendered HTML, no script,
// every text escaped. Relative URLs keep the page working behind any base path: the
// page of a link is `…/links/{token}/`, its content `content/`, a folder `?folder=<id>`.
import type { components } from "@vault/spec/schema";
import formatBytes from "bytes";
import escapeHtml from "escape-html";
import type { Request, Response } from "express";
import type { Page } from "../domain/pagination.js";
import type { LinkFileRow, LinkFolderRow, OpenedLink } from "../domain/vault/links.js";
import { isLinkOperation } from "./operation-types.js";

/** The one cookie a browser's unlock is kept in (set for the link's own path). */
export const ACCESS_COOKIE = "link_access";

/** A link's page and its unlock, absolute (the public base URL's), as every answer to the link knows them. */
export interface LinkUrls {
  page: string;
  unlock: string;
}

/** Notes the link's URLs on the version its request came on: the unlock's cookie and redirect stay on it. */
export function setLinkUrls(res: Response, publicBaseUrl: string, token: string, version: string): void {
  const page = `${publicBaseUrl}/evault/${version}/links/${encodeURIComponent(token)}/`;
  res.locals.linkUrls = { page, unlock: `${page}unlock/` } satisfies LinkUrls;
}

export const linkUrls = (res: Response): LinkUrls | undefined => res.locals.linkUrls as LinkUrls | undefined;

/** Whether the request is a browser's: a link operation whose caller prefers a page to JSON. */
export const wantsPage = (req: Request | undefined): req is Request =>
  req !== undefined &&
  isLinkOperation(req.openapi?.schema?.operationId) &&
  req.accepts(["application/json", "application/problem+json", "text/html"]) === "text/html";

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:44rem;margin:3rem auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:0 0 .5rem;word-break:break-word}.meta{color:#5a6275;margin:0 0 1.5rem}
.button,button{display:inline-block;background:#2456d3;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;font-size:1rem;text-decoration:none;cursor:pointer}
table{width:100%;border-collapse:collapse}td{padding:.45rem .25rem;border-top:1px solid #e3e5ea;word-break:break-word}
td.size{text-align:right;white-space:nowrap;color:#5a6275}input{font-size:1rem;padding:.5rem;width:16rem;margin-right:.5rem}
.error{color:#b3261e}`;

const text = (value: string | number) => escapeHtml(String(value));
const size = (bytes: number) => formatBytes(bytes, { unitSeparator: " " }) ?? `${bytes} B`;

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${text(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

/** Sends a page; the link's `Cache-Control` and `Referrer-Policy` are already set (see linkAnswerHeaders). */
export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type("text/html; charset=utf-8").send(html);
}

function sharedBy(link: OpenedLink): string {
  const expiry = link.expiresAt === null ? "" : ` · until ${text(link.expiresAt.toUTCString())}`;
  return `<p class="meta">${size(link.item.size)} · shared by ${text(link.ownerName)}${expiry}</p>`;
}

/** A shared file: its name, size, owner and a download button. */
export function filePage(link: OpenedLink & { item: { kind: "file" } }): string {
  return document(
    link.item.name,
    `<h1>${text(link.item.name)}</h1>
${sharedBy(link)}
<a class="button" href="content/" download>Download</a>`,
  );
}

/** Where a folder page's listing resumes: in its folders, or in its files once the folders are all shown. */
export type ListingCursor = { list: "folders" | "files"; cursor: string | undefined };

const CURSOR = /^(folders|files):(.+)$/;

/** The page's `cursor` query as a position in the listing (the folders' start when absent). */
export function listingCursor(query: string | undefined): ListingCursor | undefined {
  if (query === undefined) return { list: "folders", cursor: undefined };
  const [, list, cursor] = CURSOR.exec(query) ?? [];
  return list === "folders" || list === "files" ? { list, cursor } : undefined;
}

export interface FolderListing {
  /** The listed folder: the shared one, or one inside it. */
  folder: { id: string; name: string; size: number };
  folders: Page<LinkFolderRow> | undefined;
  files: Page<LinkFileRow> | undefined;
}

/** The next page's `cursor` query, or undefined on the listing's last page. */
function nextCursor(listing: Pick<FolderListing, "folders" | "files">): string | undefined {
  if (listing.folders?.next) return `folders:${listing.folders.next}`;
  if (listing.files?.next) return `files:${listing.files.next}`;
  return undefined;
}

/** A shared folder (or a folder inside it): its subfolders and files, each a link, a page at a time. */
export function folderPage(link: OpenedLink, listing: FolderListing): string {
  const { folder, folders, files } = listing;
  const inSubfolder = folder.id !== link.item.id;
  const here = (query: Record<string, string>) => `?${new URLSearchParams(query).toString()}`;
  const rows = [
    ...(folders?.items ?? []).map(
      (f) =>
        `<tr><td><a href="${text(here({ folder: f.id }))}">${text(f.name)}/</a></td><td class="size">${size(Number(f.size))}</td></tr>`,
    ),
    ...(files?.items ?? []).map(
      (f) =>
        `<tr><td><a href="files/${text(encodeURIComponent(f.id))}/content/" download>${text(f.name)}</a></td><td class="size">${size(Number(f.size))}</td></tr>`,
    ),
  ];
  const next = nextCursor(listing);
  const nextQuery = next && here(inSubfolder ? { folder: folder.id, cursor: next } : { cursor: next });
  return document(
    folder.name,
    `${inSubfolder ? `<p><a href="./">${text(link.item.name)}</a></p>` : ""}
<h1>${text(folder.name)}/</h1>
${sharedBy({ ...link, item: { ...link.item, size: folder.size } })}
${inSubfolder ? "" : `<p><a class="button" href="archive/" download>Download all</a></p>`}
${rows.length > 0 ? `<table><tbody>\n${rows.join("\n")}\n</tbody></table>` : "<p>This folder is empty.</p>"}
${nextQuery ? `<p><a href="${text(nextQuery)}">More</a></p>` : ""}`,
  );
}

/** The password form of a link, posted to its unlock; `wrong` says the last try was not the password. */
function passwordForm(unlockUrl: string, wrong: boolean): string {
  return document(
    "Password required",
    `<h1>This link is protected by a password</h1>
${wrong ? `<p class="error" role="alert">That is not this link's password.</p>` : ""}
<form method="post" action="${text(unlockUrl)}">
<label>Password <input type="password" name="password" required maxlength="1024" autofocus></label>
<button type="submit">Open</button>
</form>`,
  );
}

/** The contract's problem, as problems.ts answers it; the page only reads it. */
type Problem = components["schemas"]["Problem"];

/**
 * A problem as a page. A password link's 401 asks for the password (`unlockUrl`, when
 * the link is known); anything else says what happened, as the problem's title and detail.
 */
export function problemPage(problem: Problem, unlockUrl: string | undefined): string {
  if (problem.status === 401 && unlockUrl !== undefined) {
    return passwordForm(unlockUrl, problem.errors?.some((issue) => issue.code === "wrong_password") ?? false);
  }
  return document(
    problem.title,
    `<h1>${text(problem.title)}</h1>
<p>${text(problem.detail ?? "")}</p>`,
  );
}
