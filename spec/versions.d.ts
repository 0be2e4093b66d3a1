/** A version of the API, as versions.json lists it. */
export interface ApiVersion {
  name: string;
  status: "released" | "open";
  /** RFC 3339: when clients were told to move on (the Deprecation header of its answers). */
  deprecated?: string;
  /** The migration guide the deprecation's Link names. */
  migration?: string;
}

/** Every version, oldest first. */
export declare const versions: ApiVersion[];
/** The version a path belongs to (`/evault/v2/files/` is v2), or undefined. */
export declare function versionOfPath(path: string): string | undefined;
/** `text` with every API path in it (`/evault/v1/files/`) moved to `version`'s. */
export declare function textIn(version: string, text: string): string;
/** A body in v1's shape as v2 shows it; `url` rewrites each field that may hold one of the service's URLs. */
export declare function toV2<T = unknown>(
  value: unknown,
  url?: (value: string, field: string, holder: Record<string, unknown>) => unknown,
): T;
/** A body in v2's shape as v1 takes it. */
export declare function toV1<T = unknown>(value: unknown): T;
