import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tools/chromium.ts";
import { e2eApp } from "./app.ts";

/**
 * Debian's chromium, headless; nothing downloads a browser. playwright gives every launch
 * a fresh temporary profile (it refuses --user-data-dir with launch()).
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
    },
  };
}

/**
 * Connects to the worker's chromium (global-setup.ts) and hands out fresh contexts (separate
 * cookies and storage); at the end of the file the contexts it made are closed.
 */
export function browserSuite() {
  const { origin, browserEndpoint } = e2eApp();
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.connect(browserEndpoint);
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    origin,
    async newPage(
      options: { width?: number; height?: number; userAgent?: string } = {},
    ): Promise<{ page: Page; context: BrowserContext }> {
      if (!state.browser) throw new Error("browser not started");
      const context = await state.browser.newContext({
        baseURL: origin,
        viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      });
      const page = await context.newPage();
      return { page, context };
    },
  };
}
