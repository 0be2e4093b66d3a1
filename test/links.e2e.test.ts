// Opening a share by its link (issue 26 §2): the link is the credential. Through the
// generated client, anonymous (no api-key) unless a test says whose key it sends.
import { createHash, randomBytes } from "node:crypto";
import { get, type IncomingMessage } from "node:http";
import { createVaultClient } from "@vault/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, serverOutput, startHarness } from "./helpers/server.js";
import { checkedZip } from "./helpers/vault.js";

const SHARES = "/evault/v1/file_shares/" as const;
const SHARE = "/evault/v1/file_shares/{id}/" as const;
const LINK = "/evault/v1/links/{token}/" as const;
const CONTENT = "/evault/v1/links/{token}/content/" as const;
const NO_RETRIES = { max: 0 };

const tokenOf = (link: string | undefined) => /\/evault\/v1\/links\/([^/]+)\/$/.exec(link ?? "")?.[1] ?? "";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** A problem as any two refusals of one kind must read: all but the request it answers. */
const sameness = (problem: unknown) => ({ ...(problem as object), instance: undefined });

describe.each(backends)("links on $name", (backend) => {
  let h: Harness;
  /** A client that sends no api-key: anyone who has the link. */
  const anyone = () => createVaultClient({ baseUrl: h.url, retries: NO_RETRIES });
  const bytes = randomBytes(70_000);
  const name = "Übersicht 报告.bin";
  let fileId = "";

  beforeAll(async () => {
    // Two seed runs: the first run's users share with each other, the second run's are
    // strangers. The request log at info: a test reads the link paths it logged.
    h = await startHarness(backend, { seedRuns: 2, env: { LOG_LEVEL: "info" } });
    const { data } = await h.client().POST("/evault/v1/files/", {
      body: { file: new File([bytes], name), folder: h.users[0].folder_id },
    });
    fileId = data?.id ?? "";
  });
  afterAll(() => h?.stop());

  /** A share of the owner's (the first user's), as its owner made it. */
  const share = async (body: Record<string, unknown>) => {
    const { data, response } = await h.client().POST(SHARES, { body: body as never });
    if (!data) throw new Error(`the share was not made: ${response.status}`);
    return { id: data.id, token: tokenOf(data.link) };
  };
  const open = (token: string, key?: string) =>
    (key ? h.client(key) : anyone()).GET(LINK, { params: { path: { token } } });
  const download = (token: string, headers: Record<string, string> = {}, key?: string) =>
    (key ? h.client(key) : anyone()).GET(CONTENT, {
      params: { path: { token }, header: headers },
      parseAs: "arrayBuffer",
    });
  const patch = (id: string, body: Record<string, unknown>) =>
    h.client().PATCH(SHARE, { params: { path: { id } }, body: body as never });
  const read = async (id: string) => (await h.client().GET(SHARE, { params: { path: { id } } })).data;
  /** A new folder of the owner's in `parent` (null: at the root); answers its id. */
  const folder = async (name: string, parent: string | null) =>
    (await h.client().POST("/evault/v1/folders/", { body: { name, folder: parent } })).data?.id ?? "";
  /** Restores the owner's bin entry `id` to where it was. */
  const restore = (id: string) =>
    h.client().POST("/evault/v1/bins/{id}/restore/", { params: { path: { id } }, body: { tags: [] } });

  test("when anyone opens a public file link, then they see what is shared and its owner's name, nothing else, and no cache may keep it", async () => {
    const { id, token } = await share({ file: fileId, access: "public" });
    const owner = (await read(id))?.user;
    const { data, response } = await open(token);
    expect(response.status).toBe(200);
    expect(data).toEqual({
      kind: "file",
      name,
      size: bytes.length,
      content_type: "application/octet-stream",
      owner: { name: `${owner?.first_name} ${owner?.last_name}` },
      expires_at: null,
      has_password: false,
    });
    expect(JSON.stringify(data)).not.toContain(owner?.email);
    expect(JSON.stringify(data)).not.toContain(`"${owner?.id}"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  test("when anyone downloads a public file link, then they get the owner's bytes with the owner's download headers, ranges and 304", async () => {
    const { id, token } = await share({ file: fileId, access: "public" });
    const owners = await h.client().GET("/evault/v1/files/{id}/content/", {
      params: { path: { id: fileId } },
      parseAs: "arrayBuffer",
    });
    const whole = await download(token);
    expect(whole.response.status).toBe(200);
    expect(sha256(Buffer.from(whole.data as ArrayBuffer))).toBe(sha256(bytes));
    const etag = whole.response.headers.get("etag") ?? "";
    expect(etag).toBe(owners.response.headers.get("etag"));
    for (const header of ["content-type", "content-disposition", "accept-ranges", "x-content-type-options"]) {
      expect(whole.response.headers.get(header), header).toBe(owners.response.headers.get(header));
    }
    expect(
      decodeURIComponent(
        /filename\*=UTF-8''([^;]+)/.exec(whole.response.headers.get("content-disposition") ?? "")?.[1] ?? "",
      ),
    ).toBe(name);
    expect(whole.response.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(whole.response.headers.get("cache-control")).toBe("private, no-store");
    expect(whole.response.headers.get("referrer-policy")).toBe("no-referrer");

    const part = await download(token, { Range: "bytes=100-199" });
    expect(part.response.status).toBe(206);
    expect(Buffer.from(part.data as ArrayBuffer).equals(bytes.subarray(100, 200))).toBe(true);
    expect(part.response.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    const unchanged = await download(token, { "If-None-Match": etag });
    expect(unchanged.response.status).toBe(304);
    expect(unchanged.response.headers.get("cache-control")).toBe("private, no-store");

    // Only the whole download counted (once its last byte left, so a moment after the client has it); the link was opened.
    await expect.poll(async () => (await read(id))?.download_count).toBe(1);
    expect((await read(id))?.last_accessed_at).toEqual(expect.any(String));
    await download(token);
    await expect.poll(async () => (await read(id))?.download_count).toBe(2);
    await download(token, { Range: "bytes=0-" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await read(id))?.download_count).toBe(2);
  });

  test("when the server stops right after whole downloads, then each is counted: the counts it keeps for a tenth of a second are written as it stops", async () => {
    const { id, token } = await share({ file: fileId, access: "public" });
    for (let i = 0; i < 3; i++) expect((await download(token)).response.status).toBe(200);
    await h.restart();
    expect((await read(id))?.download_count).toBe(3);
  });

  test("when a private link is opened, then only its owner and linked users, each with their key, see it; anyone else gets the 404 of no link", async () => {
    const [owner, friend, stranger] = h.users;
    if (!stranger) throw new Error("the second seed run is missing");
    const { token } = await share({ file: fileId, access: "private", users: [friend.id] });
    expect((await open(token, owner.api_key)).response.status).toBe(200);
    expect((await open(token, friend.api_key)).response.status).toBe(200);
    const friends = await download(token, {}, friend.api_key);
    expect(sha256(Buffer.from(friends.data as ArrayBuffer))).toBe(sha256(bytes));
    const unknown = await open(randomBytes(24).toString("base64url"));
    for (const refused of [await open(token), await open(token, stranger.api_key), await open(token, "vk_wrong")]) {
      expect(refused.response.status).toBe(404);
      expect(sameness(refused.error)).toEqual(sameness(unknown.error));
    }
    expect((await download(token, {}, stranger.api_key)).response.status).toBe(404);
  });

  test("when the link has expired, then both operations answer 410 share_expired, and clearing expires_at opens it again", async () => {
    const { id, token } = await share({ file: fileId, access: "public", expires_at: "2020-01-01T00:00:00Z" });
    for (const { response, error } of [await open(token), await download(token)]) {
      expect(response.status).toBe(410);
      expect((error as { type?: string }).type).toBe("urn:vault:problem:share-expired");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    await patch(id, { expires_at: null });
    expect((await open(token)).response.status).toBe(200);
    await patch(id, { expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await open(token)).response.status).toBe(410);
  });

  test("when a link is replaced or its share revoked, then it answers the same 404 as a token no one was given", async () => {
    const { id, token } = await share({ file: fileId, access: "public" });
    const unknown = await open(randomBytes(24).toString("base64url"));
    expect(unknown.response.status).toBe(404);
    const replaced = await h.client().POST("/evault/v1/file_shares/{id}/link/", { params: { path: { id } } });
    const fresh = tokenOf(replaced.data?.link);
    expect((await open(fresh)).response.status).toBe(200);
    const old = await open(token);
    expect(old.response.status).toBe(404);
    expect(sameness(old.error)).toEqual(sameness(unknown.error));
    await h.client().DELETE(SHARE, { params: { path: { id } } });
    const revoked = await open(fresh);
    expect(revoked.response.status).toBe(404);
    expect(sameness(revoked.error)).toEqual(sameness(unknown.error));
    expect((await download(fresh)).response.status).toBe(404);
  });

  test("when tokens are guessed (random, malformed, a share's own id, another link's prefix), then every one answers the same 404", async () => {
    const { id, token } = await share({ file: fileId, access: "public" });
    const unknown = await open(randomBytes(24).toString("base64url"));
    const guesses = [
      id,
      token.slice(0, 31),
      `${token}A`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      createHash("sha256").update(token).digest("hex"),
      "' or 1=1 --",
      "..%2F..%2Fetc",
      "x".repeat(2000),
      ...Array.from({ length: 20 }, () => randomBytes(24).toString("base64url")),
    ];
    for (const guess of guesses) {
      const { response, error } = await open(guess);
      expect(response.status, guess).toBe(404);
      expect(sameness(error), guess).toEqual(sameness(unknown.error));
    }
  });

  test("when a share is revoked during a download, then resuming it with a Range is the 404 of no link", async () => {
    const big = randomBytes(4 * 1024 * 1024);
    const upload = await h.client().POST("/evault/v1/files/", {
      body: { file: new File([big], "big.bin"), folder: h.users[0].folder_id },
    });
    const { id, token } = await share({ file: upload.data?.id ?? "", access: "public" });
    // A client reads the first bytes of the download, then the owner revokes the share.
    const started = await fetch(`${h.url}/evault/v1/links/${token}/content/`);
    expect(started.status).toBe(200);
    const reader = started.body?.getReader();
    const first = await reader?.read();
    const received = first?.value?.length ?? 0;
    expect(received).toBeGreaterThan(0);
    await h.client().DELETE(SHARE, { params: { path: { id } } });
    await reader?.cancel();
    const resumed = await download(token, { Range: `bytes=${received}-` });
    expect(resumed.response.status).toBe(404);
    expect((await open(token)).response.status).toBe(404);
  });

  test("when the shared file is in the bin behind a live link, then 404, and after its restore the link opens again", async () => {
    const upload = await h.client().POST("/evault/v1/files/", {
      body: { file: new File(["binned"], "binned.txt"), folder: h.users[0].folder_id },
    });
    const binnedId = upload.data?.id ?? "";
    const { token } = await share({ file: binnedId, access: "public" });
    expect((await open(token)).response.status).toBe(200);
    const binned = await h.client().DELETE("/evault/v1/files/{id}/", { params: { path: { id: binnedId } } });
    expect((await open(token)).response.status).toBe(404);
    expect((await download(token)).response.status).toBe(404);
    await restore(binned.data?.id ?? "");
    expect((await open(token)).response.status).toBe(200);
  });

  test("when a folder above the shared file is in the bin, then 404, and after its restore the link opens again", async () => {
    const outer = await folder("Outer", h.users[0].folder_id);
    const inner = await folder("Inner", outer);
    const upload = await h.client().POST("/evault/v1/files/", {
      body: { file: new File(["deep"], "deep.txt"), folder: inner },
    });
    const { token } = await share({ file: upload.data?.id ?? "", access: "public" });
    expect((await download(token)).response.status).toBe(200);
    const binned = await h.client().DELETE("/evault/v1/folders/{id}/", { params: { path: { id: outer } } });
    expect(binned.response.status).toBe(200);
    expect((await open(token)).response.status).toBe(404);
    expect((await download(token)).response.status).toBe(404);
    await restore(binned.data?.id ?? "");
    expect((await download(token)).response.status).toBe(200);
  });

  test("when a folder is shared, then its link describes the folder and has no content of its own", async () => {
    const { token } = await share({ folder: h.users[0].projects_folder_id, access: "public" });
    const { data } = await open(token);
    expect(data).toMatchObject({ kind: "folder", name: "Projects", content_type: null });
    expect(data?.size).toBeGreaterThan(0);
    expect((await download(token)).response.status).toBe(404);
  });

  describe("a folder link", () => {
    const FOLDERS = "/evault/v1/links/{token}/folders/" as const;
    const FILES = "/evault/v1/links/{token}/files/" as const;
    const FILE = "/evault/v1/links/{token}/files/{file_id}/content/" as const;
    const folders = (token: string, query: { folder?: string; page_size?: number; cursor?: string } = {}) =>
      anyone().GET(FOLDERS, { params: { path: { token }, query } });
    const files = (token: string, query: { folder?: string; page_size?: number; cursor?: string } = {}) =>
      anyone().GET(FILES, { params: { path: { token }, query } });
    const fileContent = (token: string, file_id: string) =>
      anyone().GET(FILE, { params: { path: { token, file_id } }, parseAs: "arrayBuffer" });
    /** The owner's child folder of `parent` called `name`. */
    const child = async (parent: string, name: string) => {
      const { data } = await h.client().GET("/evault/v1/folders/", { params: { query: { parent } } });
      return data?.results.find((folder) => folder.name === name)?.id ?? "";
    };

    test("when anyone browses it, then they see the folders and files inside, at every depth, and download them", async () => {
      const projects = h.users[0].projects_folder_id;
      const { token } = await share({ folder: projects, access: "public" });
      const top = await folders(token);
      expect(top.response.status).toBe(200);
      expect(top.response.headers.get("cache-control")).toBe("private, no-store");
      expect(top.data?.results.map((folder) => folder.name)).toEqual(["Alpha"]);
      const alpha = top.data?.results[0]?.id ?? "";
      expect((await folders(token, { folder: alpha })).data?.results.map((folder) => folder.name)).toEqual(["Specs"]);
      const specs = await child(alpha, "Specs");
      const listed = await files(token, { folder: specs });
      expect(listed.data?.results.map((file) => file.name).sort()).toEqual(["spec-copy.txt", "spec.txt"]);
      const [first] = listed.data?.results ?? [];
      expect(first?.content).toBe(`${h.url}/evault/v1/links/${token}/files/${first?.id}/content/`);
      const got = await fileContent(token, first?.id ?? "");
      expect(got.response.status).toBe(200);
      const owners = await h.client().GET("/evault/v1/files/{id}/content/", {
        params: { path: { id: first?.id ?? "" } },
        parseAs: "arrayBuffer",
      });
      expect(Buffer.from(got.data as ArrayBuffer).equals(Buffer.from(owners.data as ArrayBuffer))).toBe(true);
      expect((await files(token)).data?.results.map((file) => file.name)).toEqual(["plan.txt"]);
    });

    test("when the archive is downloaded, then it is the owner's archive of the folder, counted; a password link needs its unlock, a file link has none", async () => {
      const ARCHIVE = "/evault/v1/links/{token}/archive/" as const;
      const archive = (token: string) => anyone().GET(ARCHIVE, { params: { path: { token } }, parseAs: "arrayBuffer" });
      const projects = h.users[0].projects_folder_id;
      const { id, token } = await share({ folder: projects, access: "public" });
      const page = await fetch(`${h.url}/evault/v1/links/${token}/`, { headers: { accept: "text/html" } });
      expect(await page.text()).toContain(`<a class="button" href="archive/" download>Download all</a>`);

      const got = await archive(token);
      expect(got.response.status).toBe(200);
      expect(got.response.headers.get("cache-control")).toBe("private, no-store");
      const bytes = Buffer.from(got.data ?? new ArrayBuffer(0));
      const owners = await h.client().GET("/evault/v1/folders/{id}/archive/", {
        params: { path: { id: projects } },
        parseAs: "arrayBuffer",
      });
      expect(bytes.equals(Buffer.from(owners.data ?? new ArrayBuffer(0)))).toBe(true);
      const names = (await checkedZip(bytes)).map((entry) => entry.name);
      expect(names).toEqual(
        expect.arrayContaining(["Projects/", "Projects/plan.txt", "Projects/Alpha/Specs/spec.txt"]),
      );
      await expect.poll(async () => (await read(id))?.download_count).toBe(1);

      const locked = await share({ folder: projects, access: "public", password: "open sesame" });
      expect((await archive(locked.token)).response.status).toBe(401);
      const file = await share({ file: fileId, access: "public" });
      expect((await archive(file.token)).response.status).toBe(404);
    });

    test("when a folder is moved out of the shared folder while its archive streams, then that archive still holds it (its listing is taken at the start) and the next one does not", async () => {
      const owner = h.client();
      const shared = await folder("Snapshot", null);
      const moved = await folder("Moved", shared);
      // A large file before it in path order, so the server is still sending that one when the move happens.
      const big = new File([randomBytes(16 * 1024 * 1024)], "0-big.bin");
      expect((await owner.POST("/evault/v1/files/", { body: { file: big, folder: shared } })).response.status).toBe(
        201,
      );
      const kept = new File(["moved during the download"], "kept.txt");
      expect((await owner.POST("/evault/v1/files/", { body: { file: kept, folder: moved } })).response.status).toBe(
        201,
      );
      const { token } = await share({ folder: shared, access: "public" });

      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        get(`${h.url}/evault/v1/links/${token}/archive/`, resolve).on("error", reject),
      );
      const move = { params: { path: { id: moved } }, body: { folder: null } };
      expect((await owner.PATCH("/evault/v1/favourite/folders/{id}/", move)).response.status).toBe(200);
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      const during = await checkedZip(Buffer.concat(chunks));
      expect(during.find((entry) => entry.name === "Snapshot/Moved/kept.txt")?.content.toString()).toBe(
        "moved during the download",
      );
      const after = await anyone().GET("/evault/v1/links/{token}/archive/", {
        params: { path: { token } },
        parseAs: "arrayBuffer",
      });
      const names = (await checkedZip(Buffer.from(after.data ?? new ArrayBuffer(0)))).map((entry) => entry.name);
      expect(names).toEqual(["Snapshot/", "Snapshot/0-big.bin"]);
    });

    test("when pages are followed, then each file comes once, and a cursor of another folder or link is a 400", async () => {
      const projects = h.users[0].projects_folder_id;
      const { token } = await share({ folder: projects, access: "public" });
      const specs = await child(await child(projects, "Alpha"), "Specs");
      const first = await files(token, { folder: specs, page_size: 1 });
      const cursor = new URL(first.data?.next ?? "http://x/").searchParams.get("cursor") ?? "";
      const second = await files(token, { folder: specs, page_size: 1, cursor });
      expect(second.data?.next).toBeNull();
      const names = [...(first.data?.results ?? []), ...(second.data?.results ?? [])].map((file) => file.name);
      expect(names.sort()).toEqual(["spec-copy.txt", "spec.txt"]);
      const other = await share({ folder: projects, access: "public" });
      for (const { response, error } of [
        await files(other.token, { folder: specs, cursor }),
        await files(token, { cursor }),
      ]) {
        expect(response.status).toBe(400);
        expect((error as { errors?: unknown[] }).errors).toContainEqual(
          expect.objectContaining({ path: "/query/cursor" }),
        );
      }
    });

    test("when a folder or file outside the shared subtree is asked for (elsewhere, another user's, in the bin), then 404", async () => {
      const [owner, other] = h.users;
      const alpha = await child(owner.projects_folder_id, "Alpha");
      const { token } = await share({ folder: alpha, access: "public" });
      const unknown = await files(token, { folder: "no-such-folder" });
      expect(unknown.response.status).toBe(404);
      // Above the shared folder, beside it, another user's, and a folder in the bin.
      for (const folder of [
        owner.projects_folder_id,
        owner.folder_id,
        other.projects_folder_id,
        owner.binned_folder_id,
      ]) {
        for (const { response, error } of [await folders(token, { folder }), await files(token, { folder })]) {
          expect(response.status, folder).toBe(404);
          expect(sameness(error)).toEqual(sameness(unknown.error));
        }
      }
      for (const fileId of [owner.file_id, other.file_id, owner.binned_file_id, "no-such-file"]) {
        expect((await fileContent(token, fileId)).response.status, fileId).toBe(404);
      }
      // A file of the subtree moved to the bin behind the live link.
      const upload = await h.client().POST("/evault/v1/files/", {
        body: { file: new File(["soon binned"], "soon.txt"), folder: alpha },
      });
      const soon = upload.data?.id ?? "";
      expect((await fileContent(token, soon)).response.status).toBe(200);
      await h.client().DELETE("/evault/v1/files/{id}/", { params: { path: { id: soon } } });
      expect((await fileContent(token, soon)).response.status).toBe(404);
      expect((await files(token)).data?.results.map((file) => file.id)).not.toContain(soon);
    });

    test("when a file link is browsed as a folder, then 404", async () => {
      const { token } = await share({ file: fileId, access: "public" });
      expect((await folders(token)).response.status).toBe(404);
      expect((await files(token)).response.status).toBe(404);
      expect((await fileContent(token, fileId)).response.status).toBe(404);
    });
  });

  test("when a public link has a password, then it is 401 naming Authorization until unlocked, and its owner needs no password", async () => {
    const [owner] = h.users;
    const { token } = await share({ file: fileId, access: "public", password: "open sesame" });
    for (const { response, error } of [await open(token), await download(token)]) {
      expect(response.status).toBe(401);
      expect((error as { errors?: unknown[] }).errors).toContainEqual(
        expect.objectContaining({ path: "/headers/authorization" }),
      );
    }
    const owners = await open(token, owner.api_key);
    expect(owners.data?.has_password).toBe(true);
  });

  test("when a password link is unlocked, then its bearer token opens it, until the password or the link changes", async () => {
    const { id, token } = await share({ file: fileId, access: "public", password: "open sesame" });
    const unlock = (password: string, on = token) =>
      anyone().POST("/evault/v1/links/{token}/unlock/", { params: { path: { token: on } }, body: { password } });
    const wrong = await unlock("open sesame!");
    expect(wrong.response.status).toBe(401);
    expect(wrong.error?.errors).toContainEqual(expect.objectContaining({ path: "/body/password" }));
    const { data, response } = await unlock("open sesame");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const minutes = (Date.parse(data?.expires_at ?? "") - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const bearer = { Authorization: `Bearer ${data?.access_token}` };
    const info = await anyone().GET(LINK, { params: { path: { token }, header: bearer } });
    expect(info.data).toMatchObject({ kind: "file", has_password: true });
    const content = await anyone().GET(CONTENT, {
      params: { path: { token }, header: bearer },
      parseAs: "arrayBuffer",
    });
    expect(sha256(Buffer.from(content.data as ArrayBuffer))).toBe(sha256(bytes));
    // One character of the signature changed: its first (the last one's low bits are padding base64url ignores).
    const forged = {
      Authorization: `Bearer ${data?.access_token.replace(/\.(.)/, (_, c: string) => `.${c === "A" ? "B" : "A"}`)}`,
    };
    const refused = await anyone().GET(LINK, { params: { path: { token }, header: forged } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.errors).toContainEqual(expect.objectContaining({ path: "/headers/authorization" }));

    // A new password ends the unlock at once.
    await patch(id, { password: "new sesame" });
    expect((await anyone().GET(LINK, { params: { path: { token }, header: bearer } })).response.status).toBe(401);
    const again = await unlock("new sesame");
    const renewed = { Authorization: `Bearer ${again.data?.access_token}` };
    expect((await anyone().GET(LINK, { params: { path: { token }, header: renewed } })).response.status).toBe(200);
    // So does a new link: the old unlock does not open it.
    const replaced = await h.client().POST("/evault/v1/file_shares/{id}/link/", { params: { path: { id } } });
    const fresh = tokenOf(replaced.data?.link);
    expect((await anyone().GET(LINK, { params: { path: { token: fresh }, header: renewed } })).response.status).toBe(
      401,
    );
    // An unlock of one link opens no other.
    const other = await share({ file: fileId, access: "public", password: "new sesame" });
    expect(
      (await anyone().GET(LINK, { params: { path: { token: other.token }, header: renewed } })).response.status,
    ).toBe(401);
  }, 60_000);

  test("when links are opened, then the server's log never holds a whole token", async () => {
    const { token } = await share({ file: fileId, access: "public" });
    await open(token);
    await download(token);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = serverOutput.join("\n");
    expect(log).toContain(`/evault/v1/links/${token.slice(0, 6)}…`);
    expect(log).not.toContain(token);
  });
});

describe("password guesses", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backends[0] ?? (undefined as never));
  });
  afterAll(() => h?.stop());

  test("when a link's password is guessed 10 times, then the unlock is 429 with Retry-After, even for the right password, for that link and from that address", async () => {
    const anyone = createVaultClient({ baseUrl: h.url, retries: NO_RETRIES });
    const made = await h.client().POST(SHARES, {
      body: { file: h.users[0].file_id, access: "public", password: "right" },
    });
    const token = tokenOf(made.data?.link);
    const unlock = (password: string, on = token) =>
      anyone.POST("/evault/v1/links/{token}/unlock/", { params: { path: { token: on } }, body: { password } });
    // A right password gives its try back.
    expect((await unlock("right")).response.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await unlock(`wrong ${i}`)).response.status);
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await unlock("right");
    expect(blocked.response.status).toBe(429);
    expect(Number(blocked.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // The address's budget is spent too: another link's unlock from it waits as well.
    const other = await h.client().POST(SHARES, {
      body: { file: h.users[0].file_id, access: "public", password: "right" },
    });
    expect((await unlock("right", tokenOf(other.data?.link))).response.status).toBe(429);
  }, 120_000);
});

describe("the link budget", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backends[0] ?? (undefined as never), {
      env: { LINK_RATE_LIMIT_PER_MINUTE: "5" },
    });
  });
  afterAll(() => h?.stop());

  test("when one address opens links past its budget, then 429 with Retry-After, while key holders keep their own budget", async () => {
    const anyone = createVaultClient({ baseUrl: h.url, retries: NO_RETRIES });
    const token = h.users[0].link_token;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      const { response } = await anyone.GET(LINK, { params: { path: { token } } });
      statuses.push(response.status);
      last = response;
    }
    // A private share: 404 to anyone, and each 404 spends the budget like any answer.
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last?.headers.get("cache-control")).toBe("private, no-store");
    const owners = await h.client().GET(LINK, { params: { path: { token } } });
    expect(owners.response.status).toBe(200);
  });
});
