import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { OperationId } from "./operation-types.js";
import { problem } from "./problems.js";
import { type ContractGate, matchPathsExactly } from "./validator.js";

/** One request per operation, each valid for the contract, on ids that exist nowhere. */
const FORM =
  '--warmup\r\nContent-Disposition: form-data; name="file"; filename="w.txt"\r\nContent-Type: text/plain\r\n\r\nw\r\n--warmup--\r\n';
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
  updateFile: {
    method: "PUT",
    path: "/evault/v1/files/warm-up/",
    body: FORM,
    type: "multipart/form-data; boundary=warmup",
  },
  downloadFile: { method: "GET", path: "/evault/v1/files/warm-up/content/" },
  headFileContent: { method: "HEAD", path: "/evault/v1/files/warm-up/content/" },
};

/**
 * express-openapi-validator compiles each operation's request and response validators
 * on its first request (25-80 ms). Before the server serves anyone, one valid request
 * per operation goes through a second app on a loopback port that shares the gate's
 * routing and validation (and so their caches) but has no authentication and no
 * handlers: each request is validated and answered with a 404 problem, whose response
 * validation compiles the operation's response validators. Nothing in it can reach the
 * data, and the served app keeps one way to authenticate.
 */
export async function compileValidators(gate: ContractGate, bodyReaders: RequestHandler[]): Promise<void> {
  const app = express();
  matchPathsExactly(app);
  app.use(express.json(), gate.route, ...bodyReaders, ...gate.validate, (_req: Request, res: Response) => {
    res.status(404).json(problem("not_found", "Warm-up: no such item."));
  });
  app.use((_err: unknown, _req: Request, res: Response, _next: NextFunction) => void res.status(500).end());
  const server = createServer(app).listen(0, "127.0.0.1");
  try {
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    for (const { method, path, body, type } of Object.values(REQUESTS)) {
      // Validators are cached per request media type: a request without a body has none.
      const headers: Record<string, string> = body === undefined ? {} : { "content-type": type ?? "application/json" };
      // Best effort: a failed warm-up request only leaves that operation to compile on first use.
      await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body }).then(
        (res) => res.arrayBuffer(),
        () => {},
      );
    }
  } finally {
    server.close();
    server.closeAllConnections();
  }
}
