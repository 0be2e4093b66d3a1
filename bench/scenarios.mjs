// The request each benchmark sends per operation.

const BOUNDARY = "vaultbenchboundary";
export function multipart(fields, file) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `${parts.join("")}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return { head, tail: `\r\n--${BOUNDARY}--\r\n`, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/**
 * Per operation, the request connection `i` sends, repeatably: each request leaves the
 * data able to take the next one, and each connection has its own row (see seed.mjs).
 * Bin restore is left out: every restore needs a fresh bin entry. `as` is the seeded
 * user (0 or 1) who sends them.
 */
export function scenarios(server, as = 0) {
  const user = server.users[as];
  const other = server.users[1 - as];
  const pool = server.pools?.[as] ?? server.pool;
  const pick = (ids, i) => ids[i % ids.length];
  const json = (method, path, body) => ({
    method,
    path,
    headers: { "api-key": user.api_key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const upload = multipart(
    { name: "bench.txt", description: "benchmark upload" },
    { name: "bench.txt", type: "text/plain" },
  );
  return {
    // Full replacement of the writable fields (~0.2 KB body, ~1 KB response).
    updateNgnBankAccount: (i) =>
      json("PUT", `/banking/v1/ng/bank_accounts/${pick(pool.bank_account_ids, i)}/`, {
        account_number: `bench-${server.pid}-${as}-${i}`,
        account_name: "Benchmark savings account",
        classification: "PERSONAL",
        status: "ACTIVE",
        business_name: "Benchmark Ltd",
        reference: "REF-BENCH-0001",
      }),
    // Partial update: access and the linked users (each must exist: one more lookup).
    updateFileShare: (i) =>
      json("PATCH", `/evault/v1/file_shares/${pick(pool.file_share_ids, i)}/`, { access: "public", users: [other.id] }),
    // Stars a folder (the same value every time).
    updateFavouriteFolder: (i) =>
      json("PATCH", `/evault/v1/favourite/folders/${pick(pool.folder_ids, i)}/`, { is_starred: true }),
    // Deep-copies "Projects" (3 folders, files at every level) to the root.
    duplicateFolder: () =>
      json("POST", `/evault/v1/folders/${user.projects_folder_id}/duplicate_folder/`, {
        name: "Projects (bench copy)",
      }),
    // A new folder at the root, each request its own.
    createFolder: () => json("POST", "/evault/v1/folders/", { name: "Bench folder", description: "one of many" }),
    // Replaces a file's content with the same 64 bytes (multipart; the blob deduplicates).
    updateFile: (i) => ({
      method: "PUT",
      path: `/evault/v1/files/${pick(pool.file_ids, i)}/`,
      headers: { "api-key": user.api_key, "content-type": upload.contentType },
      body: `${upload.head}${"benchmark bytes ".repeat(4)}${upload.tail}`,
    }),
    // Reads one of the seeded folders.
    getFolder: (i) => ({
      method: "GET",
      path: `/evault/v1/folders/${pick(pool.folder_ids, i)}/`,
      headers: { "api-key": user.api_key },
    }),
    // A one-word search (over SEED_SEARCH_ITEMS items of serve.mjs, or the seed's few).
    searchItems: () => ({
      method: "GET",
      path: "/evault/v1/search/?q=invoice",
      headers: { "api-key": user.api_key },
    }),
    // The user's demo file: a few bytes of text.
    downloadFile: () => ({
      method: "GET",
      path: `/evault/v1/files/${user.file_id}/content/`,
      headers: { "api-key": user.api_key },
    }),
  };
}

/** The mixed load's operations, as the seeded user `as` sends them: three writes and a small read. */
export const MIX = ["updateNgnBankAccount", "updateFavouriteFolder", "updateFileShare", "downloadFile"];

/**
 * `scenario` with an `Idempotency-Key` of its own on every request: autocannon replaces
 * `[<id>]` in each request it sends (header included) with a fresh id.
 */
export const withIdempotencyKey = (scenario) => (i) => {
  const request = scenario(i);
  return { ...request, headers: { ...request.headers, "idempotency-key": "[<id>]" }, idReplacement: true };
};
