// OPTIONS: what the server supports of tus, for a client to discover.
import type { RequestHandler } from "express";
import { TUS_VERSION } from "./protocol.js";

const EXTENSIONS = "creation,creation-with-upload,termination,expiration,checksum";

export function describeUploads(maxUploadBytes: number): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Tus-Version", TUS_VERSION);
    res.setHeader("Tus-Extension", EXTENSIONS);
    res.setHeader("Tus-Max-Size", String(maxUploadBytes));
    res.setHeader("Tus-Checksum-Algorithm", "sha256");
    res.status(204).end();
  };
}
