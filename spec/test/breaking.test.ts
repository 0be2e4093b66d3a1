// The breaking-change gate (scripts/breaking.mjs): every breaking case of the fixture
// document is found and named, every additive one passes; on the real contract, a
// field removed from the TypeSpec fails `npm run check`'s first step, and an optional
// request field added passes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parse, stringify } from "yaml";
import { breakingChanges } from "../scripts/breaking-changes.mjs";
import { scratchRepo } from "./scratch-repo.js";

// biome-ignore lint/suspicious/noExplicitAny: the fixtures are plain YAML, edited freely
type Doc = Record<string, any>;
const fixture = readFileSync(resolve(import.meta.dirname, "fixtures/breaking-base.yaml"), "utf8");
const base = (): Doc => parse(fixture);
const schemas = (doc: Doc) => doc.components.schemas;
const thing = (doc: Doc) => schemas(doc).Thing;
const update = (doc: Doc) => schemas(doc).ThingUpdate;

const changesAfter = (edit: (doc: Doc) => void) => {
  const after = base();
  edit(after);
  return breakingChanges(base(), after).map((change) => change.description);
};

describe("breaking changes are found and named", () => {
  test.each<[string, (doc: Doc) => void, RegExp]>([
    ["a removed operation", (d) => delete d.paths["/things/v1/{id}/"].put, /^PUT \/things\/v1\/\{id\}\/: removed$/],
    ["a removed path", (d) => delete d.paths["/others/v1/"], /^GET \/others\/v1\/: removed$/],
    [
      "a removed required response field",
      (d) => {
        delete thing(d).properties.name;
        thing(d).required = ["id", "colour", "size"];
      },
      /^GET \/things\/v1\/\{id\}\/ response 200 \(application\/json\): field `name` removed$/,
    ],
    [
      "a removed optional response field (own rule)",
      (d) => delete thing(d).properties.note,
      /^GET .* response 200 \(application\/json\): field `note` removed$/,
    ],
    [
      "a removed response enum value (own rule)",
      (d) => {
        thing(d).properties.colour.enum = ["red"];
      },
      /^GET .* response 200 .*: enum value "green" removed from `colour`$/,
    ],
    [
      "a removed request enum value",
      (d) => {
        update(d).properties.shade.enum = ["light"];
      },
      /^PUT .* request body \(application\/json\): enum value "dark" removed from `shade`$/,
    ],
    [
      "a request field made required",
      (d) => {
        update(d).required = ["name", "size"];
      },
      /^PUT .* request body .*: field `size` made required$/,
    ],
    [
      "a request field narrowed",
      (d) => {
        update(d).properties.name.maxLength = 50;
      },
      /^PUT .* request body .*: `name` maxLength 100 → 50$/,
    ],
    [
      "a request pattern added",
      (d) => {
        update(d).properties.name.pattern = "^a";
      },
      /^PUT .* request body .*: `name` pattern added/,
    ],
    [
      "a response field made optional",
      (d) => {
        thing(d).required = ["id", "colour", "size"];
      },
      /^GET .* response 200 .*: field `name` made optional$/,
    ],
    [
      "a response enum widened",
      (d) => {
        thing(d).properties.colour.enum = ["red", "green", "blue"];
      },
      /^GET .* response 200 .*: enum value "blue" added to `colour`$/,
    ],
    [
      "a response field made nullable (own rule)",
      (d) => {
        thing(d).properties.name.nullable = true;
      },
      /^GET .* response 200 .*: `name` nullable added \(true\)$/,
    ],
    [
      "a response field's type changed (own rule)",
      (d) => {
        thing(d).properties.size.type = "string";
      },
      /^GET .* response 200 .*: `size` type integer → string$/,
    ],
    [
      "a request field's type changed",
      (d) => {
        update(d).properties.size.type = "string";
      },
      /^PUT .* request body .*: `size` type integer → string$/,
    ],
  ])("%s", (_, edit, named) => {
    const found = changesAfter(edit);
    expect(found.length, "no breaking change found").toBeGreaterThan(0);
    expect(found).toContainEqual(expect.stringMatching(named));
  });
});

