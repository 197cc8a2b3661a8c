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

/** Sets up one browser per test file and hands out fresh contexts (separate cookies). */
export function browserSuite() {
  const state: { browser?: Browser; close?: () => Promise<void> } = {};
  beforeAll(async () => {
    const launched = await launchBrowser();
    state.browser = launched.browser;
    state.close = launched.close;
  });
  afterAll(async () => {
    await state.close?.();
  });
  const { origin } = e2eApp();
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
