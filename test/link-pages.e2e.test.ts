// A link as a page a person opens (issue 26 §4): a browser's request (`Accept:
// text/html`) gets HTML, never JSON, for what is shared and for every refusal; a
// password link unlocks through a form post and an HttpOnly cookie. Plain HTTP here;
// link-pages-browser drives the same pages in Chromium.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const tokenOf = (link: string | undefined) => /\/evault\/v1\/links\/([^/]+)\/$/.exec(link ?? "")?.[1] ?? "";

describe.each(backends)("link pages on $name", (backend) => {
  let h: Harness;
  const bytes = randomBytes(5_000);
  // A name a page must escape, not run.
  const name = `<img src=x onerror="alert(1)"> & "report".bin`;
  let fileId = "";
  let folderId = "";
  let subfolderId = "";

  beforeAll(async () => {
    h = await startHarness(backend);
    const vault = h.client();
    const folder = await vault.POST("/evault/v1/folders/", { body: { name: "Photos <2026>" } });
    folderId = folder.data?.id ?? "";
    const sub = await vault.POST("/evault/v1/folders/", { body: { name: "Lagos & Abuja", folder: folderId } });
    subfolderId = sub.data?.id ?? "";
    const file = await vault.POST("/evault/v1/files/", { body: { file: new File([bytes], name), folder: folderId } });
    fileId = file.data?.id ?? "";
    await vault.POST("/evault/v1/files/", { body: { file: new File([bytes], "inner.bin"), folder: subfolderId } });
  });
  afterAll(() => h?.stop());

  const share = async (body: Record<string, unknown>) => {
    const { data, response } = await h.client().POST("/evault/v1/file_shares/", { body: body as never });
    if (!data) throw new Error(`the share was not made: ${response.status}`);
    return { id: data.id, token: tokenOf(data.link), link: data.link };
  };
  /** A browser's navigation to `url` (relative to the server), with its cookies. */
  const browse = (url: string, cookie?: string) =>
    fetch(new URL(url, h.url), {
      headers: { accept: BROWSER_ACCEPT, ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });
  const page = async (url: string, cookie?: string) => {
    const response = await browse(url, cookie);
    return { response, html: await response.text() };
  };
  const expectPage = (response: Response, html: string) => {
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(html).toMatch(/^<!doctype html>/);
  };
  const unlockForm = (token: string, password: string) =>
    fetch(`${h.url}/evault/v1/links/${token}/unlock/`, {
      method: "POST",
      headers: { accept: BROWSER_ACCEPT, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password }),
      redirect: "manual",
    });

  test("when a browser opens a public file link, then it gets a page with the escaped name, size, owner and a download button, and no JSON", async () => {
    const { id, token } = await share({ file: fileId, access: "public" });
    const owner = (await h.client().GET("/evault/v1/file_shares/{id}/", { params: { path: { id } } })).data?.user;
    const { response, html } = await page(`/evault/v1/links/${token}/`);
    expect(response.status).toBe(200);
    expectPage(response, html);
    expect(html).toContain("<h1>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;report&quot;.bin</h1>");
    expect(html).not.toContain("<img");
    expect(html).toContain("4.88 KB");
    expect(html).toContain(`shared by ${owner?.first_name} ${owner?.last_name}`);
    expect(html).toContain('<a class="button" href="content/" download>Download</a>');
    // The button's target: the shared bytes.
    const content = await browse(`/evault/v1/links/${token}/content/`);
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
    // A program still gets JSON from the same URL.
    const json = await fetch(`${h.url}/evault/v1/links/${token}/`);
    expect(await json.json()).toMatchObject({ kind: "file", name });
  });

  test("when a browser opens a folder link, then the page lists its subfolders and files as links, and a subfolder's page lists its own", async () => {
    const { token } = await share({ folder: folderId, access: "public" });
    const top = await page(`/evault/v1/links/${token}/`);
    expect(top.response.status).toBe(200);
    expectPage(top.response, top.html);
    expect(top.html).toContain("<h1>Photos &lt;2026&gt;/</h1>");
    expect(top.html).toContain(`<a href="?folder=${subfolderId}">Lagos &amp; Abuja/</a>`);
    expect(top.html).toContain(`<a href="files/${fileId}/content/" download>`);
    expect(top.html).not.toContain("More");
    const sub = await page(`/evault/v1/links/${token}/?folder=${subfolderId}`);
    expect(sub.response.status).toBe(200);
    expect(sub.html).toContain("<h1>Lagos &amp; Abuja/</h1>");
    expect(sub.html).toContain('<p><a href="./">Photos &lt;2026&gt;</a></p>');
    expect(sub.html).toMatch(/<a href="files\/[\w-]+\/content\/" download>inner\.bin<\/a>/);
    // The same folder as a program reads it: the subfolder, not the shared folder.
    const json = await fetch(`${h.url}/evault/v1/links/${token}/?folder=${subfolderId}`);
    expect(await json.json()).toMatchObject({ kind: "folder", name: "Lagos & Abuja", size: bytes.length });
    // Outside the subtree: the owner's root folder is theirs, but not shared.
    const outside = await page(`/evault/v1/links/${token}/?folder=${h.users[0].folder_id}`);
    expect(outside.response.status).toBe(404);
    expectPage(outside.response, outside.html);
  });

  test("when a shared folder holds more than a page, then the page shows 50 folders and a More link that goes on to the rest and the files", async () => {
    const vault = h.client();
    const crowded = (await vault.POST("/evault/v1/folders/", { body: { name: "Crowded" } })).data?.id ?? "";
    for (let i = 0; i < 52; i++) {
      await vault.POST("/evault/v1/folders/", {
        body: { name: `child ${String(i).padStart(2, "0")}`, folder: crowded },
      });
    }
    await vault.POST("/evault/v1/files/", { body: { file: new File([bytes], "last.bin"), folder: crowded } });
    const { token } = await share({ folder: crowded, access: "public" });
    const first = await page(`/evault/v1/links/${token}/`);
    expect(first.html.match(/\?folder=/g)).toHaveLength(50);
    expect(first.html).not.toContain("last.bin");
    const more = /<a href="\?(cursor=[^"]+)">More<\/a>/.exec(first.html)?.[1] ?? "";
    expect(more).not.toBe("");
    const second = await page(`/evault/v1/links/${token}/?${more.replaceAll("&amp;", "&")}`);
    expect(second.response.status).toBe(200);
    expect(second.html).toContain("child 50/");
    expect(second.html).toContain("child 51/");
    expect(second.html).not.toContain("child 49/");
    expect(second.html).toContain("last.bin");
    expect(second.html).not.toContain("More");
    // A cursor is for the page only; a program asking with one is told where lists are.
    const json = await fetch(`${h.url}/evault/v1/links/${token}/?${more.replaceAll("&amp;", "&")}`);
    expect(json.status).toBe(400);
    expect((await json.json()).errors).toContainEqual(expect.objectContaining({ path: "/query/cursor" }));
    const forged = await page(`/evault/v1/links/${token}/?cursor=elsewhere`);
    expect(forged.response.status).toBe(400);
    expectPage(forged.response, forged.html);
  });

  test("when a browser opens a password link, then the page is a password form; a wrong password says so, the right one sets an HttpOnly cookie that opens it", async () => {
    const { id, token } = await share({ file: fileId, access: "public", password: "open sesame" });
    const locked = await page(`/evault/v1/links/${token}/`);
    expect(locked.response.status).toBe(401);
    expectPage(locked.response, locked.html);
    expect(locked.html).toContain(`<form method="post" action="${h.url}/evault/v1/links/${token}/unlock/">`);
    expect(locked.html).toContain('type="password" name="password"');
    expect(locked.html).not.toContain("not this link's password");

    const wrong = await unlockForm(token, "open sesame!");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await wrong.text()).toContain("That is not this link's password.");

    const right = await unlockForm(token, "open sesame");
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`${h.url}/evault/v1/links/${token}/`);
    const setCookie = right.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(
      /^link_access=[\w.-]+; Path=\/evault\/v1\/links\/[\w-]+\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
    );
    expect(setCookie).toContain(`Path=/evault/v1/links/${token}/;`);
    const cookie = setCookie.split(";")[0];
    const open = await page(`/evault/v1/links/${token}/`, cookie);
    expect(open.response.status).toBe(200);
    expect(open.html).toContain("Download");
    const content = await browse(`/evault/v1/links/${token}/content/`, cookie);
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);

    // The cookie opens this link only, and only while the password is the one it was given for.
    const other = await share({ file: fileId, access: "public", password: "open sesame" });
    expect((await page(`/evault/v1/links/${other.token}/`, cookie)).response.status).toBe(401);
    await h.client().PATCH("/evault/v1/file_shares/{id}/", {
      params: { path: { id } },
      body: { password: "a new one" } as never,
    });
    const changed = await page(`/evault/v1/links/${token}/`, cookie);
    expect(changed.response.status).toBe(401);
    expect(changed.html).toContain("<form");
    const download = await browse(`/evault/v1/links/${token}/content/`, cookie);
    expect(download.status).toBe(401);
    expect(await download.text()).toContain("<form");
  });

  test("when a browser opens an unknown, revoked or expired link, then it reads what happened in a page, not JSON", async () => {
    const unknown = await page(`/evault/v1/links/${randomBytes(24).toString("base64url")}/`);
    expect(unknown.response.status).toBe(404);
    expectPage(unknown.response, unknown.html);
    expect(unknown.html).toContain("<h1>Not found</h1>");
    expect(unknown.html).not.toContain('"type"');

    const { id, token } = await share({ file: fileId, access: "public" });
    await h.client().DELETE("/evault/v1/file_shares/{id}/", { params: { path: { id } } });
    const revoked = await page(`/evault/v1/links/${token}/content/`);
    expect(revoked.response.status).toBe(404);
    expectPage(revoked.response, revoked.html);

    const expired = await share({ file: fileId, access: "public", expires_at: "2020-01-01T00:00:00Z" });
    const gone = await page(`/evault/v1/links/${expired.token}/`);
    expect(gone.response.status).toBe(410);
    expectPage(gone.response, gone.html);
    expect(gone.html).toContain("This link has expired.");
  });

  test("when a program unlocks with JSON or a form without asking for a page, then it gets JSON: the token, or a problem naming the password", async () => {
    const { token } = await share({ file: fileId, access: "public", password: "open sesame" });
    const json = await fetch(`${h.url}/evault/v1/links/${token}/unlock/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: "open sesame" }),
    });
    expect(json.status).toBe(200);
    expect(json.headers.get("set-cookie")).toBeNull();
    expect(await json.json()).toHaveProperty("access_token");
    const form = await fetch(`${h.url}/evault/v1/links/${token}/unlock/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "password=",
    });
    expect(form.status).toBe(400);
    expect(form.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect((await form.json()).errors).toContainEqual(expect.objectContaining({ path: "/body/password" }));
  });
});
