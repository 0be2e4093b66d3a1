// The client as another project gets it: `npm pack`, installed from the tarball into a
// scratch project outside the monorepo (its own package.json; typescript and
// @types/node from the registry, nothing from the workspace), a consumer file
// type-checked and run against the real server. A wrong path or body in that file
// must not compile. A second project, without @types/node (a browser app's settings),
// type-checks the main entry and `@vault/client/webhooks` and runs them.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const run = promisify(execFile);
const clientDir = resolve(import.meta.dirname, "../packages/client");
const consumerSource = resolve(import.meta.dirname, "consumer/app.ts");
const browserSource = resolve(import.meta.dirname, "consumer/browser.ts");
const v2Source = resolve(import.meta.dirname, "consumer/app-v2.ts");
const typescriptVersion: string = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "../node_modules/typescript/package.json"), "utf8"),
).version;

const tsconfig = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023", "DOM"],
    types: ["node"],
    strict: true,
    outDir: "dist",
    rootDir: "src",
  },
  include: ["src"],
};

/**
 * The compiles that must fail in the consumer's own files check those alone: the compiles
 * that pass have checked the package's declarations and @types/node whole, which is three
 * quarters of a compile's time.
 */
const MISTAKES_ONLY = ["--noEmit", "--skipLibCheck"];

