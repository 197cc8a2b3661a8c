import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { e2eApp } from "./app.ts";
import {
  createSuperAdmin,
  createVerifiedAdmin,
  type E2EAccount,
  loginAs,
  loginAsOperator,
  randomClientIp,
} from "./auth.ts";
import { axeViolations, navigate } from "./axe.ts";
import { launchBrowser } from "./browser.ts";
import { freshCheckInPath, startCheckIn } from "./chat.ts";

/**
 * Issue 16 §1: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every route of both specs at
 * 375 and 1440 px — public and auth pages, every dashboard page and dialog, the check-in in
 * its states, every console tab and dialog — with no violation. One browser; each role signs
 * in once and its context is reused at both widths (only the viewport changes).
 */
const { origin } = e2eApp();
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
] as const;
const DEMO_ADMIN = { email: "demo@undertone.dev", password: "undertone-demo" };

let close: () => Promise<void>;
let newContext: () => Promise<{ page: Page; context: BrowserContext }>;

beforeAll(async () => {
  const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(seeded.status).toBe(200);
  const launched = await launchBrowser();
  close = launched.close;
  newContext = async () => {
    const context = await launched.browser.newContext({
      baseURL: origin,
      viewport: { ...WIDTHS[0] },
      reducedMotion: "reduce",
      extraHTTPHeaders: { "cf-connecting-ip": randomClientIp() },
    });
    return { context, page: await context.newPage() };
  };
});
afterAll(async () => {
  await close?.();
});

/** Runs `visit` at each width and collects every violation, so one run lists them all. */
async function scanAtWidths(page: Page, visit: (scan: (where: string) => Promise<void>) => Promise<void>) {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    let last = "start";
    try {
      await visit(async (where) => {
        last = where;
        found.push(...(await axeViolations(page, `${where} @${size.width}`)));
        found.push(...(await reflowProblems(page, `${where} @${size.width}`, size)));
      });
    } catch (error) {
      // Where it stopped, for the reader of a failed run: tests/.artifacts/a11y-failure.png.
      await page.screenshot({ path: "tests/.artifacts/a11y-failure.png" }).catch(() => undefined);
      throw new Error(`after "${last}" at ${size.width} px: ${error instanceof Error ? error.message : error}`);
    }
  }
  expect(found).toEqual([]);
}

/**
 * Issue 16 §4 (reflow, WCAG 1.4.10): the page also fits at 320 px (after the 375 px scan) and
 * at 720 px, which is 1440 px at 200 % zoom (after the 1440 px scan), with no horizontal
 * scrolling of the page itself. The viewport returns to its size afterwards.
 */
async function reflowProblems(page: Page, where: string, size: { width: number; height: number }): Promise<string[]> {
  const narrow = size.width === 375 ? 320 : 720;
  await resizeAndSettle(page, { width: narrow, height: size.height });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  // And back: the next page's scan waits for that layout too (a scan once read a tab against the
  // console's dark sidebar, as if the page were still between the two widths).
  await resizeAndSettle(page, size);
  return overflow > 0 ? [`${where}: scrolls sideways by ${overflow} px at ${narrow} px`] : [];
}

