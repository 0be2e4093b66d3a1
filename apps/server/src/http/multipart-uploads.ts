import { Transform } from "node:stream";
import { versionOfPath } from "@vault/spec/versions";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import multer from "multer";
import { DomainError } from "../domain/errors.js";
import { quotaExceeded as quotaRefusal } from "../domain/vault/usage.js";
import {
  type BlobStore,
  BlobStoreFull,
  BlobStoreRefused,
  BlobStoreUnavailable,
  type ReceivedUpload,
} from "../storage/blob-store.js";
import { badBody, bodyIssue } from "./body-checks.js";
import { contracts, resolveSchema, type SchemaObject } from "./contract-document.js";
import { ProblemError, type RequestIssue } from "./problems.js";

declare global {
  namespace Express {
    interface Request {
      /** The streamed file part of a multipart request, in the blob store's temp area. */
      upload?: ReceivedUpload & { filename: string };
    }
  }
}

const badPart = (path: string, message: string, code: string) =>
  new ProblemError("bad_request", "The multipart body does not match the contract.", [{ path, message, code }]);

/**
 * Parses `multipart/form-data` bodies with multer, streaming the file part into the
 * blob store (hashed and sniffed on the way, never held in memory), then coerces the
 * text parts by the operation's schema: booleans from `true`/`false`, arrays from one
 * or more repeated parts. JSON bodies are never coerced. Parts the schema does not
 * name are rejected. The temp file is removed when the response ends, unless the
 * handler moved it into the store.
 */
export function multipartUploads(
  blobs: BlobStore,
  maxUploadBytes: number,
  receiving?: { inc(): void; dec(): void },
  quota?: UploadQuota,
): RequestHandler {
  const storage: multer.StorageEngine = {
    _handleFile(req, file, done) {
      receiving?.inc();
      const room = req.uploadRoom;
      blobs
        .receive(room === undefined ? file.stream : file.stream.pipe(cutPast(room, quotaExceeded(room.quota))))
        .finally(() => receiving?.dec())
        .then(
          (upload) => done(null, { path: upload.temp, size: upload.size, upload } as Partial<Express.Multer.File>),
          done,
        );
    },
    _removeFile(_req, file, done) {
      blobs.discard({ temp: file.path }).then(() => done(null), done);
    },
  };
  const forms = new WeakMap<SchemaObject, { form: Form; limits: Limits; parse: RequestHandler }>();
  const formFor = (schema: SchemaObject, path: string) => {
    let found = forms.get(schema);
    if (!found) {
      const form = resolvedForm(schema, contracts[versionOfPath(path) ?? "v1"] as SchemaObject);
      const limits = formLimits(form, maxUploadBytes);
      // Filenames are UTF-8, as browsers and curl send them (busboy's default is latin1).
      found = { form, limits, parse: multer({ storage, limits, defParamCharset: "utf8" }).any() };
      forms.set(schema, found);
    }
    return found;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    const schema = req.openapi?.schema?.requestBody?.content?.["multipart/form-data"]?.schema;
    if (!schema || !req.is("multipart/form-data")) return next();
    const { form, limits, parse } = formFor(schema, req.path);
    if (quota && req.auth && quota.heldBeforeStoring(req.openapi?.schema?.operationId)) {
      const bytes = await quota.roomFor(req.auth.userId);
      req.uploadRoom = { bytes, quota: quota.bytes };
      // The file part is at most the body less what its other parts can hold: when even
      // that cannot fit, nothing of the body is read.
      if (Number(req.get("content-length")) - formOverhead(limits) > bytes) return next(quotaExceeded(quota.bytes));
    }
    parse(req, res, (err?: unknown) => {
      const files = (req.files ?? []) as (Express.Multer.File & { upload: ReceivedUpload })[];
      // After an abort mid-stream the file is only a placeholder without `upload`;
      // multer removes its temp file itself once the stream ends.
      const file = files[0];
      if (file?.upload) {
        req.upload = { ...file.upload, filename: file.originalname };
        res.on("close", () => {
          // Committed or not, the temp goes once the response ends. A store that is down
          // keeps it until the sweep (at start and hourly) finds it abandoned.
          blobs.discard(file.upload).catch((err: unknown) => req.log.warn({ err }, "upload temp not discarded"));
        });
      }
      if (err) return next(multipartError(err));
      try {
        req.body = coerceParts(req.body ?? {}, form, files);
        const issue = bodyIssue(req.body, "/body") ?? (file && bodyIssue(file.originalname, "/body/file"));
        next(issue ? badBody(issue) : undefined);
      } catch (error) {
        next(error);
      }
    });
  };
}

/** A form's schema with its parts' and their items' `$ref`s followed (in the request's version's document). */
interface Form {
  properties: Record<string, SchemaObject>;
}
type Limits = NonNullable<multer.Options["limits"]>;

function resolvedForm(schema: SchemaObject, document: SchemaObject): Form {
  const properties = Object.entries<SchemaObject>(resolveSchema(schema, document).properties ?? {}).map(
    ([name, property]) => {
      const resolved = resolveSchema(property, document);
      return [
        name,
        resolved.type === "array" ? { ...resolved, items: resolveSchema(resolved.items, document) } : resolved,
      ];
    },
  );
  return { properties: Object.fromEntries(properties) };
}

