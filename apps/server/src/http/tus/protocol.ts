// What every tus method shares: the version check, the headers that tell an upload's
// state, and the problems the protocol answers.
import type { Request, Response } from "express";
import type { UploadRow } from "../../domain/vault/resumable-uploads.js";
import { type ProblemCode, ProblemError } from "../problems.js";

export const TUS_VERSION = "1.0.0";

/** Where an upload stands after a request: its offset, and the file it made once complete. */
export interface UploadState {
  received: number;
  fileId: string | null;
}

export const headerIssue = (code: ProblemCode, message: string, header: string, issue: string, issueCode: string) =>
  new ProblemError(code, message, [{ path: `/headers/${header}`, message: issue, code: issueCode }]);

export const locked = () =>
  new ProblemError("upload_locked", "Another request is writing this upload; retry once it ends.");
export const notFound = () => new ProblemError("not_found", "No upload with this id belongs to you.");

export const pastLength = () =>
  headerIssue(
    "payload_too_large",
    "The body goes past Upload-Length: nothing past it is stored.",
    "content-length",
    "goes past Upload-Length",
    "maxSize",
  );

/** The caller, as the contract's security check authenticated them. */
export const userOf = (req: Request) => (req.auth as { userId: number }).userId;
/** The upload the request's path names. */
export const uploadIdOf = (req: Request) => String(req.openapi?.pathParams?.id);

/** Refuses a `Tus-Resumable` other than 1.0.0 with 412 and the version the server speaks. */
export function checkVersion(req: Request, res: Response): void {
  res.setHeader("Tus-Resumable", TUS_VERSION);
  if (req.get("tus-resumable") === TUS_VERSION) return;
  res.setHeader("Tus-Version", TUS_VERSION);
  throw headerIssue("tus_version", "This server speaks tus 1.0.0 only.", "tus-resumable", "is not 1.0.0", "enum");
}

export function stateHeaders(res: Response, row: UploadRow, received: number, fileId: string | null) {
  res.setHeader("Upload-Offset", String(received));
  res.setHeader("Upload-Expires", row.expires_at.toUTCString());
  const file = fileId ?? row.form.file;
  if (file !== undefined) res.setHeader("Vault-File-Id", file);
}

/** The SHA-256 an `Upload-Checksum` names (the contract admits sha256 only). */
export const checksumOf = (req: Request) => {
  const header = req.get("upload-checksum");
  return header === undefined ? undefined : Buffer.from(header.slice("sha256 ".length), "base64");
};

export const hasBody = (req: Request) =>
  Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
