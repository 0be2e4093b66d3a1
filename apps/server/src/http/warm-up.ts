import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { OperationId } from "./operation-types.js";
import { problem } from "./problems.js";
import { type ContractGate, matchPathsExactly } from "./validator.js";

/** One request per operation, each valid for the contract, on ids that exist nowhere. */
const FILE_PART =
  '--warmup\r\nContent-Disposition: form-data; name="file"; filename="w.txt"\r\nContent-Type: text/plain\r\n\r\nw\r\n';
const FOLDER_PART = '--warmup\r\nContent-Disposition: form-data; name="folder"\r\n\r\nwarm-up\r\n';
const form = (...parts: string[]) => ({
  body: `${parts.join("")}--warmup--\r\n`,
  type: "multipart/form-data; boundary=warmup",
});
const TUS = { "tus-resumable": "1.0.0" };
const OCTETS = "application/offset+octet-stream";
const REQUESTS: Record<
  OperationId,
  { method: string; path: string; body?: string; type?: string; headers?: Record<string, string> }
> = {
  updateNgnBankAccount: {
    method: "PUT",
    path: "/banking/v1/ng/bank_accounts/warm-up/",
    body: '{"account_number":"0"}',
  },
  updateFileShare: { method: "PATCH", path: "/evault/v1/file_shares/warm-up/", body: "{}" },
  updateFavouriteFolder: { method: "PATCH", path: "/evault/v1/favourite/folders/warm-up/", body: "{}" },
  duplicateFolder: { method: "POST", path: "/evault/v1/folders/warm-up/duplicate_folder/", body: "{}" },
  restoreBin: { method: "POST", path: "/evault/v1/bins/warm-up/restore/", body: '{"tags":[]}' },
  updateFile: { method: "PUT", path: "/evault/v1/files/warm-up/", ...form(FILE_PART) },
  downloadFile: { method: "GET", path: "/evault/v1/files/warm-up/content/" },
  listNgnBankAccounts: { method: "GET", path: "/banking/v1/ng/bank_accounts/" },
  createNgnBankAccount: { method: "POST", path: "/banking/v1/ng/bank_accounts/", body: '{"account_number":"0"}' },
  getNgnBankAccount: { method: "GET", path: "/banking/v1/ng/bank_accounts/warm-up/" },
  createFile: { method: "POST", path: "/evault/v1/files/", ...form(FILE_PART, FOLDER_PART) },
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
  replaceFileShareLink: { method: "POST", path: "/evault/v1/file_shares/warm-up/link/" },
  getLink: { method: "GET", path: "/evault/v1/links/warm-up/" },
  listSharedWithMe: { method: "GET", path: "/evault/v1/shared_with_me/" },
  downloadLink: { method: "GET", path: "/evault/v1/links/warm-up/content/" },
  listLinkFolders: { method: "GET", path: "/evault/v1/links/warm-up/folders/" },
  listLinkFiles: { method: "GET", path: "/evault/v1/links/warm-up/files/" },
  downloadLinkFile: { method: "GET", path: "/evault/v1/links/warm-up/files/warm-up/content/" },
  unlockLink: { method: "POST", path: "/evault/v1/links/warm-up/unlock/", body: '{"password":"warm-up"}' },
  listBins: { method: "GET", path: "/evault/v1/bins/" },
  getBin: { method: "GET", path: "/evault/v1/bins/warm-up/" },
  deleteBin: { method: "DELETE", path: "/evault/v1/bins/warm-up/" },
  headFileContent: { method: "HEAD", path: "/evault/v1/files/warm-up/content/" },
  listFileVersions: { method: "GET", path: "/evault/v1/files/warm-up/versions/" },
  downloadFileVersion: { method: "GET", path: "/evault/v1/files/warm-up/versions/warm-up/content/" },
  restoreFileVersion: { method: "POST", path: "/evault/v1/files/warm-up/versions/warm-up/restore/" },
  deleteFileVersion: { method: "DELETE", path: "/evault/v1/files/warm-up/versions/warm-up/" },
  getUsage: { method: "GET", path: "/evault/v1/usage/" },
  describeUploads: { method: "OPTIONS", path: "/evault/v1/uploads/" },
  createUpload: {
    method: "POST",
    path: "/evault/v1/uploads/",
    body: "w",
    type: OCTETS,
    headers: { ...TUS, "upload-length": "1" },
  },
  headUpload: { method: "HEAD", path: "/evault/v1/uploads/warm-up/", headers: TUS },
  appendUpload: {
    method: "PATCH",
    path: "/evault/v1/uploads/warm-up/",
    body: "w",
    type: OCTETS,
    headers: { ...TUS, "upload-offset": "0" },
  },
  deleteUpload: { method: "DELETE", path: "/evault/v1/uploads/warm-up/", headers: TUS },
  listEvents: { method: "GET", path: "/evault/v1/events/?type=file.&type=bank_account.updated" },
  getEvent: { method: "GET", path: "/evault/v1/events/warm-up/" },
  createWebhookEndpoint: {
    method: "POST",
    path: "/evault/v1/webhook_endpoints/",
    body: '{"url":"https://w.example/","events":["*"]}',
  },
  listWebhookEndpoints: { method: "GET", path: "/evault/v1/webhook_endpoints/" },
  getWebhookEndpoint: { method: "GET", path: "/evault/v1/webhook_endpoints/warm-up/" },
  updateWebhookEndpoint: {
    method: "PATCH",
    path: "/evault/v1/webhook_endpoints/warm-up/",
    body: '{"disabled":true}',
  },
  deleteWebhookEndpoint: { method: "DELETE", path: "/evault/v1/webhook_endpoints/warm-up/" },
  rotateWebhookEndpointSecret: { method: "POST", path: "/evault/v1/webhook_endpoints/warm-up/rotate_secret/" },
  testWebhookEndpoint: { method: "POST", path: "/evault/v1/webhook_endpoints/warm-up/test/" },
  listWebhookDeliveries: { method: "GET", path: "/evault/v1/webhook_endpoints/warm-up/deliveries/" },
  retryWebhookDelivery: {
    method: "POST",
    path: "/evault/v1/webhook_endpoints/warm-up/deliveries/warm-up/retry/",
  },
};

