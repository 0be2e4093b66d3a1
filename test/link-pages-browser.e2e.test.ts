// A share's link opened in headless Chromium, as a person opens a link pasted into a
// chat (issue 26 §4): a public file, a folder (a file of it and all of it as a ZIP) and a password link, each downloaded,
// with a screenshot of each page kept in test-results/.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { browserAvailable, onPage, screenshot } from "./helpers/browser.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { checkedZip } from "./helpers/vault.js";

/** Clicks `link` and answers the bytes the browser saved. */
async function downloaded(page: Page, link: ReturnType<Page["locator"]>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

describe.runIf(browserAvailable)("share links in Chromium", () => {
  let h: Harness;
  const report = randomBytes(30_000);
  const photo = randomBytes(12_000);
  let reportId = "";
  let folderId = "";

  beforeAll(async () => {
    h = await startHarness(backends[0] as (typeof backends)[number]);
    const vault = h.client();
    reportId =
      (
        await vault.POST("/evault/v1/files/", {
          body: { file: new File([report], "Q3 report – Ọ̀yọ́.pdf"), folder: h.users[0].folder_id },
        })
      ).data?.id ?? "";
    folderId = (await vault.POST("/evault/v1/folders/", { body: { name: "Holiday" } })).data?.id ?? "";
    const lagos =
      (await vault.POST("/evault/v1/folders/", { body: { name: "Lagos", folder: folderId } })).data?.id ?? "";
    await vault.POST("/evault/v1/files/", { body: { file: new File([photo], "beach.jpg"), folder: lagos } });
  });
  afterAll(() => h?.stop());

  const linkOf = async (body: Record<string, unknown>) => {
    const { data, response } = await h.client().POST("/evault/v1/file_shares/", { body: body as never });
    if (!data) throw new Error(`the share was not made: ${response.status}`);
    return data.link;
  };

  test("when a person opens a public file link, then the page shows the file and its Download button saves the bytes under its name", async () => {
    await onPage(await linkOf({ file: reportId, access: "public" }), "link-file.png", async (page) => {
      await expect(page.locator("h1").textContent()).resolves.toBe("Q3 report – Ọ̀yọ́.pdf");
      await expect(page.locator(".meta").textContent()).resolves.toMatch(/^29\.3 KB · shared by /);
      const { name, bytes } = await downloaded(page, page.getByRole("link", { name: "Download" }));
      expect(name).toBe("Q3 report – Ọ̀yọ́.pdf");
      expect(bytes.equals(report)).toBe(true);
    });
  });

  test("when a person opens a folder link, then they browse into a subfolder and download a file from it", async () => {
    await onPage(await linkOf({ folder: folderId, access: "public" }), "link-folder.png", async (page) => {
      await expect(page.locator("h1").textContent()).resolves.toBe("Holiday/");
      await page.getByRole("link", { name: "Lagos/" }).click();
      await expect(page.locator("h1").textContent()).resolves.toBe("Lagos/");
      const { name, bytes } = await downloaded(page, page.getByRole("link", { name: "beach.jpg" }));
      expect(name).toBe("beach.jpg");
      expect(bytes.equals(photo)).toBe(true);
      // Back up to the shared folder, as its page links it.
      await page.getByRole("link", { name: "Holiday" }).click();
      await expect(page.locator("h1").textContent()).resolves.toBe("Holiday/");
      // "Download all" saves the shared folder as one archive.
      const all = await downloaded(page, page.getByRole("link", { name: "Download all" }));
      expect(all.name).toBe("Holiday.zip");
      const entries = await checkedZip(all.bytes);
      expect(entries.map((entry) => entry.name)).toEqual(["Holiday/", "Holiday/Lagos/", "Holiday/Lagos/beach.jpg"]);
      expect(entries[2]?.content.equals(photo)).toBe(true);
    });
  });

  test("when a person opens a password link, then a wrong password is refused on the page, the right one opens it and the download works", async () => {
    const link = await linkOf({ file: reportId, access: "public", password: "sunny lagos" });
    await onPage(link, "link-password-unlocked.png", async (page) => {
      await expect(page.locator("h1").textContent()).resolves.toBe("This link is protected by a password");
      await page.getByLabel("Password").fill("rainy lagos");
      await page.getByRole("button", { name: "Open" }).click();
      await expect(page.getByRole("alert").textContent()).resolves.toBe("That is not this link's password.");
      await screenshot(page, "link-password-form.png");
      await page.getByLabel("Password").fill("sunny lagos");
      await page.getByRole("button", { name: "Open" }).click();
      await page.waitForURL(link);
      await expect(page.locator("h1").textContent()).resolves.toBe("Q3 report – Ọ̀yọ́.pdf");
      const { bytes } = await downloaded(page, page.getByRole("link", { name: "Download" }));
      expect(bytes.equals(report)).toBe(true);
      // The unlock is the browser's cookie, out of the page's scripts' reach.
      const cookies = await page.context().cookies(link);
      expect(cookies).toEqual([expect.objectContaining({ name: "link_access", httpOnly: true, sameSite: "Strict" })]);
      expect(await page.evaluate(() => document.cookie)).toBe("");
    });
  });
});
