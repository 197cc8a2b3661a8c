import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { createSuperAdmin, emailedLink, randomClientIp, uniqueEmail } from "./auth.ts";
import { browserSuite } from "./browser.ts";

/**
 * Issue 16 §2: the main flows with the keyboard alone — no click, no fill. Tab moves to a
 * control (each focused control shows a focus ring), Enter or Space acts, Escape closes a
 * dialog and focus returns to what opened it.
 */
const { newPage, origin } = browserSuite();
const DEMO_ADMIN = { email: "demo@undertone.dev", password: "undertone-demo" };

// The demo organization (its admin, alerts and subscription) exists whichever test runs first.
beforeAll(async () => {
  const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(seeded.status).toBe(200);
});

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
    const drawn = (s: CSSStyleDeclaration) =>
      (s.outlineStyle !== "none" && s.outlineWidth !== "0px") || s.boxShadow !== "none";
    // An input inside a styled label (daisyUI's search box) draws its ring on the label.
    const frame = element.parentElement?.matches(":focus-within.input, :focus-within.select")
      ? element.parentElement
      : null;
    const ring = drawn(style) || (frame !== null && drawn(getComputedStyle(frame)));
    const inDialog = element.closest("dialog[open]") !== null;
    return { name, inDialog, outside: !inDialog, ring, tag: element.tagName.toLowerCase() };
  });

/** Presses Tab (or Shift+Tab) until the focused control's name matches, at most `max` times. */
async function tabTo(page: Page, name: RegExp, max = 60, key: "Tab" | "Shift+Tab" = "Tab"): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (name.test(now.name)) {
      expect(now.ring, `focus ring on "${now.name}"`).toBe(true);
      return;
    }
  }
  throw new Error(`${key} never reached ${name}`);
}

