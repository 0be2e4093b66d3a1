import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import type { OperationId } from "./operation-types.js";

/** The caller a warm-up request authenticates as: no user has id 0, so it owns nothing. */
export const WARM_UP_USER = 0;

/** One request per operation, each valid for the contract, on ids that exist nowhere. */
const FORM =
  '--warmup\r\nContent-Disposition: form-data; name="file"; filename="w.txt"\r\nContent-Type: text/plain\r\n\r\nw\r\n--warmup--\r\n';
const UPLOAD = { body: FORM, type: "multipart/form-data; boundary=warmup" };
const REQUESTS: Record<OperationId, { method: string; path: string; body?: string; type?: string }> = {
  updateNgnBankAccount: {
    method: "PUT",
    path: "/banking/v1/ng/bank_accounts/warm-up/",
    body: '{"account_number":"0"}',
  },
  updateFileShare: { method: "PATCH", path: "/evault/v1/file_shares/warm-up/", body: "{}" },
  updateFavouriteFolder: { method: "PATCH", path: "/evault/v1/favourite/folders/warm-up/", body: "{}" },
  duplicateFolder: { method: "POST", path: "/evault/v1/folders/warm-up/duplicate_folder/", body: "{}" },
  restoreBin: { method: "POST", path: "/evault/v1/bins/warm-up/restore/", body: '{"tags":[]}' },
  updateFile: { method: "PUT", path: "/evault/v1/files/warm-up/", ...UPLOAD },
  downloadFile: { method: "GET", path: "/evault/v1/files/warm-up/content/" },
  listNgnBankAccounts: { method: "GET", path: "/banking/v1/ng/bank_accounts/" },
  // Creates would write for the warm-up user, who is no user: the bodies miss a required
  // field (400), or name a folder that exists nowhere (422), so nothing is written.
  createNgnBankAccount: { method: "POST", path: "/banking/v1/ng/bank_accounts/", body: "{}" },
  getNgnBankAccount: { method: "GET", path: "/banking/v1/ng/bank_accounts/warm-up/" },
  createFile: { method: "POST", path: "/evault/v1/files/", ...UPLOAD },
  listFiles: { method: "GET", path: "/evault/v1/files/?folder=warm-up" },
  getFile: { method: "GET", path: "/evault/v1/files/warm-up/" },
  deleteFile: { method: "DELETE", path: "/evault/v1/files/warm-up/" },
  createFolder: { method: "POST", path: "/evault/v1/folders/", body: '{"name":"w","folder":"warm-up"}' },
  listFolders: { method: "GET", path: "/evault/v1/folders/?parent=warm-up" },
  getFolder: { method: "GET", path: "/evault/v1/folders/warm-up/" },
  deleteFolder: { method: "DELETE", path: "/evault/v1/folders/warm-up/" },
  listFavouriteFolders: { method: "GET", path: "/evault/v1/favourite/folders/" },
  createFileShare: { method: "POST", path: "/evault/v1/file_shares/", body: '{"folder":"warm-up"}' },
  listFileShares: { method: "GET", path: "/evault/v1/file_shares/" },
  getFileShare: { method: "GET", path: "/evault/v1/file_shares/warm-up/" },
  deleteFileShare: { method: "DELETE", path: "/evault/v1/file_shares/warm-up/" },
  listBins: { method: "GET", path: "/evault/v1/bins/" },
  getBin: { method: "GET", path: "/evault/v1/bins/warm-up/" },
  deleteBin: { method: "DELETE", path: "/evault/v1/bins/warm-up/" },
  headFileContent: { method: "HEAD", path: "/evault/v1/files/warm-up/content/" },
};

/**
 * express-openapi-validator compiles each operation's request and response validators
 * on its first request (25-80 ms). A warm-up sends one request per operation through
 * the app on a loopback port before it serves anyone. They carry a random key that
 * exists only in this process and only until the warm-up ends; it authenticates as
 * WARM_UP_USER, so every request reaches validation and its handler and answers 404.
 */
export class WarmUp {
  #key: Buffer | undefined = randomBytes(32);
  #running = false;

  /** While the warm-up requests run (nobody else is served then): they are not logged. */
  get running(): boolean {
    return this.#running;
  }

  /** Whether `key` is this warm-up's key, while it lasts. */
  accepts(key: string): boolean {
    const expected = this.#key;
    if (expected === undefined) return false;
    const given = Buffer.from(key, "base64url");
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async run(app: RequestListener): Promise<void> {
    const key = this.#key?.toString("base64url");
    if (!key) return;
    const server = createServer(app).listen(0, "127.0.0.1");
    this.#running = true;
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as AddressInfo;
      for (const { method, path, body, type } of Object.values(REQUESTS)) {
        const headers = { "api-key": key, "content-type": type ?? "application/json" };
        // Best effort: a failed warm-up request only leaves that operation to compile on first use.
        await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body }).then(
          (res) => res.arrayBuffer(),
          () => {},
        );
      }
    } finally {
      this.#running = false;
      this.#key = undefined;
      server.close();
      server.closeAllConnections();
    }
  }
}
