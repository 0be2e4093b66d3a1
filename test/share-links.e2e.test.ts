import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const SHARES = "/evault/v1/file_shares/" as const;
const SHARE = "/evault/v1/file_shares/{id}/" as const;
const LINK = "/evault/v1/file_shares/{id}/link/" as const;

/** A link's token: 32 base64url characters (192 bits). */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const tokenOf = (link: string | undefined) => {
  const match = /\/evault\/v1\/links\/([^/]+)\/$/.exec(link ?? "");
  if (!match?.[1]) throw new Error(`not a link: ${link}`);
  return match[1];
};
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe.each(backends)("share links on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  const create = (body: Record<string, unknown>, key?: string) =>
    h.client(key).POST(SHARES, { body: { file: h.users[0].file_id, ...body } as never });
  const read = async (id: string, key?: string) => {
    const { data, response } = await h.client(key).GET(SHARE, { params: { path: { id } } });
    if (!data) throw new Error(`GET of share ${id} answered ${response.status}`);
    return data;
  };
  const replace = (id: string, options: { key?: string; idempotencyKey?: string } = {}) =>
    h.client(options.key).POST(LINK, {
      params: {
        path: { id },
        header: options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {},
      },
    });
  const storedShare = async (id: string) => {
    const [row] = await h.query<Record<string, unknown>>(`select * from file_shares where id = '${id}'`);
    if (!row) throw new Error(`no share ${id}`);
    return row;
  };

  test("when a share is made, then it has its own link, no expiry, no downloads and no access yet", async () => {
    const first = await create({ access: "public" });
    const second = await create({});
    expect(first.response.status).toBe(201);
    const token = tokenOf(first.data?.link);
    expect(first.data?.link).toBe(`${h.url}/evault/v1/links/${token}/`);
    expect(token).toMatch(TOKEN);
    expect(token).not.toContain(first.data?.id.slice(0, 8));
    expect(tokenOf(second.data?.link)).not.toBe(token);
    expect(first.data).toMatchObject({ expires_at: null, download_count: 0, last_accessed_at: null });
    // The same link on every read, in the list too, and in the seeded shares made before.
    expect((await read(first.data?.id ?? "")).link).toBe(first.data?.link);
    const { data: page } = await h.client().GET(SHARES, { params: { query: { page_size: 100 } } });
    expect(page?.results.find((share) => share.id === first.data?.id)?.link).toBe(first.data?.link);
    expect(tokenOf((await read(h.users[0].file_share_id)).link)).toMatch(TOKEN);
  });

  test("when the database is read, then it holds the token's SHA-256 and never the token, and the link survives a restart", async () => {
    const { data } = await create({});
    const token = tokenOf(data?.link);
    const row = await storedShare(data?.id ?? "");
    expect(row.link_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    await h.restart();
    expect(tokenOf((await read(data?.id ?? "")).link)).toBe(token);
  });

  test("when the link is replaced, then the share shows the new one, the old one's hash is gone and the version moves", async () => {
    const { data: made, response: madeResponse } = await create({ access: "public" });
    const id = made?.id ?? "";
    const old = tokenOf(made?.link);
    const { data, response } = await replace(id);
    expect(response.status).toBe(200);
    const token = tokenOf(data?.link);
    expect(token).toMatch(TOKEN);
    expect(token).not.toBe(old);
    expect(response.headers.get("etag")).not.toBe(madeResponse.headers.get("etag"));
    expect(data).toMatchObject({ id, access: "public", download_count: 0, file: h.users[0].file_id });
    expect((await read(id)).link).toBe(data?.link);
    const hashes = (await h.query<{ link_hash: string }>("select link_hash from file_shares")).map((r) => r.link_hash);
    expect(hashes).toContain(sha256(token));
    expect(hashes).not.toContain(sha256(old));
  });

  test("when a replace is retried with its Idempotency-Key, then the first new link is answered again and not replaced twice", async () => {
    const { data: made } = await create({});
    const id = made?.id ?? "";
    const first = await replace(id, { idempotencyKey: `replace-${id}` });
    const retry = await replace(id, { idempotencyKey: `replace-${id}` });
    expect(retry.response.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.data?.link).toBe(first.data?.link);
    expect((await read(id)).link).toBe(first.data?.link);
  });

  test("when another user replaces the link, or a share that does not exist, then 404 and the link stays", async () => {
    const [owner, other] = h.users;
    const before = (await read(owner.file_share_id)).link;
    for (const [id, key] of [
      [owner.file_share_id, other.api_key],
      ["no-such-share", owner.api_key],
    ] as const) {
      const { response, error } = await replace(id, { key });
      expect(response.status).toBe(404);
      expect(error?.type).toBe("urn:vault:problem:not-found");
    }
    expect((await read(owner.file_share_id)).link).toBe(before);
  });

  test("when expires_at is given, then it is kept (as UTC), changed by a PATCH and cleared with null", async () => {
    const { data } = await create({ expires_at: "2030-01-02T03:04:05+01:00" });
    const id = data?.id ?? "";
    expect(data?.expires_at).toBe("2030-01-02T02:04:05.000Z");
    const patched = await h.client().PATCH(SHARE, {
      params: { path: { id } },
      body: { expires_at: "2031-06-01T00:00:00Z" },
    });
    expect(patched.error).toBeUndefined();
    expect(patched.data?.expires_at).toBe("2031-06-01T00:00:00.000Z");
    expect((await read(id)).expires_at).toBe("2031-06-01T00:00:00.000Z");
    // A PATCH without it leaves it.
    await h.client().PATCH(SHARE, { params: { path: { id } }, body: { access: "public" } });
    expect((await read(id)).expires_at).toBe("2031-06-01T00:00:00.000Z");
    await h.client().PATCH(SHARE, { params: { path: { id } }, body: { expires_at: null } });
    expect((await read(id)).expires_at).toBeNull();
  });

  test.each([
    ["tomorrow", "format"],
    ["2030-01-02", "format"],
    ["2030-01-02T03:04:05", "format"],
    // Through the validator's format check, refused before PostgreSQL sees them.
    ["2026-02-29T00:00:00Z", "format"],
    ["2026-01-01T25:00:00Z", "format"],
    ["0000-01-01T00:00:00Z", "format"],
    ["2026-01-01T00:00:00+24:00", "format"],
    [`2030-01-02T03:04:05Z${"0".repeat(60)}`, "maxLength"],
    [1893456000, "x-eov-type"],
  ])("when expires_at is %j, then 400 names /body/expires_at", async (value, code) => {
    const { response, error } = await create({ expires_at: value });
    expect(response.status).toBe(400);
    expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/body/expires_at", code }));
  });
});