/** A new viewport size, then two frames: layout has settled at it, not mid-relayout. */
async function resizeAndSettle(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe("WCAG 2.2 A/AA with axe-core at 375 and 1440 px", { timeout: 240_000 }, () => {
  test("public and auth pages", async () => {
    const { page, context } = await newContext();
    try {
      await scanAtWidths(page, async (scan) => {
        for (const path of [
          "/",
          "/login",
          "/signup",
          "/termsofservice",
          "/privacypolicy",
          "/emergency",
          "/auth/verification-error",
          "/superadmin/login",
          "/no-such-page",
        ]) {
          if (path === "/") await page.goto(path);
          else await navigate(page, path);
          await page.locator("h1").first().waitFor();
          await scan(path);
        }
        // A form with its errors showing.
        await page.goto("/signup");
        await page.getByRole("button", { name: "Create Account" }).click();
        await scan("/signup with errors");
      });
    } finally {
      await context.close();
    }
  });

  test("dashboard pages and dialogs (seeded organization), onboarding (new admin)", async () => {
    const { page, context } = await newContext();
    try {
      await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await scanAtWidths(page, async (scan) => {
        await navigate(page, "/dashboard");
        await page.getByRole("heading", { name: "Overview" }).waitFor();
        await scan("/dashboard");
        await navigate(page, "/dashboard/team");
        await page.getByRole("heading", { name: "Team", exact: true }).waitFor();
        await scan("/dashboard/team");
        await page.getByRole("button", { name: "Add team member" }).first().click();
        await page.getByRole("dialog").waitFor();
        await scan("add member dialog");
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Send check-in" }).first().click();
        await page.getByRole("dialog").waitFor();
        await scan("send check-in dialog");
        await page.keyboard.press("Escape");
        await page.locator('a[href^="/dashboard/team/"]').first().click();
        await page.waitForURL(/\/dashboard\/team\/.+/);
        await page
          .locator("h1", { hasNotText: /^Team$/ })
          .first()
          .waitFor();
        await scan("person page");
        await navigate(page, "/dashboard/settings");
        await page.getByRole("heading", { name: "Settings" }).first().waitFor();
        await scan("/dashboard/settings");
      });
    } finally {
      await context.close();
    }

    const fresh: E2EAccount = await createVerifiedAdmin(origin, { organization: false });
    const onboarding = await newContext();
    try {
      await loginAs(onboarding.page, fresh.email, fresh.password);
      const page = onboarding.page;
      await scanAtWidths(page, async (scan) => {
        // No reload (the organization exists after the first visit, so onboarding would be
        // skipped): the second width goes Back from the plan step to the welcome.
        const start = page.getByRole("button", { name: /Get Started/ });
        const back = page.getByRole("button", { name: "Back" });
        await start.or(back).first().waitFor();
        if (await back.isVisible()) await back.click();
        await start.waitFor();
        await scan("onboarding welcome");
        await page.getByRole("button", { name: /Get Started/ }).click();
        await page.getByRole("heading", { name: "Choose your plan" }).waitFor();
        await scan("onboarding plans");
      });
    } finally {
      await onboarding.context.close();
    }
  });

  test("the check-in: start, chatting, paused, a bad link", async () => {
    const { page, context } = await newContext();
    try {
      await scanAtWidths(page, async (scan) => {
        await page.goto(await freshCheckInPath(origin));
        await page.getByRole("button", { name: "Start my check-in" }).waitFor();
        await scan("check-in start screen");
        await startCheckIn(page);
        await scan("check-in start");
        const box = page.getByLabel("Your message");
        await box.fill("Busy week, mostly good.");
        await box.press("Enter");
        await page.getByRole("button", { name: "Pause" }).waitFor();
        await page.locator("li[data-sender='assistant']").nth(1).waitFor();
        await scan("check-in chatting");
        await page.getByRole("button", { name: "Pause" }).click();
        await page.getByTestId("timer-paused").waitFor();
        await scan("check-in paused");
        await page.goto("/check-in/not-a-check-in?token=nope");
        await page.locator("h1").first().waitFor();
        await scan("check-in bad link");
      });
    } finally {
      await context.close();
    }
  });

  test("every console tab and its dialogs", async () => {
    const operator = await createSuperAdmin(origin);
    const { page, context } = await newContext();
    try {
      await loginAsOperator(page, origin, operator);
      const tabs = [
        "overview",
        "businesses",
        "users",
        "sentiment",
        "checkins",
        "billing",
        "alerts",
        "reporting",
        "sitemap",
        "settings",
        "support",
        "audit",
      ];
      await scanAtWidths(page, async (scan) => {
        for (const tab of tabs) {
          // Overview is /superadmin itself (where the sign-in lands); the others are ?tab=.
          await navigate(page, tab === "overview" ? "/superadmin" : `/superadmin?tab=${tab}`, "main h2");
          await scan(`console ${tab}`);
        }
        await navigate(page, "/superadmin?tab=businesses", "main h2");
        await page.getByRole("button", { name: "Add Organization" }).first().click();
        await page.getByRole("dialog").waitFor();
        await scan("add organization dialog");
        await page.keyboard.press("Escape");
        await page
          .getByRole("button", { name: /^View details of/ })
          .first()
          .click();
        await page.getByRole("dialog").waitFor();
        await scan("organization details dialog");
        await page.keyboard.press("Escape");
        await navigate(page, "/superadmin?tab=users", "main h2");
        await page.getByRole("button", { name: "Bulk Invite Users" }).click();
        await page.getByRole("dialog").waitFor();
        await scan("bulk invite dialog");
        await page.keyboard.press("Escape");
        await navigate(page, "/superadmin?tab=checkins", "main h2");
        await page.getByRole("button", { name: "Import", exact: true }).click();
        await page.getByRole("dialog").waitFor();
        await scan("import questions dialog");
        await page.keyboard.press("Escape");
      });
    } finally {
      await context.close();
    }
  });
});
