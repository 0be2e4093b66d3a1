// A vitest setup file: each test file reads the lines of its own servers only. A worker's
// files share one process (`isolate: false`), so `serverOutput` would otherwise still hold
// every line of the servers that the worker's earlier files ran.
import { beforeAll } from "vitest";
import { serverOutput } from "./server.js";

beforeAll(() => {
  serverOutput.length = 0;
});