describe("additive changes pass", () => {
  test.each<[string, (doc: Doc) => void]>([
    [
      "an optional request field",
      (d) => {
        update(d).properties.extra = { type: "string" };
      },
    ],
    [
      "a new response field",
      (d) => {
        thing(d).properties.extra = { type: "string" };
        thing(d).required.push("extra");
      },
    ],
    [
      "a new operation",
      (d) => {
        d.paths["/others/v1/"].post = { ...d.paths["/others/v1/"].get, operationId: "postOthers" };
      },
    ],
    [
      "a new path",
      (d) => {
        d.paths["/others/v2/"] = { get: { ...d.paths["/others/v1/"].get, operationId: "listOthersV2" } };
      },
    ],
    [
      "a request enum widened",
      (d) => {
        update(d).properties.shade.enum = ["light", "dark", "dim"];
      },
    ],
    [
      "a request field widened",
      (d) => {
        update(d).properties.name.maxLength = 200;
      },
    ],
    [
      "a request field made nullable (own rule)",
      (d) => {
        update(d).properties.size.nullable = true;
      },
    ],
    [
      "a new error response",
      (d) => {
        d.paths["/things/v1/{id}/"].get.responses["404"] = { description: "Not found." };
      },
    ],
    [
      "documentation",
      (d) => {
        thing(d).description = "A thing.";
        d.paths["/things/v1/{id}/"].get.summary = "Get a thing";
      },
    ],
    ["a deprecation", (d) => (d.paths["/things/v1/{id}/"].get.deprecated = true)],
  ])("%s", (_, edit) => {
    expect(changesAfter(edit)).toEqual([]);
  });
});

