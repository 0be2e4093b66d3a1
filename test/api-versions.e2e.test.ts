// API v1 and v2 side by side on one server (docs/versioning.md): data made through one
// version reads correctly through the other, v2's own shapes are validated both ways,
// and v1's answers announce its deprecation.
import { versions } from "@vault/spec/versions";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { locationPath } from "./helpers/vault.js";

const V1_SHARE = "/evault/v1/file_shares/{id}/" as const;
const V2_SHARE = "/evault/v2/file_shares/{id}/" as const;
const SUNSET = "2027-06-30T00:00:00Z";
const v1 = versions.find((version) => version.name === "v1");

describe.each(backends)("API versions on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // Two seed runs: the first run's users share with each other.
    h = await startHarness(backend, {
      seedRuns: 2,
      env: { API_V1_SUNSET: SUNSET, WEBHOOK_ALLOW_HOSTS: "127.0.0.1" },
    });
  });
  afterAll(() => h?.stop());

  const shareV1 = async () => {
    const { data } = await h.client().GET(V1_SHARE, { params: { path: { id: h.users[0].file_share_id } } });
    if (!data) throw new Error("the v1 GET of the share failed");
    return data;
  };
  const shareV2 = async () => {
    const { data } = await h.clientV2().GET(V2_SHARE, { params: { path: { id: h.users[0].file_share_id } } });
    if (!data) throw new Error("the v2 GET of the share failed");
    return data;
  };

  test("a share written through v1 reads through v2 with string user ids and its email addresses", async () => {
    const [owner, other] = h.users;
    const emails = ["ada@example.com", { name: "Bob", email: "bob@example.com" }, "not an address", 7];
    const written = await h.client().PATCH(V1_SHARE, {
      params: { path: { id: owner.file_share_id } },
      body: { users: [other.id], emails },
    });
    expect(written.response.status).toBe(200);

    const read = await shareV2();
    expect(read.user.id).toBe(String(owner.id));
    expect(read.users).toEqual([String(other.id)]);
    expect(read.users_detail.map((user) => user.id)).toEqual([String(other.id)]);
    expect(read.emails).toEqual(["ada@example.com", "bob@example.com"]);
    // v1 still reads what it wrote, as given.
    expect((await shareV1()).emails).toEqual(emails);
    expect((await shareV1()).users).toEqual([other.id]);
  });

  test("a share written through v2 reads through v1 with integer ids, and both show the same version", async () => {
    const [owner, other] = h.users;
    const { data, response } = await h.clientV2().PATCH(V2_SHARE, {
      params: { path: { id: owner.file_share_id } },
      body: { users: [String(owner.id), String(other.id)], emails: ["carol@example.com"] },
    });
    expect(response.status).toBe(200);
    expect(data?.users).toEqual([String(owner.id), String(other.id)]);
    const read = await shareV1();
    expect(read.users).toEqual([owner.id, other.id]);
    expect(read.emails).toEqual(["carol@example.com"]);
    expect(read.user.id).toBe(owner.id);
    // One stored version has one ETag in both versions: a v1 tag is a v2 If-Match.
    const tag = (
      await h.client().GET(V1_SHARE, { params: { path: { id: owner.file_share_id } } })
    ).response.headers.get("etag");
    const matched = await h.clientV2().PATCH(V2_SHARE, {
      params: { path: { id: owner.file_share_id }, header: { "If-Match": tag ?? "" } },
      body: { access: "public" },
    });
    expect(matched.response.status).toBe(200);
    const stale = await h.clientV2().PATCH(V2_SHARE, {
      params: { path: { id: owner.file_share_id }, header: { "If-Match": tag ?? "" } },
      body: { access: "private" },
    });
    expect(stale.response.status).toBe(412);
  });

  test("each version refuses the other's shapes, naming the field, and nothing is written", async () => {
    const id = h.users[0].file_share_id;
    const before = await shareV1();
    const v2Ints = await fetch(`${h.url}/evault/v2/file_shares/${id}/`, {
      method: "PATCH",
      headers: { "api-key": h.users[0].api_key, "content-type": "application/json" },
      body: JSON.stringify({ users: [h.users[1].id] }),
    });
    expect(v2Ints.status).toBe(400);
    expect(JSON.stringify(await v2Ints.json())).toContain("/body/users/0");
    const v2Objects = await fetch(`${h.url}/evault/v2/file_shares/${id}/`, {
      method: "PATCH",
      headers: { "api-key": h.users[0].api_key, "content-type": "application/json" },
      body: JSON.stringify({ emails: [{ email: "a@example.com" }] }),
    });
    expect(v2Objects.status).toBe(400);
    expect(JSON.stringify(await v2Objects.json())).toContain("/body/emails/0");
    const v1Strings = await fetch(`${h.url}/evault/v1/file_shares/${id}/`, {
      method: "PATCH",
      headers: { "api-key": h.users[0].api_key, "content-type": "application/json" },
      body: JSON.stringify({ users: [String(h.users[1].id)] }),
    });
    expect(v1Strings.status).toBe(400);
    expect(JSON.stringify(await v1Strings.json())).toContain("/body/users/0");
    expect(await shareV1()).toEqual(before);
  });

  test("a v2 user id past any user's (the store's ids are 32-bit) is an unknown user, 422 naming it, not a 500", async () => {
    const [owner] = h.users;
    const before = await shareV1();
    for (const id of ["2147483648", "9999999999"]) {
      const updated = await h.clientV2().PATCH(V2_SHARE, {
        params: { path: { id: owner.file_share_id } },
        body: { users: [String(owner.id), id] },
      });
      expect(updated.response.status).toBe(422);
      expect(JSON.stringify(updated.error)).toContain("/body/users/1");
      const created = await h
        .clientV2()
        .POST("/evault/v2/file_shares/", { body: { file: owner.file_id, users: [id] } });
      expect(created.response.status).toBe(422);
      expect(JSON.stringify(created.error)).toContain("/body/users/0");
    }
    expect(await shareV1()).toEqual(before);
  });

  test("v2's answers point at v2: a create's Location, a file's content URL, a list's next page", async () => {
    const created = await h.clientV2().POST("/evault/v2/folders/", { body: { name: "Made in v2" } });
    expect(created.response.status).toBe(201);
    expect(locationPath(created.response)).toBe(`/evault/v2/folders/${created.data?.id}/`);

    const { data: file } = await h.clientV2().GET("/evault/v2/files/{id}/", {
      params: { path: { id: h.users[0].file_id } },
    });
    expect(file?.file).toBe(`${h.url}/evault/v2/files/${h.users[0].file_id}/content/`);
    const content = await fetch(file?.file ?? "", { headers: { "api-key": h.users[0].api_key } });
    const inV1 = await fetch(`${h.url}/evault/v1/files/${h.users[0].file_id}/content/`, {
      headers: { "api-key": h.users[0].api_key },
    });
    expect(content.status).toBe(200);
    expect(await content.text()).toBe(await inV1.text());

    const page = await h.clientV2().GET("/evault/v2/folders/", { params: { query: { page_size: 1 } } });
    expect(page.data?.next).toMatch(new RegExp(`^${h.url}/evault/v2/folders/\\?`));
  });

  test("a resumable upload made through v2 is located at v2's paths and makes the file", async () => {
    const b64 = (text: string) => Buffer.from(text).toString("base64");
    const tus = { "api-key": h.users[0].api_key, "Tus-Resumable": "1.0.0" };
    const created = await fetch(`${h.url}/evault/v2/uploads/`, {
      method: "POST",
      headers: {
        ...tus,
        "Upload-Length": "5",
        "Upload-Metadata": `filename ${b64("v2.txt")},folder ${b64(h.users[0].folder_id)}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    expect(new URL(location).pathname).toMatch(/^\/evault\/v2\/uploads\/[^/]+\/$/);
    const appended = await fetch(location, {
      method: "PATCH",
      headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: "hello",
    });
    expect(appended.status).toBe(204);
    const fileId = appended.headers.get("vault-file-id") ?? "";
    const { data } = await h.clientV2().GET("/evault/v2/files/{id}/", { params: { path: { id: fileId } } });
    expect(data?.name).toBe("v2.txt");
    expect(data?.file).toBe(`${h.url}/evault/v2/files/${fileId}/content/`);
  });

  test("a password link made through v2 unlocks from its page's form on v2's paths", async () => {
    const { data } = await h.clientV2().POST("/evault/v2/file_shares/", {
      body: { file: h.users[0].file_id, access: "public", password: "open sesame" },
    });
    const link = data?.link ?? "";
    expect(new URL(link).pathname).toMatch(/^\/evault\/v2\/links\/[^/]+\/$/);
    const unlocked = await fetch(`${link}unlock/`, {
      method: "POST",
      redirect: "manual",
      headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: "password=open+sesame",
    });
    expect(unlocked.status).toBe(303);
    expect(unlocked.headers.get("location")).toBe(link);
    const cookie = unlocked.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`Path=${new URL(link).pathname}`);
    const page = await fetch(link, { headers: { accept: "text/html", cookie: cookie.split(";")[0] as string } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("notes.txt");
  });

  test("a webhook endpoint's url is its owner's: v2 shows it as written, even when it names this service's v1 paths", async () => {
    const url = `${h.url}/banking/v1/receiver/?next=/evault/v1/x`;
    const made = await h.client().POST("/evault/v1/webhook_endpoints/", {
      body: { url, events: ["webhook_endpoint.disabled"] },
    });
    expect(made.response.status).toBe(201);
    const { data } = await h.clientV2().GET("/evault/v2/webhook_endpoints/{id}/", {
      params: { path: { id: made.data?.id ?? "" } },
    });
    expect(data?.url).toBe(url);
  });

  test("a cursor works in both versions: v1's next page, asked of v2, answers the same items", async () => {
    const first = await h.client().GET("/evault/v1/folders/", { params: { query: { page_size: 1 } } });
    const cursor = new URL(first.data?.next ?? "").searchParams.get("cursor") ?? "";
    const query = { page_size: 1, cursor };
    const inV1 = await h.client().GET("/evault/v1/folders/", { params: { query } });
    const inV2 = await h.clientV2().GET("/evault/v2/folders/", { params: { query } });
    expect(inV2.response.status).toBe(200);
    expect(inV2.data?.results.map((folder) => folder.id)).toEqual(inV1.data?.results.map((folder) => folder.id));
    expect(inV2.data?.results.length).toBe(1);
  });

  test("an idempotency key names one request: the same key on the other version is another request, refused", async () => {
    const key = `versions-${Date.now()}`;
    const first = await h.client().POST("/evault/v1/folders/", {
      body: { name: "Keyed" },
      params: { header: { "Idempotency-Key": key } },
    });
    expect(first.response.status).toBe(201);
    const again = await h.clientV2().POST("/evault/v2/folders/", {
      body: { name: "Keyed" },
      params: { header: { "Idempotency-Key": key } },
    });
    expect(again.response.status).toBe(422);
    expect(again.error?.type).toContain("idempotency");
  });

  test("v2's events show the v2 shapes of what v1 wrote", async () => {
    const { data } = await h.clientV2().GET("/evault/v2/events/", {
      params: { query: { type: ["file_share."] } },
    });
    const users = (data?.results ?? []).flatMap((event) =>
      "users" in event.data.object ? (event.data.object.users ?? []) : [],
    );
    expect(users.length).toBeGreaterThan(0);
    for (const id of users) expect(typeof id).toBe("string");
  });

  test("v1's answers, errors too, carry Deprecation, Sunset and their links; v2's carry neither", async () => {
    const ok = await h.client().GET("/evault/v1/folders/", {});
    const missing = await h.client().GET("/evault/v1/folders/{id}/", { params: { path: { id: "nope" } } });
    for (const { response } of [ok, missing]) {
      expect(response.headers.get("deprecation")).toBe(`@${Date.parse(v1?.deprecated ?? "") / 1000}`);
      expect(response.headers.get("sunset")).toBe(new Date(SUNSET).toUTCString());
      expect(response.headers.get("link")).toBe(
        `<${v1?.migration}>; rel="deprecation"; type="text/html", <${v1?.migration}>; rel="sunset"; type="text/html"`,
      );
    }
    expect(missing.response.status).toBe(404);
    const v2 = await h.clientV2().GET("/evault/v2/folders/", {});
    expect(v2.response.status).toBe(200);
    expect(v2.response.headers.get("deprecation")).toBeNull();
    expect(v2.response.headers.get("sunset")).toBeNull();
  });
});
