import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { loginAs } from "./auth.ts";
import { browserSuite } from "./browser.ts";

/**
 * Issue 13 §5 and §6: every role lands on a page that says where it may go (no bounce
 * between / and /dashboard), and a profile that cannot be fetched is a visible, retryable
 * problem rather than a sign-out.
 */
const { newPage, origin } = browserSuite();
const path = (page: Page) => new URL(page.url()).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function initializeDemoAccounts() {
  const response = await fetch(`${origin}/api/operator-demo/initialize`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.9.8.7" },
    body: "{}",
  });
  expect(response.status).toBe(200);
}

describe("roles without a dashboard", () => {
  test.each([
    ["Manager", "manager@undertone.dev", "undertone-manager"],
    ["Salesperson", "salesperson@undertone.dev", "undertone-salesperson"],
  ])("a %s lands on a page that stays put, says where to go, and signs out", async (role, email, password) => {
    await initializeDemoAccounts();
    const { page, context } = await newPage({ width: 1280, height: 800 });
    try {
      let navigations = 0;
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) navigations++;
      });
      await loginAs(page, email, password);
      const heading = page.getByRole("heading", { name: `You're signed in as ${role}` });
      await heading.waitFor();
      const settled = navigations;
      await sleep(1500);
      expect(navigations).toBe(settled); // before, / and /dashboard swapped every 100 ms
      expect(path(page)).toBe("/dashboard");

      await page.goto("/");
      await heading.waitFor();
      await sleep(800);
      expect(path(page)).toBe("/dashboard");
      expect(await page.getByRole("link", { name: "Privacy Policy" }).isVisible()).toBe(true);

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${origin}/login`);
    } finally {
      await context.close();
    }
  });
});

describe("a profile that cannot be fetched", () => {
  test("shows the problem with Retry instead of signing out, and Retry recovers", async () => {
    const { page, context } = await newPage({ width: 1280, height: 800 });
    try {
      await page.route("**/api/me", (route) => route.abort("internetdisconnected"));
      await page.goto("/dashboard");
      await page.getByRole("heading", { name: "We can't reach Undertone right now" }).waitFor({ timeout: 10_000 });
      expect(path(page)).toBe("/dashboard");
      await page.unroute("**/api/me");
      await page.getByRole("button", { name: "Retry" }).click();
      // Back online: the server says there is no session, so now (and only now) it is the sign-in page.
      await page.waitForURL(`${origin}/login`);
    } finally {
      await context.close();
    }
  });
});
