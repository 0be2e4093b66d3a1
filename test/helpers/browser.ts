// Debian's Chromium, driven by playwright-core, for the suites that open pages as a person would.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { expect } from "vitest";

const CHROMIUM = "/usr/bin/chromium";
const required = process.env.REQUIRE_BROWSER === "1";

/** Whether the browser suites run: Chromium is here, or CI requires it (and they fail without it). */
export const browserAvailable = existsSync(CHROMIUM) || required;
if (!browserAvailable)
  console.warn(`\n[e2e] ${CHROMIUM} is missing: the browser tests are SKIPPED (.ci/run installs it).\n`);

/** Where screenshots are kept (CI keeps the directory as an artifact). */
const RESULTS = join(import.meta.dirname, "..", "test-results");

/** Saves what the page shows now as `file` among the kept screenshots. */
export async function screenshot(page: Page, file: string): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: join(RESULTS, file), fullPage: false });
  expect(existsSync(join(RESULTS, file))).toBe(true);
}

/** Opens `url` in a fresh headless Chromium, runs `use` on the page, saves a screenshot, and fails on any page error. */
export async function onPage(url: string, file: string, use: (page: Page) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(url);
    await use(page);
    await screenshot(page, file);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
}
