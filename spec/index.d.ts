/** Absolute path of a version's generated OpenAPI 3.0 document (the one every tool reads). */
export declare function openapiPathOf(version: string): string;

/** v1's document. */
export declare const openapiPath: string;

/** A version's OpenAPI 3.0 document (v1's by default), parsed (from its generated JSON twin). */
// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
export declare function readContract(version?: string): Record<string, any>;

/** An operation's example request, from its `@opExample` in the TypeSpec. */
export interface ExampleRequest {
  method: string;
  /** The path template (`/evault/v1/files/{id}/`). */
  path: string;
  params: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    header: Record<string, unknown>;
  };
  /** The request body's media type, when the operation takes a body. */
  mediaType?: string;
  /** The example body, when its `@opExample` gives one. */
  body?: unknown;
}

/**
 * The contract's example request of every operation, by operationId (`document`: the
 * parsed OpenAPI 3.0 document); a required path or header parameter or body field no
 * example gives takes `placeholder` when one is given.
 */
export declare function exampleRequests(document: unknown, placeholder?: string): Record<string, ExampleRequest>;

/** An example request's path with its path values in place, and its query string. */
export declare function examplePath(request: Pick<ExampleRequest, "path" | "params">): string;
