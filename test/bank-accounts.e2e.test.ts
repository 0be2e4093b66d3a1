import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databases } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { everything, locationPath } from "./helpers/vault.js";

const PATH = "/banking/v1/ng/bank_accounts/{id}/" as const;
const LIST = "/banking/v1/ng/bank_accounts/" as const;

describe.each(databases)("bank accounts on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { seedRuns: 2 });
  });
  afterAll(() => h?.stop());

  const put = (body: Record<string, unknown>, options: { id?: string; key?: string; ifMatch?: string } = {}) =>
    h.client(options.key).PUT(PATH, {
      params: {
        path: { id: options.id ?? h.users[0].bank_account_id },
        header: options.ifMatch ? { "If-Match": options.ifMatch } : {},
      },
      body: body as never,
    });
  /** The account as stored, read back with GET. */
  const read = async (id = h.users[0].bank_account_id, key?: string) => {
    const { data, response } = await h.client(key).GET(PATH, { params: { path: { id } } });
    if (!data) throw new Error(`GET of account ${id} answered ${response.status}`);
    return data;
  };
  const create = (body: Record<string, unknown>, key?: string) => h.client(key).POST(LIST, { body: body as never });
  const ownAccounts = () => everything(h.client().paginate(LIST));

  test("when an account is created, then 201 with Location, ETag and its defaults, and GET and the list show it as stored", async () => {
    const before = await ownAccounts();
    const created = await create({ account_number: "3000000020", account_name: "Ada Obi", classification: "PERSONAL" });
    expect(created.response.status).toBe(201);
    expect(created.response.headers.get("etag")).toBe('"1"');
    const id = created.data?.id ?? "";
    expect(locationPath(created.response)).toBe(`/banking/v1/ng/bank_accounts/${id}/`);
    expect(created.data).toMatchObject({
      account_number: "3000000020",
      account_name: "Ada Obi",
      classification: "PERSONAL",
      status: "NULL",
      business_name: null,
      reference: null,
      has_set_pin: false,
      naira_balance: { kobo: 0, amount: "0.00" },
      currency: { code: "NGN" },
      user: { id: h.users[0].id },
    });
    expect(await read(id)).toEqual(created.data);
    expect((await ownAccounts()).map((a) => a.id)).toEqual([...before.map((a) => a.id), id]);
  });

  test("when the create names no account number, then 400 names account_number and nothing is stored", async () => {
    const before = await ownAccounts();
    const { response, error } = await create({});
    expect(response.status).toBe(400);
    expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/body/account_number", code: "required" }));
    expect(await ownAccounts()).toEqual(before);
  });

  test("when GET's If-None-Match is the current tag, then 304; after a PUT with that tag as If-Match, 200 with a new tag", async () => {
    const get = (header: { "If-None-Match"?: string } = {}) =>
      h.client().GET(PATH, { params: { path: { id: h.users[0].bank_account_id }, header } });
    const first = await get();
    const tag = first.response.headers.get("etag") ?? "";
    expect(tag).toMatch(/^"\d+\.[0-9a-f]{16}"$/);
    expect(first.response.headers.get("cache-control")).toBe("private, no-cache");
    const again = await get({ "If-None-Match": tag });
    expect(again.response.status).toBe(304);
    expect(again.response.headers.get("etag")).toBe(tag);

    const replaced = await put(
      { account_number: first.data?.account_number, reference: "read back" },
      { ifMatch: tag },
    );
    expect(replaced.response.status).toBe(200);
    const after = await get({ "If-None-Match": tag });
    expect(after.response.status).toBe(200);
    expect(after.data?.reference).toBe("read back");
    expect(after.response.headers.get("etag")).not.toBe(tag);
  });

  test("when every writable field is given, then each round-trips and persists across a restart", async () => {
    const body = {
      account_number: "3000000001",
      account_name: "Ada Savings",
      classification: "BUSINESS",
      status: "ACTIVE",
      business_name: "Ada Ltd",
      reference: "ref-42",
    } as const;
    const { data, response } = await put(body);
    expect(response.status).toBe(200);
    expect(data).toMatchObject(body);
    expect(data?.id).toBe(h.users[0].bank_account_id);
    expect(data?.user).toMatchObject({ id: h.users[0].id, username: h.users[0].username });
    expect(data?.currency).toEqual({ id: "ngn", name: "Nigerian Naira", code: "NGN", symbol: "₦" });
    expect(data?.naira_balance).toEqual({ kobo: 12500005, amount: "125000.05" });
    expect(data?.updated_at).toMatch(/Z$/);
    expect(Date.parse(data?.updated_at ?? "")).toBeGreaterThan(Date.parse(data?.created_at ?? ""));
    expect(response.headers.get("etag")).toMatch(/^"\d+"$/);

    await h.restart();
    expect(await read()).toEqual(data);
  });

  test("when the balance is the largest exact one, then kobo and amount carry it exactly, and a larger one cannot be stored", async () => {
    const id = h.users[1].bank_account_id;
    await h.query(`update bank_accounts set balance_kobo = 9007199254740991 where id = '${id}'`);
    const { data } = await put({ account_number: "3000000077" }, { id, key: h.users[1].api_key });
    expect(data?.naira_balance).toEqual({ kobo: 9007199254740991, amount: "90071992547409.91" });
    await expect(
      h.query(`update bank_accounts set balance_kobo = 9007199254740992 where id = '${id}'`),
    ).rejects.toThrow(/bank_accounts_balance_exact/);
  });

  test("when optional fields are omitted, then they reset to their defaults (full replacement)", async () => {
    await put({
      account_number: "3000000002",
      account_name: "x",
      classification: "PERSONAL",
      status: "DORMANT",
      reference: "r",
    });
    await put({ account_number: "3000000002" });
    expect(await read()).toMatchObject({
      account_name: null,
      classification: "NULL",
      status: "NULL",
      business_name: null,
      reference: null,
    });
  });

  test.each(["NULL", "PERSONAL", "BUSINESS"])("classification %s is accepted and stored", async (classification) => {
    const { response } = await put({ account_number: "3000000003", classification });
    expect(response.status).toBe(200);
    expect((await read()).classification).toBe(classification);
  });

  test.each(["NULL", "ACTIVE", "INACTIVE", "DORMANT"])("status %s is accepted and stored", async (status) => {
    const { response } = await put({ account_number: "3000000004", status });
    expect(response.status).toBe(200);
    expect((await read()).status).toBe(status);
  });

  test.each(["account_number", "account_name", "business_name", "reference"])(
    "%s takes 255 characters and refuses 256 with a 400 naming the field",
    async (field) => {
      const base = { account_number: "3000000005" };
      const ok = await put({ ...base, [field]: "7".repeat(255) });
      expect(ok.response.status).toBe(200);
      expect((ok.data as Record<string, unknown>)[field]).toBe("7".repeat(255));
      const tooLong = await put({ ...base, [field]: "8".repeat(256) });
      expect(tooLong.response.status).toBe(400);
      expect(tooLong.response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(tooLong.error?.errors).toContainEqual(
        expect.objectContaining({ path: `/body/${field}`, code: "maxLength" }),
      );
    },
  );

  test.each([
    [{ account_number: "" }, "/body/account_number", "minLength"],
    [{}, "/body/account_number", "required"],
    [{ account_number: 12 }, "/body/account_number", "type"],
    [{ account_number: "1", status: "OPEN" }, "/body/status", "enum"],
    [{ account_number: "1", classification: "null" }, "/body/classification", "enum"],
    [{ account_number: "1", id: "other" }, "/body/id", "additionalProperties"],
    [{ account_number: "1", naira_balance: { kobo: 1 } }, "/body/naira_balance", "additionalProperties"],
  ])("when the body is %j, then 400 names %s", async (body, path, code) => {
    const { response, error } = await put(body);
    expect(response.status).toBe(400);
    expect(error?.errors).toContainEqual(expect.objectContaining({ path, code }));
  });

  test("when the key is missing or unknown, then 401 and nothing changes", async () => {
    await put({ account_number: "3000000006", reference: "kept" });
    const before = await read();
    for (const key of ["", "vk_00000000_unknown"]) {
      const { response, error } = await h.client(key).PUT(PATH, {
        params: { path: { id: h.users[0].bank_account_id } },
        body: { account_number: "3000000007" },
      });
      expect(response.status).toBe(401);
      expect(error?.type).toBe("urn:vault:problem:unauthorized");
    }
    expect(await read()).toEqual(before);
  });

  test("when the account belongs to another user, then GET and PUT are 404 as for an unknown id, and it is unchanged", async () => {
    const other = h.users[1];
    const before = await read(other.bank_account_id, other.api_key);
    const foreign = await h.client().GET(PATH, { params: { path: { id: other.bank_account_id } } });
    const unknown = await h.client().GET(PATH, { params: { path: { id: "no-such-account" } } });
    expect(foreign.response.status).toBe(404);
    expect({ ...foreign.error, instance: undefined }).toEqual({ ...unknown.error, instance: undefined });
    const { response } = await put({ account_number: "3000000008" }, { id: other.bank_account_id });
    expect(response.status).toBe(404);
    expect(await read(other.bank_account_id, other.api_key)).toEqual(before);
    const own = await put({ account_number: "3000000009" }, { id: other.bank_account_id, key: other.api_key });
    expect(own.response.status).toBe(200);
    expect(own.data?.account_number).toBe("3000000009");
  });

  test("when the id is unknown, then 404 problem", async () => {
    const { response, error } = await put({ account_number: "1" }, { id: "no-such-account" });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ status: 404, type: "urn:vault:problem:not-found" });
  });

  describe("account numbers are unique per user", () => {
    test("when another user's account has the number, then the caller records it too (PUT 200, create 201) and each reads back their own", async () => {
      const [, other, third] = h.users;
      if (!third) throw new Error("not enough seeded users");
      const theirs = await put({ account_number: "3000000010" }, { id: other.bank_account_id, key: other.api_key });
      expect(theirs.response.status).toBe(200);
      const mine = await put({ account_number: "3000000010" });
      expect(mine.response.status).toBe(200);
      const created = await create({ account_number: "3000000010" }, third.api_key);
      expect(created.response.status).toBe(201);

      expect(await read()).toMatchObject({ account_number: "3000000010", user: { id: h.users[0].id } });
      expect(await read(other.bank_account_id, other.api_key)).toEqual(theirs.data);
      expect(await read(created.data?.id ?? "", third.api_key)).toMatchObject({
        account_number: "3000000010",
        user: { id: third.id },
      });
    });

    test("when another of the caller's own accounts has the number, then a PUT or create with it is 409 naming account_number and nothing changes", async () => {
      expect((await create({ account_number: "3000000015" })).response.status).toBe(201);
      const before = await ownAccounts();

      const replaced = await put({ account_number: "3000000015" });
      const created = await create({ account_number: "3000000015" });
      for (const { response, error } of [replaced, created]) {
        expect(response.status).toBe(409);
        expect(error?.errors).toEqual([expect.objectContaining({ path: "/body/account_number", code: "unique" })]);
      }
      expect(await ownAccounts()).toEqual(before);
    });

    test("when another user's account has the number, then the answer is the one a free number gets", async () => {
      const other = h.users[1];
      await put({ account_number: "3000000016" }, { id: other.bank_account_id, key: other.api_key });
      /** What an answer shows beyond the values that differ between any two writes. */
      const shape = ({ response, data }: { response: Response; data?: object }) => ({
        status: response.status,
        headers: [...response.headers.keys()],
        body: { ...data, id: 0, account_number: 0, tracking_reference: 0, created_at: 0, updated_at: 0 },
      });
      expect(shape(await put({ account_number: "3000000016" }))).toEqual(
        shape(await put({ account_number: "3000000017" })),
      );
      expect(shape(await create({ account_number: "3000000016" }))).toEqual(
        shape(await create({ account_number: "3000000018" })),
      );
    });
  });

  test.each([
    ["CLOSED", 1],
    ["ESCHEAT", 2],
    ["CHARGEOFF", 3],
  ] as const)("when the account is %s, then leaving it is 409 and staying is fine", async (terminal, userIndex) => {
    const user = h.users[userIndex];
    if (!user) throw new Error("not enough seeded users");
    const own = { id: user.bank_account_id, key: user.api_key };
    const number = `30000001${userIndex}0`;
    expect((await put({ account_number: number, status: terminal }, own)).response.status).toBe(200);
    for (const status of ["NULL", "ACTIVE", "CLOSED", "ESCHEAT", "CHARGEOFF"].filter((s) => s !== terminal)) {
      const leave = await put({ account_number: number, status }, own);
      expect(leave.response.status).toBe(409);
      expect(leave.error?.errors).toContainEqual(
        expect.objectContaining({ path: "/body/status", code: "terminal_status" }),
      );
    }
    const stay = await put({ account_number: number, status: terminal, reference: "still closed" }, own);
    expect(stay.response.status).toBe(200);
    expect(stay.data?.reference).toBe("still closed");
  });

  test("when If-Match is stale, then 412 and nothing changes", async () => {
    const first = await put({ account_number: "3000000012", reference: "v-a" });
    const version = first.response.headers.get("etag") ?? "";
    const second = await put({ account_number: "3000000012", reference: "v-b" }, { ifMatch: version });
    expect(second.response.status).toBe(200);
    const stale = await put({ account_number: "3000000012", reference: "v-c" }, { ifMatch: version });
    expect(stale.response.status).toBe(412);
    expect((await read()).reference).toBe("v-b");
  });

  test('when If-Match is W/"<current>" or a list, then the weak tag never matches and a list matches when one tag is current', async () => {
    const first = await put({ account_number: "3000000014", reference: "w-a" });
    const current = (first.response.headers.get("etag") ?? "").replace(/"/g, "");
    const weak = await put({ account_number: "3000000014", reference: "w-b" }, { ifMatch: `W/"${current}"` });
    expect(weak.response.status).toBe(412);
    expect(weak.error?.errors).toContainEqual(expect.objectContaining({ path: "/headers/if-match" }));
    expect((await read()).reference).toBe("w-a");

    const listed = await put({ account_number: "3000000014", reference: "w-c" }, { ifMatch: `"1", "${current}"` });
    expect(listed.response.status).toBe(200);
    expect((await read()).reference).toBe("w-c");
    const stale = await put({ account_number: "3000000014", reference: "w-d" }, { ifMatch: `"1", "${current}"` });
    expect(stale.response.status).toBe(412);
    const any = await put({ account_number: "3000000014", reference: "w-e" }, { ifMatch: "*" });
    expect(any.response.status).toBe(200);
    expect((await read()).reference).toBe("w-e");
  });

  test("when concurrent PUTs carry the same If-Match, then exactly one wins", async () => {
    const start = await put({ account_number: "3000000013" });
    const version = start.response.headers.get("etag") ?? "";
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        put({ account_number: "3000000013", reference: `racer-${i}` }, { ifMatch: version }),
      ),
    );
    const statuses = results.map((r) => r.response.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(9);
  });
});
