import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { createSuperAdmin, randomClientIp } from "./auth.ts";
import { browserSuite } from "./browser.ts";

/**
 * Issue 16 §2: the main flows with the keyboard alone — no click, no fill. Tab moves to a
 * control (each focused control shows a focus ring), Enter or Space acts, Escape closes a
 * dialog and focus returns to what opened it.
 */
const { newPage, origin } = browserSuite();
const DEMO_ADMIN = { email: "demo@undertone.dev", password: "undertone-demo" };

/** What has focus: its accessible-ish name, whether it is inside an open dialog, its ring. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    // body: focus is in the browser's own controls (Tab past the page's last control).
    if (!element || element === document.body) return { name: "", inDialog: false, outside: false, ring: false };
    const style = getComputedStyle(element);
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    const name = (
      element.getAttribute("aria-label") ??
      element.closest("label")?.textContent ??
      label ??
      element.textContent ??
      ""
    ).trim();
    const ring = (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
    const inDialog = element.closest("dialog[open]") !== null;
    return { name, inDialog, outside: !inDialog, ring };
  });

/** Presses Tab until the focused control's name matches, at most `max` times. */
async function tabTo(page: Page, name: RegExp, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    if (name.test(now.name)) {
      expect(now.ring, `focus ring on "${now.name}"`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${name}`);
}

describe("keyboard only", () => {
  test("log in, open and close a dialog (focus trapped, Escape, focus returns), send a check-in", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await page.goto("/login");
      await tabTo(page, /^Email$/);
      await page.keyboard.type(DEMO_ADMIN.email);
      await tabTo(page, /^Password$/);
      await page.keyboard.type(DEMO_ADMIN.password);
      await page.keyboard.press("Enter");
      await page.waitForURL(`${origin}/dashboard`);

      await page.goto("/dashboard/team");
      await page.getByRole("heading", { name: "Team", exact: true }).waitFor();
      await tabTo(page, /^Add team member$/);
      await page.keyboard.press("Enter");
      await page.getByRole("dialog").waitFor();
      expect((await focused(page)).inDialog).toBe(true);
      // Tab never reaches the page behind the dialog (it may pass through the browser's own controls).
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press("Tab");
        expect((await focused(page)).outside).toBe(false);
      }
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      expect((await focused(page)).name).toBe("Add team member");

      // Send a check-in from the first row: the dialog's own button by keyboard.
      await tabTo(page, /^Send check-in$/);
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await tabTo(page, /^Send check-in$/, 15);
      expect((await focused(page)).inDialog).toBe(true);
      await page.keyboard.press("Enter");
      await dialog
        .getByText(/sent|emailed/i)
        .first()
        .waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("the check-in chat: write and send, pause and resume", async () => {
    const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
    const url = new URL(((await seeded.json()) as { checkInUrl: string }).checkInUrl);
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await page.goto(`${url.pathname}${url.search}`);
      await page.getByLabel("Your message").waitFor();
      await tabTo(page, /Your message/);
      await page.keyboard.type("A busy week, mostly good.");
      await page.keyboard.press("Enter");
      await page.locator("li[data-sender='user']").first().waitFor();
      await page.getByRole("button", { name: "Pause" }).waitFor();
      await tabTo(page, /^Pause$/);
      await page.keyboard.press("Enter");
      await page.getByTestId("timer-paused").waitFor();
      // The same button, now Resume, keeps focus.
      expect((await focused(page)).name).toBe("Resume");
      await page.keyboard.press("Space");
      await expect.poll(() => page.getByTestId("timer-paused").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("every console tab by keyboard", async () => {
    const operator = await createSuperAdmin(origin);
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await page.goto("/superadmin/login");
      await tabTo(page, /^Email$/);
      await page.keyboard.type(operator.email);
      await tabTo(page, /^Password$/);
      await page.keyboard.type(operator.password);
      await page.keyboard.press("Enter");
      await page.waitForURL(`${origin}/superadmin`);
      await page.getByRole("heading", { name: "Platform Overview", level: 2 }).waitFor();
      for (const label of ["Business Management", "User Oversight", "Audit Logs"]) {
        await tabTo(page, new RegExp(`^${label}$`));
        await page.keyboard.press("Enter");
        await page.getByRole("heading", { name: label, level: 2 }).waitFor();
        await page.keyboard.press("Shift+Tab");
      }
    } finally {
      await context.close();
    }
  });
});
