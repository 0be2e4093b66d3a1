// A share's `last_accessed_at` says when its link was last used: only a request the link
// served moves it, never one it refused (no unlock, a wrong password, a bad unlock).
// Read back through the owner's view of the share.
import { createVaultClient } from "@vault/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databases } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const LINK = "/evault/v1/links/{token}/" as const;
const CONTENT = "/evault/v1/links/{token}/content/" as const;
const UNLOCK = "/evault/v1/links/{token}/unlock/" as const;
const NO_RETRIES = { max: 0 };

const tokenOf = (link: string | undefined) => /\/evault\/v1\/links\/([^/]+)\/$/.exec(link ?? "")?.[1] ?? "";

describe.each(databases)("link access time on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  const anyone = () => createVaultClient({ baseUrl: h.url, retries: NO_RETRIES });
  const share = async (body: Record<string, unknown>) => {
    const { data, response } = await h.client().POST("/evault/v1/file_shares/", { body: body as never });
    if (!data) throw new Error(`the share was not made: ${response.status}`);
    return { id: data.id, token: tokenOf(data.link) };
  };
  const lastAccess = async (id: string) =>
    (await h.client().GET("/evault/v1/file_shares/{id}/", { params: { path: { id } } })).data?.last_accessed_at;
  /** Long enough for an access recorded after its answer to have landed. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  test("when a password link's requests are refused (no unlock, a wrong password, a bad unlock), then last_accessed_at stays unset; the right password moves it", async () => {
    const { id, token } = await share({ file: h.users[0].file_id, access: "public", password: "open sesame" });
    const path = { path: { token } };
    const refused = [
      await anyone().GET(LINK, { params: path }),
      await anyone().GET(CONTENT, { params: path, parseAs: "arrayBuffer" }),
      await anyone().POST(UNLOCK, { params: path, body: { password: "open sesame!" } }),
      await anyone().GET(LINK, { params: { ...path, header: { authorization: "Bearer not-an-unlock" } } as never }),
      await anyone().GET(LINK, { params: { ...path, header: { cookie: "link_access=not-an-unlock" } } as never }),
    ];
    expect(refused.map(({ response }) => response.status)).toEqual([401, 401, 401, 401, 401]);
    await settle();
    expect(await lastAccess(id)).toBeNull();

    const unlocked = await anyone().POST(UNLOCK, { params: path, body: { password: "open sesame" } });
    expect(unlocked.response.status).toBe(200);
    await expect.poll(() => lastAccess(id)).toEqual(expect.any(String));

    const opened = await anyone().GET(LINK, {
      params: { ...path, header: { authorization: `Bearer ${unlocked.data?.access_token}` } } as never,
    });
    expect(opened.response.status).toBe(200);
  });

  test("when a link without a password is opened, then last_accessed_at moves; a folder it does not share (404) does not", async () => {
    const { id, token } = await share({ folder: h.users[0].folder_id, access: "public" });
    const outside = await anyone().GET(LINK, {
      params: { path: { token }, query: { folder: "00000000-0000-4000-8000-000000000000" } },
    });
    expect(outside.response.status).toBe(404);
    await settle();
    expect(await lastAccess(id)).toBeNull();
    expect((await anyone().GET(LINK, { params: { path: { token } } })).response.status).toBe(200);
    await expect.poll(() => lastAccess(id)).toEqual(expect.any(String));
  });
});
