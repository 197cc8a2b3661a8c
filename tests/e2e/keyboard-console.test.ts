import { beforeAll, describe, expect, test } from "vitest";
import { totpCode } from "../fixtures/totp.ts";
import { createSuperAdmin, randomClientIp } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import { dialogRoundTrip, focused, tabTo } from "./keyboard-helpers.ts";

/** Issue 16 §2, the operator's console with the keyboard alone (keyboard.test.ts has the rest). */
const { newPage, origin } = browserSuite();

// Customer Support searches the demo organization (Northwind), seeded whichever file runs first.
beforeAll(async () => {
  const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(seeded.status).toBe(200);
});

describe("keyboard only, the console", () => {
  test("every console tab and its dialogs by keyboard", { timeout: 180_000 }, async () => {
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
      // The second factor: the code field takes focus; Enter submits it.
      await page.getByLabel("Authentication code").waitFor();
      await expect.poll(async () => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("code");
      await page.keyboard.type(await totpCode(operator.totpSecret));
      await page.keyboard.press("Enter");
      await page.waitForURL(`${origin}/superadmin`);
      await page.getByRole("heading", { name: "Platform Overview", level: 2 }).waitFor();

      // Each tab from the sidebar (Shift+Tab back to it from the tab's content), then the
      // dialogs each tab opens: in, around, Escape, and focus back on the opener.
      const tabs: { label: string; heading?: string; ready?: () => Promise<unknown>; dialogs?: RegExp[] }[] = [
        {
          label: "Platform Overview",
          ready: () => page.getByRole("button", { name: "View Details" }).first().waitFor(),
          dialogs: [/^View Details$/],
        },
        {
          label: "Business Management",
          ready: () =>
            page
              .getByRole("button", { name: /^View details of / })
              .first()
              .waitFor(),
          dialogs: [/^Add Organization$/, /^Edit /, /^View details of /, /^Delete /],
        },
        { label: "User Oversight", dialogs: [/^Bulk Invite Users$/] },
        { label: "Sentiment Data" },
        {
          label: "Check-In Config",
          heading: "Check-In & Prompt Configuration",
          dialogs: [/^Import$/, /^Add Question$/],
        },
        {
          label: "Billing & Plans",
          heading: "Billing & Plan Management",
          ready: () => page.getByRole("button", { name: "Manage Billing" }).first().waitFor(),
          dialogs: [/^Manage Billing$/],
        },
        {
          label: "Alerts & Notifications",
          ready: () => page.getByRole("button", { name: "View Details" }).first().waitFor(),
          dialogs: [/^View Details$/],
        },
        { label: "Reporting & Exports" },
        { label: "Site Map" },
        { label: "System Settings" },
        { label: "Customer Support" },
        { label: "Audit Logs" },
      ];
      for (const [index, tab] of tabs.entries()) {
        if (index > 0) {
          await tabTo(page, new RegExp(`^${tab.label}$`), 300, "Shift+Tab");
          await page.keyboard.press("Enter");
        }
        await page.getByRole("heading", { name: tab.heading ?? tab.label, level: 2, exact: true }).waitFor();
        await tab.ready?.();
        for (const opener of tab.dialogs ?? []) await dialogRoundTrip(page, opener, 150);

        if (tab.label === "Check-In Config") {
          // The sections are ARIA tabs: one Tab stop, arrows move between them.
          await tabTo(page, /^Question Bank$/, 150, "Shift+Tab");
          await page.keyboard.press("ArrowRight");
          await expect.poll(async () => (await focused(page)).name).toBe("AI Agent Config");
          await page.getByRole("tab", { name: "AI Agent Config", selected: true }).waitFor();
          await page.keyboard.press("End");
          await page.getByRole("tab", { name: "Global Settings", selected: true }).waitFor();
          await page.keyboard.press("Home");
          await page.getByRole("tab", { name: "Question Bank", selected: true }).waitFor();
          expect((await focused(page)).ring).toBe(true);
          // The global settings' reset asks first; Escape keeps everything.
          await page.keyboard.press("End");
          await page.getByRole("button", { name: "Reset Defaults" }).waitFor();
          await dialogRoundTrip(page, /^Reset Defaults$/, 40);
        }
        if (tab.label === "Customer Support") {
          await tabTo(page, /^Search accounts, organizations and salespeople$/, 20);
          await page.keyboard.type("Northwind");
          await page.getByRole("button", { name: "View Details" }).first().waitFor();
          await dialogRoundTrip(page, /^View Details$/, 20);
        }
      }
    } finally {
      await context.close();
    }
  });
});
