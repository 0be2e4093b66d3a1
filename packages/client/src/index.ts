import type { components, operations, paths } from "@vault/spec/schema";
import createClient, { type Client, type ClientOptions, defaultBodySerializer } from "openapi-fetch";

export type { components, operations, paths };

/** The RFC 9457 problem document every error response carries. */
export type Problem = components["schemas"]["Problem"];
export type NgnBankAccount = components["schemas"]["NgnBankAccount"];
export type FileShare = components["schemas"]["FileShare"];
export type VaultFile = components["schemas"]["File"];
export type Folder = components["schemas"]["Folder"];
export type Bin = components["schemas"]["Bin"];

export type VaultClient = Client<paths>;

export interface VaultClientOptions {
  /** The service root, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** The api key, sent in the `api-key` header of every request. */
  apiKey?: string;
  /** A fetch implementation (tests pass a stub); the global fetch by default. */
  fetch?: ClientOptions["fetch"];
  /** Extra headers for every request. */
  headers?: Record<string, string>;
}

/**
 * A typed client for every operation of the contract. Bodies that hold a `Blob`
 * (the file update) are sent as `multipart/form-data`; all others as JSON.
 */
export function createVaultClient(options: VaultClientOptions): VaultClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    headers: { ...options.headers, ...(options.apiKey === undefined ? {} : { "api-key": options.apiKey }) },
    bodySerializer: serializeBody,
  });
}

function serializeBody(body: unknown) {
  return isMultipartBody(body) ? toFormData(body) : defaultBodySerializer(body);
}

function isMultipartBody(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && Object.values(body).some((value) => value instanceof Blob);
}

/**
 * Encodes a multipart body the way the contract reads it: a `Blob` as a file part
 * (a `File` keeps its name), an array as one part per item, booleans and numbers as
 * their text; `undefined` and `null` parts are left out.
 */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(name, item, item instanceof File ? item.name : "blob");
      else form.append(name, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  return form;
}
