import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { totpCode } from "../fixtures/totp.ts";
import { createSuperAdmin, emailedLink, randomClientIp, uniqueEmail } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import {
  dialogRoundTrip,
  expectFocusOnHeading,
  fieldError,
  focused,
  logInByKeyboard,
  tabTo,
  untilInteractive,
} from "./keyboard-helpers.ts";

/**
 * Issue 16 §2: the main flows with the keyboard alone — no click, no fill. Tab moves to a
 * control (each focused control shows a focus ring), Enter or Space acts, Escape closes a
 * dialog and focus returns to what opened it.
 */
const { newPage, origin } = browserSuite();
const DEMO_ADMIN = { email: "demo@undertone.dev", password: "undertone-demo" };

/** The demo Admin, logged in by keyboard from a client address of its own, on the Overview. */
async function demoAdminByKeyboard(page: Page, context: BrowserContext) {
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
  await page.goto("/login");
  await logInByKeyboard(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.waitForURL(`${origin}/dashboard`);
}

// The demo organization (its admin, alerts and subscription) exists whichever test runs first.
beforeAll(async () => {
  const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(seeded.status).toBe(200);
});

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

  test("the first Tab on an Admin page is 'Skip to main content', shown when focused; Enter moves to the main region", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await demoAdminByKeyboard(page, context);
      await page.goto("/dashboard/team");
      await page.getByRole("heading", { name: "Team", exact: true }).waitFor();
      await untilInteractive(page);
      await page.keyboard.press("Tab");
      expect((await focused(page)).name).toBe("Skip to main content");
      const box = await page.getByRole("link", { name: "Skip to main content" }).boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(20);
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe("main");
    } finally {
      await context.close();
    }
  });

  test("resolve an alert on the dashboard", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await demoAdminByKeyboard(page, context);
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
      await demoAdminByKeyboard(page, context);
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
      // The second factor: the code field takes focus; Enter submits it.
      await page.getByLabel("Authentication code").waitFor();
      await page.keyboard.type(await totpCode(operator.totpSecret));
      await page.keyboard.press("Enter");
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
      // "Start my check-in" by keyboard.
      await tabTo(page, /^Start my check-in$/);
      await page.keyboard.press("Enter");
      await page.getByLabel("Your message").waitFor();
      // The answer box takes the focus as it appears and can be typed in while the chat still
      // connects: words typed at once are all kept (they were lost while the box waited, disabled).
      await page.keyboard.type("A busy week, mostly good.");
      expect((await focused(page)).name).toMatch(/Your message/);
      // Connected: the greeting is shown.
      await page.locator("li[data-sender='assistant']").first().waitFor();
      expect(await page.getByLabel("Your message").inputValue()).toBe("A busy week, mostly good.");
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.locator("li[data-sender='user'] [data-role='content']").first().textContent(), {
          timeout: 10_000,
        })
        .toBe("A busy week, mostly good.");
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
});
