// Handler types derived from the generated `operations`, so a missing handler, a
// wrong request field or a wrong response field is a compile error.
import type { operations } from "@vault/spec/schema";
import type { operations as V2Operations } from "@vault/spec/v2/schema";
import type { RequestHandler } from "express";
import type { ClaimedKey, RecordedWork } from "../data/idempotency-keys.js";

/**
 * Every operation of every version: v1's, and those a later version added. The handlers
 * speak v1's shapes (docs/versioning.md), so an operation v1 has is typed by v1's document
 * and one added later by its own version's.
 */
export type OperationId = keyof operations | keyof V2Operations;
type Op<K extends OperationId> = K extends keyof operations
  ? operations[K]
  : V2Operations[Exclude<K, keyof operations>];

/** The JSON body of a response, or none (204). */
type Body<R> = R extends { content: { "application/json": infer B } } ? { body: B } : { body?: never };
type SuccessStatus<K extends OperationId> = Extract<keyof Op<K>["responses"], 200 | 201 | 202 | 204 | 206>;

/** The resource's version, sent as `ETag`: required where the contract's response declares the header. */
type Versioning<R> = R extends { headers: { ETag: string } } ? { version: number } : { version?: never };

/** The new resource's absolute URL, sent as `Location`: required where the contract's response declares it. */
type Located<R> = R extends { headers: { Location: string } } ? { location: string } : { location?: never };

/** What a handler answers: one of the operation's success statuses with its JSON body (and version, and location). */
type Reply<K extends OperationId> = {
  [S in SuccessStatus<K>]: { status: S } & Body<Op<K>["responses"][S]> &
    Versioning<Op<K>["responses"][S]> &
    Located<Op<K>["responses"][S]>;
}[SuccessStatus<K>];

/** The request's body by its media type: `undefined` too where the contract makes it optional. */
type RequestContent<K extends OperationId> = [Op<K>["requestBody"]] extends [undefined]
  ? undefined
  : NonNullable<Op<K>["requestBody"]> extends { content: infer C }
    ? C[keyof C] | (undefined extends Op<K>["requestBody"] ? undefined : never)
    : undefined;

/** What a handler is given (exported so that the route modules' inferred types can be named). @public */
export interface Input<K extends OperationId> {
  /** The authenticated caller. */
  userId: number;
  path: Op<K>["parameters"]["path"];
  /** The query parameters, validated (a list's filters, `cursor` and `page_size`). */
  query: Op<K>["parameters"]["query"];
  /** The request's absolute URL under the public base URL (a page's `next` link is built from it). */
  url: URL;
  body: RequestContent<K>;
  /** The version in If-Match, when the caller sent one. */
  ifMatch: number[] | undefined;
  /** The streamed file part of a multipart request. */
  upload: Express.Request["upload"];
  /** The `Idempotency-Key` a POST holds: its work's statement marks it committed (`recordedAnswer`). */
  idempotency: ClaimedKey | undefined;
}

type Handler<K extends OperationId> = (input: Input<K>) => Promise<Reply<K>>;

/** The operations of a share's link: the link is the credential, an api-key is optional. */
export type LinkOperationId =
  | "getLink"
  | "downloadLink"
  | "listLinkFolders"
  | "listLinkFiles"
  | "downloadLinkFile"
  | "downloadLinkArchive"
  | "unlockLink";
const linkOperations: Record<LinkOperationId, true> = {
  getLink: true,
  downloadLink: true,
  listLinkFolders: true,
  listLinkFiles: true,
  downloadLinkFile: true,
  downloadLinkArchive: true,
  unlockLink: true,
};
export const isLinkOperation = (id: string | undefined): id is LinkOperationId =>
  id !== undefined && Object.hasOwn(linkOperations, id);

/** The operations whose path carries their credential (a share's link, a download link's signed token): they run with no api-key. */
export const takesCredentialInPath = (id: string | undefined): id is LinkOperationId | "downloadTemporaryLink" =>
  isLinkOperation(id) || id === "downloadTemporaryLink";

/** The tus protocol's operations (tus.ts). */
export type TusOperationId = "describeUploads" | "createUpload" | "headUpload" | "appendUpload" | "deleteUpload";

/** Operations that answer raw bytes rather than JSON, the link and the tus operations: they write the response themselves. */
export type StreamOperationId =
  | "downloadFile"
  | "headFileContent"
  | "downloadFileVersion"
  | "downloadTemporaryLink"
  | "downloadFolderArchive"
  | LinkOperationId
  | TusOperationId;
export type JsonOperationId = Exclude<OperationId, StreamOperationId>;
export type Handlers = { [K in JsonOperationId]: Handler<K> };
export type StreamHandlers = { [K in StreamOperationId]: RequestHandler };

/** The POSTs, each of which takes an `Idempotency-Key`: the contract's operations that declare the header. */
type IdempotentOperationId = {
  [K in JsonOperationId]: string extends HeaderNames<K> ? never : "Idempotency-Key" extends HeaderNames<K> ? K : never;
}[JsonOperationId];
/** The names of an operation's header parameters (every string where it has none: `header?: never`). */
type HeaderNames<K extends OperationId> = keyof Exclude<Op<K>["parameters"]["header"], undefined>;

/** A POST's answer rebuilt from what its work's statement recorded, for a retry whose first answer was never kept. */
type Replay<K extends OperationId> = (work: RecordedWork) => Reply<K> | Promise<Reply<K>>;

/**
 * One operation's home in its route module: the handler of a JSON operation (and, for
 * a POST, its `replay`, built from the same presenter), or the Express handler of one
 * that writes its own answer.
 */
type Route<K extends OperationId> = K extends StreamOperationId
  ? { stream: RequestHandler }
  : K extends IdempotentOperationId
    ? { handle: Handler<K>; replay: Replay<K> }
    : { handle: Handler<K> };

/** Every operation of the contract with its route: `npm run check` fails while one has none. */
export type Routes = { [K in OperationId]: Route<K> };
