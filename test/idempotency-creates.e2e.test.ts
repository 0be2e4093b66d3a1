// Trial (merge of reads): the new creates are idempotent with no code of their own.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

describe.each(backends)("creates with Idempotency-Key on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  const filesIn = async (folder: string) =>
    (await h.client().GET("/evault/v1/files/", { params: { query: { folder } } })).data?.results ?? [];

  test("when an upload is sent twice with one key, then one file is stored and the retry replays it; new bytes with the key are 422", async () => {
    const folder = h.users[0].folder_id;
    const before = await filesIn(folder);
    const upload = (text: string) =>
      h.client().POST("/evault/v1/files/", {
        params: { header: { "Idempotency-Key": "upload-1" } },
        body: { file: new File([text], "once.txt"), folder } as never,
      });
    const first = await upload("uploaded once\n");
    const retry = await upload("uploaded once\n");
    const changed = await upload("other bytes\n");

    expect(first.response.status).toBe(201);
    expect(retry.response.status).toBe(201);
    expect(retry.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.response.headers.get("Location")).toBe(first.response.headers.get("Location"));
    expect(retry.response.headers.get("ETag")).toBe(first.response.headers.get("ETag"));
    expect(retry.data).toEqual(first.data);
    expect(changed.response.status).toBe(422);
    const after = await filesIn(folder);
    expect(after.length - before.length).toBe(1);
  });

  test("when a bank account create is sent twice with one key, then one account and the same answer", async () => {
    const create = () =>
      h.client().POST("/banking/v1/ng/bank_accounts/", {
        params: { header: { "Idempotency-Key": "account-1" } },
        body: { account_number: "9990001112" },
      });
    const first = await create();
    const retry = await create();
    expect(first.response.status).toBe(201);
    expect(retry.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.data).toEqual(first.data);
    const again = await h.client().POST("/banking/v1/ng/bank_accounts/", { body: { account_number: "9990001112" } });
    expect(again.response.status).toBe(409);
  });
});