/** What has focus is this heading (a step that replaced the pressed button took focus). */
async function expectFocusOnHeading(page: Page, name: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`),
    )
    .toBe(`H2 ${name}`);
}

/**
 * Opens a dialog from the control named `opener` with Enter, checks focus is inside it and
 * stays there (every control Tab reaches shows a ring), closes it with Escape and checks
 * focus is back on the opener.
 */
async function dialogRoundTrip(page: Page, opener: RegExp, max = 80): Promise<void> {
  await tabTo(page, opener, max);
  const openerName = (await focused(page)).name;
  await page.keyboard.press("Enter");
  await page.locator("dialog[open]").waitFor();
  expect((await focused(page)).inDialog, `focus moved into the dialog of "${openerName}"`).toBe(true);
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    expect(now.outside, `Tab left the dialog of "${openerName}" for "${now.name}"`).toBe(false);
    if (now.inDialog) expect(now.ring, `focus ring on "${now.name}" in "${openerName}"`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
  expect((await focused(page)).name, `focus returned from the dialog of "${openerName}"`).toBe(openerName);
}

/**
 * /login arrives prerendered and its script runs after the first paint: keys pressed before
 * React has taken over the page do nothing (as for a person typing that fast). Wait until
 * React owns the page's buttons.
 */
async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector("#root button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

/** Log in on /login with the keyboard alone. */
async function logInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await untilInteractive(page);
  await tabTo(page, /^Email$/);
  await page.keyboard.type(email);
  await tabTo(page, /^Password$/);
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
}

/** The field's error as a screen reader gets it: aria-invalid, and the text its aria-describedby names. */
async function fieldError(page: Page, label: string): Promise<{ invalid: string | null; described: string }> {
  return page.getByLabel(label, { exact: true }).evaluate((input) => ({
    invalid: input.getAttribute("aria-invalid"),
    described: (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  }));
}

describe("keyboard only", () => {
  test("log in, open and close a dialog (focus trapped, Escape, focus returns), send a check-in", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await page.goto("/login");
      await untilInteractive(page);
      // Log In / Sign Up are ARIA tabs: one Tab stop, the arrows switch.
      await tabTo(page, /^Log In$/);
      await page.keyboard.press("ArrowRight");
      await page.getByRole("tab", { name: "Sign Up", selected: true }).waitFor();
      expect((await focused(page)).name).toBe("Sign Up");
      await page.keyboard.press("ArrowLeft");
      await page.getByRole("tab", { name: "Log In", selected: true }).waitFor();
      await logInByKeyboard(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
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
      await dialog.getByTestId("check-in-sent").waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      // Its Send button is gone (the check-in is waiting): focus is on the row's next control.
      await expect.poll(async () => (await focused(page)).name).toBe("Edit");

      // Edit and Remove: in, Escape, and back on the button that opened them.
      await dialogRoundTrip(page, /^Edit$/, 10);
      await dialogRoundTrip(page, /^Remove$/, 10);
    } finally {
      await context.close();
    }
  });

  test("sign up, verify, log in, onboarding, the trial, its banner and the upgrade path", {
    timeout: 120_000,
  }, async () => {
    const email = uniqueEmail("keys");
    const password = "keyboard-only-1";
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await page.goto("/signup");
      await page.getByRole("heading", { name: "Create your account" }).waitFor();

      // Enter on an empty form: the first problem is tied to its field, and focus goes there.
      await tabTo(page, /^First name$/);
      await page.keyboard.press("Enter");
      await expect
        .poll(() => fieldError(page, "First name"))
        .toEqual({
          invalid: "true",
          described: "First name is required",
        });
      expect((await focused(page)).name).toBe("First name");
      await page.keyboard.type("Kay");
      expect((await fieldError(page, "First name")).invalid).toBeNull();
      await tabTo(page, /^Last name$/, 3);
      await page.keyboard.type("Board");
      await tabTo(page, /^Work email$/, 3);
      await page.keyboard.type(email);
      await tabTo(page, /^Password$/, 3);
      await page.keyboard.type(password);
      await tabTo(page, /^Company name$/, 3);
      await page.keyboard.type("Keyboard Sales Co");
      await tabTo(page, /^Create Account$/, 3);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Check your email" }).waitFor();

      // The emailed link, then log in.
      await page.goto(await emailedLink(origin, email, "verification"));
      await page.waitForURL((url) => url.pathname === "/login");
      await logInByKeyboard(page, email, password);
      await page.waitForURL(`${origin}/dashboard`);

      // Onboarding: each step takes focus when the button that led there is gone.
      await page.getByRole("heading", { name: /^Welcome to Undertone/ }).waitFor();
      await tabTo(page, /^Get Started$/);
      await page.keyboard.press("Enter");
      await expectFocusOnHeading(page, "Choose your plan");
      await tabTo(page, /^Start 14-Day Free Trial$/, 10);
      await page.keyboard.press("Enter");
      await expectFocusOnHeading(page, "You're all set!");
      await tabTo(page, /^Go to dashboard$/, 5);
      await page.keyboard.press("Enter");

      // The trial's banner and its upgrade path, there and back.
      const banner = page.getByTestId("plan-banner");
      await banner.getByText("Free Trial").waitFor();
      await tabTo(page, /^Upgrade to Pro$/);
      expect(await page.evaluate(() => document.activeElement?.closest("[data-testid='plan-banner']") !== null)).toBe(
        true,
      );
      await page.keyboard.press("Enter");
      await expectFocusOnHeading(page, "Choose your plan");
      await tabTo(page, /^Start Pro Plan$/, 10);
      await page.keyboard.press("Enter");
      // No payment provider here: the error step, its way back, then Back to the dashboard.
      await expectFocusOnHeading(page, "Setup Issue Detected");
      await tabTo(page, /^Start Over$/, 5);
      await page.keyboard.press("Enter");
      await expectFocusOnHeading(page, "Choose your plan");
      await tabTo(page, /^Back$/, 5, "Shift+Tab");
      await page.keyboard.press("Enter");
      await banner.waitFor();
      await expect.poll(async () => (await focused(page)).name).toBe("Upgrade to Pro");

      // The first step of getting started opens the member form; Escape closes it and focus
      // lands on the page's own Add team member button.
      await tabTo(page, /^Add your team$/);
      await page.keyboard.press("Enter");
      await page.locator("dialog[open]").waitFor();
      await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
      const back = await focused(page);
      expect(back.name).toBe("Add team member");
      expect(back.ring).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("resolve an alert on the dashboard", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await page.goto("/login");
      await logInByKeyboard(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.waitForURL(`${origin}/dashboard`);
      const panel = page.getByTestId("alerts-panel");
      await panel.waitFor();
      const before = await panel.getByRole("button", { name: "Resolve" }).count();
      expect(before).toBeGreaterThan(0);
      await tabTo(page, /^Resolve$/, 200);
      await page.keyboard.press("Enter");
      await page.getByTestId("toast").getByText("Alert resolved").waitFor();
      await expect.poll(() => panel.getByRole("button", { name: "Resolve" }).count()).toBe(before - 1);
      // Focus stays in the panel (the next alert's Resolve), not back at the top of the page.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest("[data-testid='alerts-panel']") !== null))
        .toBe(true);
      if (before > 1) expect((await focused(page)).name).toBe("Resolve");
    } finally {
      await context.close();
    }
  });

  test("on a phone: the dashboard's and the console's navigation drawers", async () => {
    const operator = await createSuperAdmin(origin);
    const admin = await newPage({ width: 375, height: 812 });
    const { page, context } = admin;
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await page.goto("/login");
      await logInByKeyboard(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.waitForURL(`${origin}/dashboard`);
      await tabTo(page, /^Open menu$/);
      await page.keyboard.press("Enter");
      // Focus moves into the drawer; Escape closes it and returns focus to the menu button.
      await expect.poll(async () => (await focused(page)).name).toBe("Overview");
      expect((await focused(page)).ring).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(async () => (await focused(page)).name).toBe("Open menu");
    } finally {
      await context.close();
    }

    const { page: consolePage, context: consoleContext } = await newPage({ width: 375, height: 812 });
    try {
      const page = consolePage;
      await consoleContext.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await page.goto("/superadmin/login");
      await logInByKeyboard(page, operator.email, operator.password);
      await page.waitForURL(`${origin}/superadmin`);
      await tabTo(page, /^Open navigation$/);
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await focused(page)).name).toBe("Platform Overview");
      // A modal drawer: Tab stays in it (the page behind is inert; a toast's Close stays reachable).
      for (let i = 0; i < 16; i += 1) {
        await page.keyboard.press("Tab");
        const where = await page.evaluate(() =>
          document.activeElement === document.body ||
          document.activeElement?.closest("[role=dialog], [aria-label='Notifications (F8)']")
            ? "drawer"
            : (document.activeElement?.outerHTML.slice(0, 120) ?? ""),
        );
        expect(where).toBe("drawer");
      }
      await page.keyboard.press("Escape");
      await expect.poll(async () => (await focused(page)).name).toBe("Open navigation");
      // Choosing a tab in the drawer closes it; focus is back on the menu button.
      await page.keyboard.press("Enter");
      await tabTo(page, /^Audit Logs$/, 20);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Audit Logs", level: 2 }).waitFor();
      await expect.poll(async () => (await focused(page)).name).toBe("Open navigation");
    } finally {
      await consoleContext.close();
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
          await tabTo(page, /^Search accounts and organizations$/, 20);
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
