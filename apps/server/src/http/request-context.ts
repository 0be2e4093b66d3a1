declare global {
  namespace Express {
    interface Request {
      /** Set by the api-key security handler. */
      auth?: { userId: number };
    }
  }
}

/** `If-Match: "3"` -> 3; absent or `*` -> undefined; anything else can never match (-1). */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(header);
  return match ? Number(match[1]) : -1;
}

export const etag = (version: number) => `"${version}"`;