/** Runs a command, answering its exit code and output instead of throwing. */
async function attempt(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  try {
    const { stdout, stderr } = await run(file, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe("@vault/client packed and installed in a project of its own", () => {
  const scratch = mkdtempSync(join(tmpdir(), "vault-consumer-"));
  const tsc = join(scratch, "node_modules/typescript/bin/tsc");
  let h: Harness;
  let tarball: string;
  /** The v1 and v2 consumer files, compiled as one project: the package's declarations and @types/node are checked once. */
  let consumers: Awaited<ReturnType<typeof attempt>>;

  beforeAll(async () => {
    const packed = await run("npm", ["pack", "--json", "--pack-destination", scratch], { cwd: clientDir });
    const [info] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    tarball = join(scratch, info.filename);
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify(tsconfig));
    await run(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        tarball,
        `typescript@${typescriptVersion}`,
        "@types/node@20",
      ],
      { cwd: scratch },
    );
    mkdirSync(join(scratch, "src"), { recursive: true });
    copyFileSync(consumerSource, join(scratch, "src/app.ts"));
    copyFileSync(v2Source, join(scratch, "src/app-v2.ts"));
    consumers = await attempt(process.execPath, [tsc, "-p", "."], { cwd: scratch });
    h = await startHarness(backends[0] as (typeof backends)[number]);
  }, 300_000);
  afterAll(async () => {
    await h?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test("the package holds only its build, and depends on openapi-fetch and standardwebhooks alone; the main entry on openapi-fetch alone", () => {
    const manifest = JSON.parse(readFileSync(join(scratch, "node_modules/@vault/client/package.json"), "utf8"));
    expect(Object.keys(manifest.dependencies)).toEqual(["openapi-fetch", "standardwebhooks"]);
    expect(manifest.peerDependencies).toBeUndefined();
    const lock = JSON.parse(readFileSync(join(scratch, "package-lock.json"), "utf8"));
    const installed = Object.keys(lock.packages).filter((path) => path.startsWith("node_modules/"));
    expect(installed.filter((path) => /@vault\/(spec|server)|@typespec|express/.test(path))).toEqual([]);
    // Every built file but the webhooks entry's: the main entry and the declarations it shares.
    const dist = join(scratch, "node_modules/@vault/client/dist");
    const main = readdirSync(dist).filter((file) => !file.startsWith("webhooks.") && !file.endsWith(".map"));
    expect(main).toEqual(expect.arrayContaining(["index.js", "index.cjs", "index.d.ts", "index.d.cts"]));
    for (const file of main)
      expect(readFileSync(join(dist, file), "utf8"), file).not.toMatch(/standardwebhooks|\bBuffer\b/);
  });

  test("a consumer file type-checks and runs against the real server: typed path, typed error, multipart upload", async () => {
    expect(consumers.stdout + consumers.stderr).toBe("");
    expect(consumers.code).toBe(0);

    const user = h.users[0];
    const result = await run(process.execPath, ["dist/app.js"], {
      cwd: scratch,
      env: {
        PATH: process.env.PATH,
        VAULT_URL: h.url,
        VAULT_API_KEY: user.api_key,
        VAULT_ACCOUNT_ID: user.bank_account_id,
        VAULT_FILE_ID: user.file_id,
      },
    });
    console.log(`consumer output: ${result.stdout}`);
    expect(JSON.parse(result.stdout)).toEqual({
      // The seeded top-level folders, one page each ("Old projects" is in the bin).
      folders: ["Documents", "Projects"],
      account: { status: 200, classification: "PERSONAL", balance: expect.stringMatching(/^-?\d+\.\d{2}$/) },
      error: { status: 404, type: expect.stringMatching(/^urn:vault:problem:/) },
      upload: { status: 200, size: 22, mimetype: "text/plain", tags: ["consumer"] },
      webhook: "refused",
    });
  }, 120_000);

  test("a consumer moving to v2 type-checks against v1 and v2 from the tarball and runs: v2's user ids are strings", async () => {
    expect(consumers.stdout + consumers.stderr).toBe("");
    expect(consumers.code).toBe(0);
    const [owner, other] = h.users;
    const result = await run(process.execPath, ["dist/app-v2.js"], {
      cwd: scratch,
      env: {
        PATH: process.env.PATH,
        VAULT_URL: h.url,
        VAULT_API_KEY: owner.api_key,
        VAULT_SHARE_ID: owner.file_share_id,
        VAULT_OTHER_USER_ID: String(other.id),
      },
    });
    expect(JSON.parse(result.stdout)).toEqual({
      v1: { status: 200, users: [other.id], deprecation: true },
      v2: { status: 200, users: [String(other.id)], emails: ["accountant@example.com"], owner: "string" },
      read: [String(other.id)],
    });

    // v1's integer ids do not compile in v2, nor v2's strings in v1.
    const source = readFileSync(v2Source, "utf8");
    const wrong = source
      .replace("body: { users: [String(otherUser)], emails", "body: { users: [otherUser], emails")
      .replace("body: { users: [otherUser] },", "body: { users: [String(otherUser)] },");
    expect(wrong).not.toBe(source);
    writeFileSync(join(scratch, "src/app-v2.ts"), wrong);
    const refused = await attempt(process.execPath, [tsc, "-p", ".", ...MISTAKES_ONLY], { cwd: scratch });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toMatch(/Type 'number' is not assignable to type 'string'/);
    expect(refused.stdout).toMatch(/Type 'string' is not assignable to type 'number'/);
  }, 120_000);

  test("the CommonJS build loads with require()", async () => {
    const loaded = await run(
      process.execPath,
      ["-e", "console.log(Object.keys(require('@vault/client')).sort().join())"],
      {
        cwd: scratch,
      },
    );
    expect(loaded.stdout.trim()).toBe("VaultProblemError,createVaultClient,toFormData");
    const webhooks = await run(
      process.execPath,
      ["-e", "console.log(Object.keys(require('@vault/client/webhooks')).sort().join())"],
      { cwd: scratch },
    );
    expect(webhooks.stdout.trim()).toBe("WebhookVerificationError,verifyWebhook");
    const v2 = await run(
      process.execPath,
      ["-e", "console.log(Object.keys(require('@vault/client/v2')).sort().join())"],
      { cwd: scratch },
    );
    expect(v2.stdout.trim()).toBe("VaultProblemError,createVaultClient,toFormData");
    // And each entry's client calls the server (the bundler's CommonJS interop once broke it).
    for (const entry of ["@vault/client", "@vault/client/v2"]) {
      const version = entry.endsWith("v2") ? "v2" : "v1";
      const called = await run(
        process.execPath,
        [
          "-e",
          `require(${JSON.stringify(entry)}).createVaultClient({ baseUrl: ${JSON.stringify(h.url)}, apiKey: ${JSON.stringify(h.users[0].api_key)} })
            .GET("/evault/${version}/folders/", {}).then(({ response, data }) => console.log(response.status, data.results.length > 0))`,
        ],
        { cwd: scratch },
      );
      expect(called.stdout.trim(), entry).toBe("200 true");
    }
  });

  test("a project without @types/node type-checks the main entry and the webhooks entry, and verifies Uint8Array bytes", async () => {
    const browser = join(scratch, "browser");
    mkdirSync(join(browser, "src"), { recursive: true });
    writeFileSync(join(browser, "package.json"), JSON.stringify({ name: "browser", private: true, type: "module" }));
    const settings = {
      compilerOptions: { ...tsconfig.compilerOptions, module: "ESNext", moduleResolution: "Bundler", types: [] },
      include: ["src"],
    };
    writeFileSync(join(browser, "tsconfig.json"), JSON.stringify(settings));
    await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, `typescript@${typescriptVersion}`],
      {
        cwd: browser,
      },
    );
    expect(readFileSync(join(browser, "package-lock.json"), "utf8")).not.toContain("@types/node");
    // A delivery signed as the server signs one, handed to the project as its constants.
    const secret = `whsec_${Buffer.alloc(24, 9).toString("base64")}`;
    const body = JSON.stringify({ id: "evt_browser", type: "ping", created_at: new Date().toISOString(), data: {} });
    const at = new Date();
    const delivery = {
      url: h.url,
      apiKey: h.users[0].api_key,
      secret,
      body: [...Buffer.from(body)],
      headers: {
        "webhook-id": "evt_browser",
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": new Webhook(secret).sign("evt_browser", at, body),
      },
    };
    copyFileSync(browserSource, join(browser, "src/browser.ts"));
    writeFileSync(
      join(browser, "src/run.ts"),
      `import { check } from "./browser.js";\nconsole.log(JSON.stringify(await check(${JSON.stringify(delivery)})));\n`,
    );
    const compiled = await attempt(process.execPath, [join(browser, "node_modules/typescript/bin/tsc"), "-p", "."], {
      cwd: browser,
    });
    expect(compiled.stdout + compiled.stderr).toBe("");
    expect(compiled.code).toBe(0);
    const result = await run(process.execPath, ["dist/run.js"], { cwd: browser });
    expect(JSON.parse(result.stdout)).toEqual({ folders: 200, verified: "ping", tampered: "refused" });
  }, 180_000);

  const mistakes: [name: string, from: string, to: string, named: RegExp][] = [
    [
      "wrong-path",
      '"/banking/v1/ng/bank_accounts/{id}/", {\n  params: { path: { id: env("VAULT_ACCOUNT_ID") } }',
      '"/banking/v1/ng/bank_account/{id}/", {\n  params: { path: { id: env("VAULT_ACCOUNT_ID") } }',
      /bank_account\/\{id\}/,
    ],
    ["wrong-enum", 'classification: "PERSONAL"', 'classification: "PERSONNEL"', /PERSONNEL/],
    ["missing-field", 'body: { account_number: "0123456789" }', "body: {}", /account_number/],
    [
      "upload-without-file",
      'body: { file: new File(["hello from a consumer\\n"], "hello.txt"), ',
      "body: { ",
      /'file'/,
    ],
  ];

  test("a wrong path, enum, missing field or missing upload does not compile, each named", async () => {
    const source = readFileSync(consumerSource, "utf8");
    rmSync(join(scratch, "src"), { recursive: true, force: true });
    mkdirSync(join(scratch, "src"));
    for (const [name, from, to] of mistakes) {
      expect(source).toContain(from);
      writeFileSync(join(scratch, `src/${name}.ts`), source.replace(from, to));
    }
    const compiled = await attempt(process.execPath, [tsc, "-p", ".", ...MISTAKES_ONLY], { cwd: scratch });
    expect(compiled.code).not.toBe(0);
    // One diagnostic per file at least, each naming the mistake.
    const diagnostics = compiled.stdout.split(/\n(?=src\/)/);
    for (const [name, , , named] of mistakes) {
      const own = diagnostics.filter((text) => text.startsWith(`src/${name}.ts(`));
      expect(own.length, `${name} compiled without an error`).toBeGreaterThan(0);
      expect(own.join("\n")).toMatch(named);
    }
  }, 60_000);
});
