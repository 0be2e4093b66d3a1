// What every route module is built from: the database, the blobs, the configuration,
// and the links a resource's answer holds.
import type { Config } from "../../config.js";
import type { Db } from "../../data/database.js";
import type { Versioned } from "../../domain/contract.js";
import type { CleanupLog } from "../../domain/vault/blob-sweep.js";
import { DownloadCounts } from "../../domain/vault/download-counts.js";
import type { VaultSettings } from "../../domain/vault/files.js";
import type { BlobStore } from "../../storage/blob-store.js";
import { ProblemError } from "../problems.js";

export type PublicConfig = Config & { publicBaseUrl: string };

export interface RouteContext {
  db: Db;
  blobs: BlobStore;
  config: PublicConfig;
  /** Where cleanups that fail after a commit are logged. */
  logger: CleanupLog;
  /** The URL of a file's content: a File's `file`. */
  contentLink: (fileId: string) => string;
  /** A share's links: its file's content and its own link page. */
  shareUrls: { content: (fileId: string) => string; link: (token: string) => string };
  /** What the file writes need of the configuration. */
  settings: VaultSettings;
  /** The URL of a download link's token on this service. */
  downloadUrl: (token: string) => string;
  /** The whole downloads through links, written to their shares once an interval. */
  linkDownloads: DownloadCounts;
}

/** The URL of a file's content: a File's `file`. */
const contentLinkOf = (publicBaseUrl: string) => (fileId: string) =>
  `${publicBaseUrl}/evault/v1/files/${encodeURIComponent(fileId)}/content/`;

/** What the file writes need of the configuration: links, the bin's retention, versions kept, where cleanups log. */
const vaultSettings = (config: PublicConfig, cleanupLog: CleanupLog): VaultSettings => ({
  contentLink: contentLinkOf(config.publicBaseUrl),
  binRetentionDays: config.binRetentionDays,
  versionsKept: config.fileVersionsKept,
  cleanupLog,
});

export type ResourceUrls = Pick<RouteContext, "contentLink" | "shareUrls" | "downloadUrl">;

/** The links of the resources' answers under the public base URL. */
export function resourceUrls(publicBaseUrl: string): ResourceUrls {
  const contentLink = contentLinkOf(publicBaseUrl);
  return {
    contentLink,
    shareUrls: { content: contentLink, link: (token: string) => `${publicBaseUrl}/evault/v1/links/${token}/` },
    downloadUrl: (token: string) => `${publicBaseUrl}/evault/v1/downloads/${token}/`,
  };
}

/** The routes' context for a server's database, blobs and configuration. */
export function routeContext(db: Db, blobs: BlobStore, config: PublicConfig, logger: CleanupLog): RouteContext {
  const linkDownloads = new DownloadCounts(db, (err) => logger.warn({ err }, "link downloads not counted yet"));
  return {
    db,
    blobs,
    config,
    logger,
    ...resourceUrls(config.publicBaseUrl),
    settings: vaultSettings(config, logger),
    linkDownloads,
  };
}

/** A create's answer: 201, the resource, its version, and its GET's absolute URL under `collection` as `Location`. */
export const created =
  (config: PublicConfig, collection: string) =>
  <T extends { id: string }>({ resource, version }: Versioned<T>) =>
    ({
      status: 201,
      body: resource,
      version,
      location: `${config.publicBaseUrl}${collection}${encodeURIComponent(resource.id)}/`,
    }) as const;

/** A read's or an update's answer: 200, the resource, and its version (the `ETag`). */
export const fetched = <T>({ resource, version }: Versioned<T>) => ({ status: 200, body: resource, version }) as const;

/** The streamed file part of a multipart request; without it the form is incomplete. */
export function requireUpload<U>(upload: U | undefined): U {
  if (!upload)
    throw new ProblemError("bad_request", "The file part is missing.", [
      { path: "/body/file", message: "is required", code: "required" },
    ]);
  return upload;
}
