import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { createSuperAdmin, createVerifiedAdmin, enterTotp, loginAs, randomClientIp } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import { startCheckIn } from "./chat.ts";

/**
 * Issue 16 §3, what a screen reader gets: form errors tied to their fields (aria-invalid,
 * aria-describedby naming the visible error) and announced; the streamed reply announced
 * once it is finished, the timer only when its words change; charts and meaningful icons
 * with names.
 */
const { newPage, origin } = browserSuite();
const DEMO_ADMIN = { email: "demo@undertone.dev", password: "undertone-demo" };

/**
 * The control's error as assistive technology gets it: aria-invalid, the words its
 * aria-describedby names, and whether each named element is visible and how it is announced.
 */
async function errorOf(control: Locator) {
  return control.evaluate((element) => {
    const described = (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id));
    return {
      invalid: element.getAttribute("aria-invalid"),
      text: described.map((node) => node?.textContent?.trim() ?? "").join(" | "),
      visible: described.every((node) => node !== null && node.getBoundingClientRect().height > 0),
      // The error itself is an alert, or a live region already says it (a toast, see below).
      alert: described.some((node) => node?.closest("[role=alert]") !== null),
    };
  });
}

async function expectFieldError(control: Locator, message: string, announced: "alert" | "toast") {
  await expect.poll(() => errorOf(control).then((e) => e.invalid)).toBe("true");
  const error = await errorOf(control);
  expect(error.text).toContain(message);
  expect(error.visible).toBe(true);
  if (announced === "alert") expect(error.alert).toBe(true);
  else
    expect(
      await control
        .page()
        .getByRole("alert")
        .filter({ has: control.page().getByTestId("toast") })
        .textContent(),
    ).toContain(message);
}

async function operatorPage(page: Page) {
  const operator = await createSuperAdmin(origin);
  await page.goto("/superadmin/login");
  await page.getByLabel("Email").fill(operator.email);
  await page.getByLabel("Password").fill(operator.password);
  await page.getByRole("button", { name: "Access SuperAdmin Dashboard" }).click();
  await enterTotp(page, operator.totpSecret);
  await page.getByRole("heading", { name: "Platform Overview", level: 2 }).waitFor();
}