/**
 * multer's limits for one form, taken from its schema so that every part is bounded
 * before it is read and no array is built beyond its `maxItems`: as many text parts as
 * the form can hold, each no longer than its longest `maxLength` in UTF-8, one file,
 * and field names of at most one bracket (`tags[]`, `tags[3]`) with an index below
 * `maxItems`.
 */
function formLimits(form: Form, maxUploadBytes: number): Limits {
  const parts = Object.entries(form.properties).map(([name, property]) => {
    if (property.type !== "array") return { count: 1, text: property };
    if (typeof property.maxItems !== "number") throw new Error(`multipart part ${name} has no maxItems`);
    return { count: property.maxItems as number, text: property.items as SchemaObject };
  });
  const fields = parts.reduce((sum, part) => sum + part.count, 0);
  const longestText = Math.max(5, ...parts.map((part) => part.text.maxLength ?? 0));
  return {
    fileSize: maxUploadBytes,
    files: 1,
    fields,
    parts: fields + 1,
    fieldNameSize: 100,
    fieldSize: longestText * 4,
    fieldNestingDepth: 1,
    fieldArrayIndexLimit: Math.max(0, ...parts.map((part) => part.count - 1)),
  };
}

/** The most bytes a form's parts other than the file can take: its text parts, and each part's headers and boundary. */
const formOverhead = (limits: Limits) =>
  (limits.fields ?? 0) * (limits.fieldSize ?? 0) + (limits.parts ?? 0) * PART_FRAMING_BYTES;

/** A part's boundary and headers, a generous bound: a filename of 255 characters escaped, a content type. */
const PART_FRAMING_BYTES = 4096;

/** How an upload is held to the caller's quota (`USER_QUOTA_BYTES`): the bytes they may still add. */
export interface UploadQuota {
  bytes: number;
  roomFor(userId: number): Promise<number>;
  /**
   * Whether the operation's upload is refused before its bytes are stored when they do
   * not fit: one that makes a file. A replacement is held to the quota when it commits:
   * what it adds depends on its bytes (the same content adds nothing) and on the
   * versions kept (with one, the content it replaces is freed).
   */
  heldBeforeStoring(operationId: string | undefined): boolean;
}

declare global {
  namespace Express {
    interface Request {
      /** With a quota: the bytes the caller may still add, read before the body. */
      uploadRoom?: { bytes: number; quota: number };
    }
  }
}

const quotaExceeded = (quota: number) => quotaRefusal(quota, { field: "file" });

/** The stream, failing with `error` as soon as more than `room.bytes` have passed (so no more of them are stored). */
function cutPast(room: { bytes: number }, error: Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > room.bytes ? error : null, chunk);
    },
  });
}

function multipartError(err: unknown): unknown {
  // The store's failures are the server's (a 503 or 507), not the body's; nor is the quota.
  if (
    err instanceof BlobStoreUnavailable ||
    err instanceof BlobStoreRefused ||
    err instanceof BlobStoreFull ||
    err instanceof DomainError
  )
    return err;
  if (!(err instanceof multer.MulterError)) {
    return badPart("/body", (err as Error).message ?? "is not a valid multipart body", "multipart");
  }
  // Some limits (a second file part) name no field: then the body as a whole is at fault.
  const path = err.field ? `/body/${err.field}` : "/body";
  if (err.code === "LIMIT_FILE_SIZE") {
    return new ProblemError("payload_too_large", "The file is larger than the upload limit.", [
      { path, message: "exceeds the upload limit", code: "maxSize" },
    ]);
  }
  return badPart(path, err.message, err.code);
}

function coerceParts(
  fields: Record<string, unknown>,
  form: Form,
  files: Express.Multer.File[],
): Record<string, unknown> {
  const properties = form.properties;
  const issues: RequestIssue[] = [];
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!property) {
      issues.push({ path: `/body/${name}`, message: "is not a part of this form", code: "additionalProperties" });
      continue;
    }
    body[name] = coerce(value, property);
  }
  for (const file of files) {
    if (!Object.hasOwn(properties, file.fieldname) || properties[file.fieldname]?.format !== "binary") {
      issues.push({
        path: `/body/${file.fieldname}`,
        message: "is not a file part of this form",
        code: "additionalProperties",
      });
    }
    // The validator checks presence and type of the file part; the bytes are already stored.
    body[file.fieldname] = "";
  }
  if (issues.length > 0)
    throw new ProblemError("bad_request", "The multipart body does not match the contract.", issues);
  return body;
}

function coerce(value: unknown, schema: SchemaObject): unknown {
  // `tags[3]` alone makes a sparse array: its holes are no parts, so they are dropped.
  if (schema.type === "array")
    return (Array.isArray(value) ? value.filter(() => true) : [value]).map((item) => coerce(item, schema.items));
  if (schema.type === "boolean" && (value === "true" || value === "false")) return value === "true";
  if (
    (schema.type === "integer" || schema.type === "number") &&
    typeof value === "string" &&
    /^-?\d+(\.\d+)?$/.test(value)
  ) {
    return Number(value);
  }
  return value;
}