const scratch = mkdtempSync(join(tmpdir(), "vault-breaking-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function gate(document: string, accepted = "accepted: []\n") {
  writeFileSync(join(scratch, "openapi.yaml"), document);
  writeFileSync(join(scratch, "accepted.yaml"), accepted);
  return spawnSync(process.execPath, ["scripts/breaking.mjs"], {
    cwd: resolve(import.meta.dirname, ".."),
    encoding: "utf8",
    env: {
      ...process.env,
      VAULT_OPENAPI_PATH: join(scratch, "openapi.yaml"),
      VAULT_ACCEPTED_BREAKING_PATH: join(scratch, "accepted.yaml"),
    },
  });
}

// Each test runs the gate (a process) once or twice: seconds on a loaded machine.
describe("the gate on the real contract", { timeout: 30_000 }, () => {
  const released = readFileSync(resolve(import.meta.dirname, "../baseline/v1/openapi.yaml"), "utf8");
  const withoutMimetype = () => {
    const doc = parse(released);
    delete doc.components.schemas.File.properties.mimetype;
    doc.components.schemas.File.required = doc.components.schemas.File.required.filter((f: string) => f !== "mimetype");
    return stringify(doc);
  };

  test("passes on the released document", () => {
    const result = gate(released);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  test("fails with 'breaking', each change named, and how to proceed", () => {
    const result = gate(withoutMimetype());
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^breaking: /);
    expect(result.stderr).toContain(
      "PUT /evault/v1/files/{id}/ response 200 (application/json): field `mimetype` removed",
    );
    expect(result.stderr).toMatch(/the open version, v2/);
    expect(result.stderr).toMatch(/accepted\.yaml/);
  });

  test("passes when every breaking change is accepted in the reviewed file", () => {
    const lines = gate(withoutMimetype())
      .stderr.split("\n")
      .filter((line) => line.startsWith("  - "))
      .map((line) => line.slice(4));
    const accepted = stringify({ accepted: lines.map((change) => ({ change, reason: "test" })) });
    const result = gate(withoutMimetype(), accepted);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/accepted in/);
  });
});

describe("a spec author's edit in a scratch copy of the repo", () => {
  const repoCopy = scratchRepo("vault-breaking-repo-");
  afterAll(() => repoCopy.remove());
  const copy = repoCopy.root;
  const run = (script: string) => repoCopy.run(script);
  const edit = (file: string, from: string, to: string) => {
    const path = join(copy, "spec/src", file);
    const source = readFileSync(path, "utf8");
    expect(source).toContain(from);
    writeFileSync(path, source.replace(from, to));
  };

  test("removing a response field and regenerating fails the gate, naming the field", () => {
    const original = readFileSync(join(copy, "spec/src/bank-accounts.tsp"), "utf8");
    try {
      edit(
        "bank-accounts.tsp",
        "  /** A server-assigned reference for reconciliation. */\n  @visibility(Lifecycle.Read)\n  tracking_reference: string;\n",
        "",
      );
      // The example the operation's @opExample answers must lose it too, or the TypeSpec does not compile.
      edit("bank-accounts.tsp", '  tracking_reference: "TRK-2026-000042",\n', "");
      const generated = run("scripts/generate.mjs");
      expect(generated.stderr).not.toMatch(/error/);
      expect(generated.status).toBe(0);
      const result = run("scripts/breaking.mjs");
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^breaking: /);
      expect(result.stderr).toContain(
        "PUT /banking/v1/ng/bank_accounts/{id}/ response 200 (application/json): field `tracking_reference` removed",
      );
    } finally {
      writeFileSync(join(copy, "spec/src/bank-accounts.tsp"), original);
    }
  }, 120_000);

  test("changing a field's type fails the gate for released v1, naming it, and passes as a change of the open v2", () => {
    const original = readFileSync(join(copy, "spec/src/bank-accounts.tsp"), "utf8");
    const field =
      "  /** A server-assigned reference for reconciliation. */\n  @visibility(Lifecycle.Read)\n  tracking_reference: string;\n";
    try {
      edit(
        "bank-accounts.tsp",
        field,
        field.replace("tracking_reference: string;", "tracking_reference: string | null;"),
      );
      expect(run("scripts/generate.mjs").status).toBe(0);
      const inV1 = run("scripts/breaking.mjs");
      expect(inV1.status).toBe(1);
      expect(inV1.stderr).toMatch(/^breaking: .* released API v1/);
      expect(inV1.stderr).toContain("tracking_reference");

      writeFileSync(join(copy, "spec/src/bank-accounts.tsp"), original);
      edit(
        "bank-accounts.tsp",
        field,
        field.replace(
          "tracking_reference: string;",
          "@TypeSpec.Versioning.typeChangedFrom(Versions.v2, string)\n  tracking_reference: string | null;",
        ),
      );
      const generated = run("scripts/generate.mjs");
      expect(generated.stderr).not.toMatch(/error/);
      expect(generated.status).toBe(0);
      expect(readFileSync(join(copy, "spec/generated/v2/openapi.yaml"), "utf8")).not.toBe(
        readFileSync(resolve(import.meta.dirname, "../generated/v2/openapi.yaml"), "utf8"),
      );
      const inV2 = run("scripts/breaking.mjs");
      expect(inV2.stderr).toBe("");
      expect(inV2.stdout).toMatch(/v1: no breaking change/);
      expect(inV2.stdout).toMatch(/v2: open/);
      expect(inV2.status).toBe(0);
    } finally {
      writeFileSync(join(copy, "spec/src/bank-accounts.tsp"), original);
    }
  }, 180_000);

  test("adding an optional request field and regenerating passes", () => {
    edit(
      "bank-accounts.tsp",
      "  /** A free reference of the owner's, or null. */\n  @maxLength(255)\n  reference?: string | null = null;\n",
      "  /** A free reference of the owner's, or null. */\n  @maxLength(255)\n  reference?: string | null = null;\n\n  /** A nickname. */\n  @maxLength(100)\n  nickname?: string;\n",
    );
    const generated = run("scripts/generate.mjs");
    expect(generated.stderr).not.toMatch(/error/);
    expect(generated.status).toBe(0);
    expect(readFileSync(join(copy, "spec/generated/v1/openapi.yaml"), "utf8")).toContain("nickname");
    const result = run("scripts/breaking.mjs");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  }, 120_000);
});