describe("screen readers", () => {
  test("form errors are tied to their fields and announced: sign-up, settings, team member, console dialogs", {
    timeout: 120_000,
  }, async () => {
    const admin = await createVerifiedAdmin(origin, { trial: true, companyName: "Described Errors Co" });
    const { page, context } = await newPage({ width: 1280, height: 900 });
    const operator = await newPage({ width: 1280, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      // Sign-up: the spec's toast announces it; the field shows and describes it.
      await page.goto("/signup");
      await page.getByLabel("First name").fill("Ada");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectFieldError(page.getByLabel("Last name"), "Last name is required", "toast");
      expect((await errorOf(page.getByLabel("First name"))).invalid).toBeNull();

      await loginAs(page, admin.email, admin.password);

      // Dashboard settings: a number out of bounds, under its own field.
      await page.goto("/dashboard/settings");
      const length = page.getByLabel("Check-in length (minutes)");
      await length.fill("0");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expectFieldError(length, "Check-in length must be a whole number of minutes from 3 to 60.", "alert");
      // Far above the Save button: focus goes to it, so it is in view and read with its error.
      expect(await length.evaluate((input) => input === document.activeElement)).toBe(true);
      await length.fill("12");
      expect((await errorOf(length)).invalid).toBeNull();

      // The team member form (a dialog).
      await page.goto("/dashboard/team");
      await page.getByRole("button", { name: "Add team member" }).first().click();
      const form = page.getByRole("form", { name: "Add team member" });
      await form.getByLabel("First name").fill("Sam");
      await form.getByLabel("Last name").fill("Lee");
      await form.getByLabel("Work email").fill("sam-at-example");
      await form.getByRole("button", { name: "Add team member" }).click();
      await expectFieldError(form.getByLabel("Work email"), "Please enter a valid email address", "alert");
      expect(await form.getByLabel("Work email").evaluate((input) => input === document.activeElement)).toBe(true);

      // Console dialogs: Add Organization without a name, and an import that is not JSON.
      await operator.context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await operatorPage(operator.page);
      await operator.page.getByRole("button", { name: "Business Management" }).click();
      await operator.page.getByRole("button", { name: "Add Organization" }).first().click();
      const dialog = operator.page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Create Organization" }).click();
      await expectFieldError(dialog.getByLabel("Company name"), "Organization name is required", "alert");
      await operator.page.keyboard.press("Escape");

      await operator.page.getByRole("button", { name: "Check-In Config" }).click();
      await operator.page.getByRole("button", { name: "Import", exact: true }).click();
      const importDialog = operator.page.getByRole("dialog");
      await importDialog.getByLabel("Paste JSON").fill("{ not json");
      await importDialog.getByRole("button", { name: "Import Questions" }).click();
      const box = importDialog.getByLabel("Paste JSON");
      await expect.poll(() => errorOf(box).then((e) => e.invalid)).toBe("true");
      expect((await errorOf(box)).visible).toBe(true);
      expect(await operator.page.getByTestId("toast").textContent()).toContain((await errorOf(box)).text);
    } finally {
      await context.close();
      await operator.context.close();
    }
  });

  test("the check-in: each reply announced once it is finished, the timer only when its words change", async () => {
    const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
    const url = new URL(((await seeded.json()) as { checkInUrl: string }).checkInUrl);
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await page.goto(`${url.pathname}${url.search}`);
      await startCheckIn(page);
      const box = page.getByLabel("Your message");
      await box.waitFor();
      const assistant = page.locator("li[data-sender='assistant']");
      await assistant.first().waitFor();
      await expect.poll(() => page.locator("li[data-sender='assistant'] .animate-pulse").count()).toBe(0);
      const region = page.getByTestId("reply-announcer");
      expect(await region.getAttribute("aria-live")).toBe("polite");
      // The live region is not the chat itself (that would read every token).
      expect(await page.locator("main[aria-live], ol[aria-live]").count()).toBe(0);

      // Record every state of the live region, the streaming bubble and the timer's words.
      await page.evaluate(() => {
        const log = { region: [] as string[], bubble: [] as string[], timer: 0 };
        (window as unknown as { srLog: typeof log }).srLog = log;
        const region = document.querySelector("[data-testid='reply-announcer']");
        const list = document.querySelector("ol[aria-label='Conversation']");
        if (!region || !list) throw new Error("chat not on screen");
        new MutationObserver(() => log.region.push(region.textContent ?? "")).observe(region, {
          subtree: true,
          childList: true,
          characterData: true,
        });
        new MutationObserver(() => {
          const last = [...list.querySelectorAll("li[data-sender='assistant'] [data-role='content']")].at(-1);
          log.bubble.push(last?.textContent ?? "");
        }).observe(list, { subtree: true, childList: true, characterData: true });
        const timer = document.querySelector("[data-testid='timer-text']");
        if (!timer) throw new Error("timer not on screen");
        new MutationObserver(() => {
          log.timer += 1;
        }).observe(timer, { subtree: true, childList: true, characterData: true });
      });

      const before = await assistant.count();
      await box.fill("A busy week, mostly good. Two deals closed.");
      await box.press("Enter");
      await expect.poll(() => assistant.count(), { timeout: 15_000 }).toBeGreaterThan(before);
      await expect.poll(() => page.locator("li[data-sender='assistant'] .animate-pulse").count()).toBe(0);
      const reply = ((await assistant.last().locator("[data-role='content']").textContent()) ?? "").trim();
      expect(reply.length).toBeGreaterThan(0);

      // The clock ticks on, the timer's words stay (no phase boundary in the first minute).
      const clock = page.getByTestId("timer-clock");
      const started = await clock.textContent();
      await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(started);

      const log = await page.evaluate(
        () => (window as unknown as { srLog: { region: string[]; bubble: string[]; timer: number } }).srLog,
      );
      // The region changed to the finished reply, and never held a partial one.
      const announced = [...new Set(log.region)].filter(Boolean);
      expect(announced).toEqual([`Assistant: ${reply}`]);
      expect(log.bubble.at(-1)?.trim()).toBe(reply);
      expect(log.timer).toBe(0);
      expect(await page.getByTestId("timer-text").getAttribute("role")).toBe("status");
    } finally {
      await context.close();
    }
  });

  test("charts have a text alternative; icons are named or hidden", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto("/dashboard?range=12w");
      await page.getByTestId("trends").locator("canvas").first().waitFor();
      const pictures = await page.evaluate(() => ({
        canvases: [...document.querySelectorAll("canvas")].map((c) => [
          c.getAttribute("role"),
          c.getAttribute("aria-label"),
        ]),
        unnamedSvgs: [...document.querySelectorAll("svg")].filter(
          (svg) =>
            svg.closest("[aria-hidden='true']") === null &&
            !(svg.getAttribute("role") === "img" && (svg.getAttribute("aria-label") ?? "").trim() !== ""),
        ).length,
      }));
      expect(pictures.canvases.length).toBeGreaterThan(0);
      for (const [role, label] of pictures.canvases) {
        expect(role).toBe("img");
        expect(label ?? "").toMatch(/\d/);
      }
      expect(pictures.unnamedSvgs).toBe(0);
      expect(await page.getByRole("img", { name: /^Weekly team scores over \d+ weeks: Morale from/ }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
