// The API reference page, opened in real headless Chromium.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { browserAvailable, onPage } from "./helpers/browser.js";
import { type Harness, startHarness } from "./helpers/server.js";

describe.runIf(browserAvailable)("GET /docs/ in Chromium", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backends[0] as (typeof backends)[number]);
  });
  afterAll(() => h?.stop());

  test("when the reference page is opened, then it lists all six operations and a screenshot is saved", async () => {
    await onPage(`${h.url}/docs/`, "docs.png", async (page) => {
      for (const summary of [
        "Update an NGN bank account",
        "Update a file share",
        "Update a file",
        "Restore a bin entry",
        "Duplicate a folder",
        "Update a favourite folder",
      ]) {
        // Redoc renders each operation as a section headed by its summary.
        const heading = page.locator("h2", { hasText: new RegExp(`^${summary}\\s*$`) });
        await heading.first().waitFor({ state: "visible", timeout: 20_000 });
        expect(await heading.count()).toBe(1);
      }
    });
  });

  test("when v2 is picked on the reference page, then the page shows v2's document and marks v2", async () => {
    await onPage(`${h.url}/docs/`, "docs-v2.png", async (page) => {
      await page.locator('a[data-version="v2"]').click();
      await page.waitForURL(/\?version=v2$/);
      // Redoc writes each operation's path in its right-hand panel.
      await page
        .getByText("/evault/v2/file_shares/{id}/", { exact: true })
        .first()
        .waitFor({ state: "attached", timeout: 20_000 });
      expect(await page.getByText("/evault/v1/file_shares/{id}/", { exact: true }).count()).toBe(0);
      expect(await page.locator('[aria-current="page"]').getAttribute("data-version")).toBe("v2");
      expect(await page.locator('a[data-version="v1"]').evaluate((a) => a.parentElement?.textContent)).toContain(
        "v1 (deprecated)",
      );
    });
  });

  test("when a bank account is updated from the try-it console with the user's key, then it is sent to this server, answers 200 and the account holds it", async () => {
    await onPage(`${h.url}/docs/try/`, "docs-try.png", async (page) => {
      // The console's one server is the one serving it (on its port 0 address), not the contract's placeholder.
      const servers = page.locator(".servers select option");
      await servers.first().waitFor({ state: "attached", timeout: 20_000 });
      expect(await servers.allTextContents()).toEqual([expect.stringContaining(h.url)]);
      const operation = page.locator('[id$="-updateNgnBankAccount"]');
      await operation.locator(".opblock-summary").first().click({ timeout: 20_000 });
      // The "Authorize" dialog, as a person would fill it in.
      await page.locator(".btn.authorize").first().click();
      await page.locator(".auth-container input").first().fill(h.users[0].api_key);
      await page.locator(".auth-btn-wrapper .authorize").first().click();
      await page.locator(".btn-done").first().click();
      await operation.locator('tr[data-param-name="id"] input').fill(h.users[0].bank_account_id);
      await operation.locator("textarea.body-param__text").fill('{"account_number": "8000000001"}');
      await operation.locator(".execute").click();
      const status = operation.locator(".live-responses-table tbody .response-col_status").first();
      await status.waitFor({ state: "visible", timeout: 20_000 });
      expect((await status.textContent())?.trim()).toBe("200");
    });
    // The account holds what the console sent, read back by its owner.
    const { data } = await h.client(h.users[0].api_key).GET("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: h.users[0].bank_account_id } },
    });
    expect(data?.account_number).toBe("8000000001");
  });
});
