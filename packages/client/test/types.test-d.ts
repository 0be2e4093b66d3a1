// Compile-time guarantees of the generated client: every `@ts-expect-error` below
// must be an error, so a loosened type makes this file fail to type-check.
import { describe, expectTypeOf, test } from "vitest";
import {
  type Bin,
  createVaultClient,
  type EventOf,
  type NgnBankAccount,
  type Problem,
  type VaultClient,
  type VaultEvent,
  type VaultFile,
} from "../src/index.js";
import {
  createVaultClient as createV2Client,
  type VaultClient as V2Client,
  type FileShare as V2FileShare,
} from "../src/v2.js";

const client = createVaultClient({ baseUrl: "http://127.0.0.1:8080", apiKey: "k" });
const id = { params: { path: { id: "1" } } };

describe("the client's types", () => {
  test("accept the correct calls and type their results", async () => {
    const { data, error } = await client.PUT("/banking/v1/ng/bank_accounts/{id}/", {
      ...id,
      body: { account_number: "1", status: "NULL", classification: "BUSINESS", account_name: null },
    });
    expectTypeOf(data).toEqualTypeOf<NgnBankAccount | undefined>();
    expectTypeOf(error).toEqualTypeOf<Problem | undefined>();

    await client.PATCH("/evault/v1/file_shares/{id}/", {
      ...id,
      body: { access: "private", users: [1, 2], emails: null },
    });
    await client.PUT("/evault/v1/files/{id}/", {
      ...id,
      body: { file: new Blob(["x"]), name: "x", tags: ["a"], is_starred: true },
    });
    await client.POST("/evault/v1/bins/{id}/restore/", { ...id, body: { tags: [{ name: "t" }] } });
    await client.POST("/evault/v1/folders/{id}/duplicate_folder/", { ...id, body: {} });
    await client.PATCH("/evault/v1/favourite/folders/{id}/", { ...id, body: { is_starred: true } });
  });

  test("paginate types the items of each list and its filters", async () => {
    for await (const file of client.paginate("/evault/v1/files/", { folder: "f1", page_size: 10 })) {
      expectTypeOf(file).toEqualTypeOf<VaultFile>();
    }
    for await (const bin of client.paginate("/evault/v1/bins/")) expectTypeOf(bin).toEqualTypeOf<Bin>();
    // @ts-expect-error one file is not a list
    client.paginate("/evault/v1/files/{id}/");
    // @ts-expect-error folders are filtered by parent, not folder
    client.paginate("/evault/v1/folders/", { folder: "f1" });
    // @ts-expect-error page_size is a number
    client.paginate("/evault/v1/bins/", { page_size: "10" });
  });

  test("reject a wrong path", async () => {
    // @ts-expect-error the path lacks its trailing slash
    await client.PUT("/banking/v1/ng/bank_accounts/{id}", { ...id, body: { account_number: "1" } });
    // @ts-expect-error no such path
    await client.GET("/banking/v1/ng/accounts/", {});
    // @ts-expect-error the bank account is updated with PUT, not PATCH
    await client.PATCH("/banking/v1/ng/bank_accounts/{id}/", { ...id, body: { account_number: "1" } });
  });

  test("reject a missing required field", async () => {
    // @ts-expect-error account_number is required
    await client.PUT("/banking/v1/ng/bank_accounts/{id}/", { ...id, body: { account_name: "x" } });
    // @ts-expect-error the file part is required
    await client.PUT("/evault/v1/files/{id}/", { ...id, body: { name: "x" } });
    // @ts-expect-error tags are required to restore
    await client.POST("/evault/v1/bins/{id}/restore/", { ...id, body: {} });
    // @ts-expect-error the path id is required
    await client.PATCH("/evault/v1/favourite/folders/{id}/", { params: { path: {} }, body: {} });
  });

  test("reject a wrong enum value and a wrong type", async () => {
    // @ts-expect-error "OPEN" is not an account status
    await client.PUT("/banking/v1/ng/bank_accounts/{id}/", { ...id, body: { account_number: "1", status: "OPEN" } });
    await client.PUT("/banking/v1/ng/bank_accounts/{id}/", {
      ...id,
      // @ts-expect-error "null" in lower case is not a classification
      body: { account_number: "1", classification: "null" },
    });
    // @ts-expect-error access is public or private
    await client.PATCH("/evault/v1/file_shares/{id}/", { ...id, body: { access: "secret" } });
    // @ts-expect-error users are integer ids
    await client.PATCH("/evault/v1/file_shares/{id}/", { ...id, body: { users: ["1"] } });
    // @ts-expect-error the file must be a Blob, not a string
    await client.PUT("/evault/v1/files/{id}/", { ...id, body: { file: "content" } });
  });

  test("an event is narrowed by its type", async () => {
    const { data } = await client.GET("/evault/v1/events/{id}/", id);
    expectTypeOf(data).toEqualTypeOf<VaultEvent | undefined>();
    if (data?.type === "bank_account.updated") {
      expectTypeOf(data).toEqualTypeOf<EventOf<"bank_account.updated">>();
      expectTypeOf(data.data.object).toEqualTypeOf<NgnBankAccount>();
      expectTypeOf(data.data.previous_attributes).toEqualTypeOf<Record<string, unknown>>();
    }
    if (data?.type === "file.binned") {
      expectTypeOf(data.data.object).toEqualTypeOf<Bin>();
      // @ts-expect-error a bin event carries no previous attributes
      data.data.previous_attributes;
    }
    // @ts-expect-error no such event type
    const _unknown: VaultEvent["type"] = "file.renamed";
    await client.GET("/evault/v1/events/", { params: { query: { type: ["file.", "bin.purged"], object: "x" } } });
  });
});

describe("the v2 client's types", () => {
  const v2 = createV2Client({ baseUrl: "http://127.0.0.1:8080", apiKey: "k" });
  const same = createVaultClient({ baseUrl: "http://127.0.0.1:8080", apiKey: "k", version: "v2" });

  test("type v2's user ids as strings and its emails as addresses, and take only v2's paths", async () => {
    expectTypeOf(same).toEqualTypeOf<V2Client>();
    const chosen = (version: "v1" | "v2") => createVaultClient({ baseUrl: "http://127.0.0.1:8080", version });
    expectTypeOf(chosen).returns.toEqualTypeOf<VaultClient | V2Client>();
    expectTypeOf<ReturnType<typeof createVaultClient>>().toEqualTypeOf<VaultClient>();
    const { data } = await v2.PATCH("/evault/v2/file_shares/{id}/", {
      ...id,
      body: { users: ["1", "2"], emails: ["ada@example.com"] },
    });
    expectTypeOf(data).toEqualTypeOf<V2FileShare | undefined>();
    expectTypeOf<V2FileShare["user"]["id"]>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<V2FileShare["emails"]>>().toEqualTypeOf<string[]>();
    // @ts-expect-error v2's user ids are strings
    await v2.PATCH("/evault/v2/file_shares/{id}/", { ...id, body: { users: [1] } });
    // @ts-expect-error v2's emails are addresses, not objects
    await v2.PATCH("/evault/v2/file_shares/{id}/", { ...id, body: { emails: [{ email: "a@b.co" }] } });
    // @ts-expect-error a v2 client has no v1 path
    await v2.GET("/evault/v1/folders/", {});
    // @ts-expect-error and v1's has no v2 path
    await client.GET("/evault/v2/folders/", {});
  });
});
