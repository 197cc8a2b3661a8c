import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  api,
  createSuperAdmin,
  createVerifiedAdmin,
  loginAs,
  loginAsOperator,
  randomClientIp,
  signedInCookie,
} from "./auth.ts";
import { browserSuite } from "./browser.ts";

/**
 * Where a dialog's focus starts (the shared Modal): on its first field, or on a confirmation's
 * safe action, never on the × close button; Escape still closes it and focus goes back to the
 * control that opened it. The admin's Team page and the operator's Business Management.
 */
const { newPage, origin } = browserSuite();

beforeAll(async () => {
  const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(seeded.status).toBe(200);
});

/** The focused element's accessible name (aria-label, its label, or its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "";
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return (
      element.getAttribute("aria-label") ??
      label ??
      element.closest("label")?.textContent ??
      element.textContent ??
      ""
    )
      .trim()
      .replace(/\s+/g, " ");
  });

/** Opens the dialog from `opener` by keyboard, checks where focus starts, Escape, and focus back. */
async function expectInitialFocus(page: Page, opener: ReturnType<Page["getByRole"]>, first: RegExp) {
  await opener.focus();
  const openerName = await focusedName(page);
  await page.keyboard.press("Enter");
  await page.locator("dialog[open]").waitFor();
  await expect.poll(() => focusedName(page)).toMatch(first);
  expect(await focusedName(page)).not.toBe("Close");
  expect(await page.evaluate(() => document.activeElement?.closest("dialog[open]") !== null)).toBe(true);
  await page.keyboard.press("Escape");
  await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
  expect(await focusedName(page)).toBe(openerName);
}

describe("a dialog's first focus", () => {
  test("the admin's Team page: the member form's first field, Remove's Cancel", async () => {
    const admin = await createVerifiedAdmin(origin);
    const cookie = await signedInCookie(origin, admin);
    const added = await api(origin, "/api/team-members", {
      body: { firstName: "Fern", lastName: "Focus", email: `fern-${Date.now()}@focus.example` },
      cookie,
    });
    expect(added.status).toBe(201);
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await loginAs(page, admin.email, admin.password);
      await page.goto("/dashboard/team");
      await page.getByRole("heading", { name: "Team", exact: true }).waitFor();
      await expectInitialFocus(page, page.getByRole("button", { name: "Add team member" }).first(), /^First name/);
      await expectInitialFocus(page, page.getByRole("button", { name: "Remove" }).first(), /^Cancel$/);
    } finally {
      await context.close();
    }
  });

  test("the console: Add Organization's first field, Delete's Cancel, details' title", async () => {
    const operator = await createSuperAdmin(origin);
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await loginAsOperator(page, origin, operator);
      await page
        .getByRole("navigation", { name: "Console sections" })
        .getByRole("button", { name: "Business Management", exact: true })
        .click();
      const details = page.getByRole("button", { name: /^View details of / }).first();
      await details.waitFor();
      await expectInitialFocus(page, page.getByRole("button", { name: "Add Organization" }).first(), /^Company name/);
      await expectInitialFocus(page, page.getByRole("button", { name: /^Delete / }).first(), /^Cancel$/);
      // Details to read, no field: focus starts on something inside that is not the × button.
      await expectInitialFocus(page, details, /\S/);
    } finally {
      await context.close();
    }
  });
});