/**
 * express-openapi-validator compiles each operation's request and response validators
 * on its first request (25-80 ms). Before the server serves anyone, one valid request
 * per operation goes through a second app on a loopback port that shares the gate's
 * routing and validation (and so their caches) but has no authentication and no
 * handlers: each request is validated and answered with a 404 problem (OPTIONS: 401), whose response
 * validation compiles the operation's response validators. Nothing in it can reach the
 * data, and the served app keeps one way to authenticate. Resolves to the requests that
 * did not get that far (a warm-up request the contract refuses), to be reported.
 */
export async function compileValidators(gate: ContractGate, bodyReaders: RequestHandler[]): Promise<string[]> {
  const app = express();
  matchPathsExactly(app);
  app.use(express.json(), gate.route, ...bodyReaders, ...gate.validate, (req: Request, res: Response) => {
    // A HEAD answer has no body to validate. OPTIONS (the tus server's description) declares no 404: its 401.
    if (req.method === "HEAD") res.status(404).end();
    else if (req.method === "OPTIONS") res.status(401).type("application/problem+json").json(problem("unauthorized"));
    else res.status(404).type("application/problem+json").json(problem("not_found", "Warm-up: no such item."));
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status ?? 500;
    res
      .status(status)
      .type("application/problem+json")
      .send(JSON.stringify(problem("bad_request", String(err))));
  });
  const server = createServer(app).listen(0, "127.0.0.1");
  const refused: string[] = [];
  try {
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    for (const [operationId, { method, path, body, type, headers: more }] of Object.entries(REQUESTS)) {
      // Validators are cached per request media type: a request without a body has none.
      const headers: Record<string, string> = {
        ...more,
        ...(body === undefined ? {} : { "content-type": type ?? "application/json" }),
      };
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body });
      const text = await res.text();
      if (res.status !== (method === "OPTIONS" ? 401 : 404))
        refused.push(`${operationId}: ${res.status} ${text.slice(0, 300)}`);
    }
  } finally {
    server.close();
    server.closeAllConnections();
  }
  return refused;
}
