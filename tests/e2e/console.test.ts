import { text as streamText } from "node:stream/consumers";
import type { Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createSuperAdmin,
  createVerifiedAdmin,
  type E2EAccount,
  enterTotp,
  loginAsOperator,
  randomClientIp,
} from "./auth.ts";
import { browserSuite } from "./browser.ts";

const { newPage, origin } = browserSuite();

let operator: E2EAccount & { totpSecret: string };

beforeAll(async () => {
  // The demo organization: eight weeks of check-ins, alerts and a subscription to look at.
  const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(seeded.status).toBe(200);
  operator = await createSuperAdmin(origin);
});

/** Each context its own client address: sign-in is limited to 3 tries in 10 s per address and email. */
async function ownAddress(page: Page) {
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
}

/**
 * The operator, signed in through the form once; later tests reuse that session's cookies.
 * Every test signing in again put the shared operator account over its sign-in limit (10 a
 * minute per account) whenever the files before this one had just signed it in too.
 */
let operatorCookies: Cookie[] | null = null;

async function operatorLogin(page: Page, path = "/superadmin") {
  await ownAddress(page);
  if (operatorCookies) {
    await page.context().addCookies(operatorCookies);
    await page.goto(path);
    await page.getByRole("heading", { name: "Platform Administration" }).waitFor();
    return;
  }
  await loginAsOperator(page, origin, operator);
  await page.getByRole("heading", { name: "Platform Administration" }).waitFor();
  operatorCookies = await page.context().cookies();
  if (path !== "/superadmin") await page.goto(path);
}

const tab = (page: Page, label: string) =>
  page.getByRole("navigation", { name: "Console sections" }).getByRole("button", { name: label, exact: true });

describe("operator login", () => {
  it("sends a visitor to the operator login, then into the console", async () => {
    const { page, context } = await newPage();
    await ownAddress(page);
    await page.goto("/superadmin?tab=alerts");
    await page.waitForURL(`${origin}/superadmin/login`);
    await page.getByLabel("Email").fill(operator.email);
    await page.getByLabel("Password").fill(operator.password);
    await page.getByRole("button", { name: "Access SuperAdmin Dashboard" }).click();
    // The console requires a second factor: the code from the operator's authenticator.
    await enterTotp(page, operator.totpSecret);
    // Back where the operator was going.
    await page.waitForURL(`${origin}/superadmin?tab=alerts`);
    await page.getByRole("heading", { name: "Alerts & Notifications", level: 2 }).waitFor();
    await context.close();
  });

  it("refuses an Admin with the allowlist message and shows the demo helpers in development", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await newPage({ width: 375, height: 812 });
    await ownAddress(page);
    await page.goto("/superadmin/login");
    await page.getByRole("button", { name: "Quick Demo Login" }).waitFor();
    await page.getByRole("button", { name: "Initialize SuperAdmin Account" }).waitFor();
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Access SuperAdmin Dashboard" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Access Denied: This email is not authorized for SuperAdmin access." })
      .first()
      .waitFor();
    // Signed straight out again: the console sends them back to its login.
    await page.goto("/superadmin");
    await page.waitForURL(`${origin}/superadmin/login`);
    await context.close();
  });
});

describe("the console", () => {
  it("renders real data on every tab", async () => {
    const { page, context } = await newPage();
    await operatorLogin(page);
    const stats = (await (await page.request.get("/api/admin/stats")).json()) as { total_organizations: number };
    await expect
      .poll(() => page.getByTestId("stat-organizations").textContent())
      .toContain(String(stats.total_organizations));
    await page.getByTestId("stat-users").waitFor();

    const checks: [string, (p: Page) => Promise<unknown>][] = [
      // Other browser tests add organizations and people: search, as an operator would.
      [
        "Business Management",
        async (p) => {
          await p.getByLabel("Search organizations").fill("northwind");
          await p.getByTestId("organization-row").filter({ hasText: "Northwind Sales" }).waitFor();
        },
      ],
      [
        "User Oversight",
        async (p) => {
          await p.getByLabel("Search users").fill("maya");
          await p.getByTestId("user-row").filter({ hasText: "Maya Chen" }).first().waitFor();
        },
      ],
      ["Sentiment Data", (p) => p.getByTestId("comparison-row").filter({ hasText: "Northwind Sales" }).waitFor()],
      ["Check-In Config", (p) => p.getByTestId("question-card").first().waitFor()],
      ["Billing & Plans", (p) => p.getByTestId("subscription-row").filter({ hasText: "Northwind Sales" }).waitFor()],
      ["Alerts & Notifications", (p) => p.getByTestId("alert-row").first().waitFor()],
      ["Reporting & Exports", (p) => p.getByTestId("report-sentiment").waitFor()],
      ["Site Map", (p) => p.getByTestId("route-entry").filter({ hasText: "Check-In Chat" }).waitFor()],
      ["System Settings", (p) => p.getByText("Embedded interviewer (offline)").waitFor()],
      [
        "Customer Support",
        async (p) => {
          await p.getByLabel("Search accounts, organizations and salespeople").fill("northwind");
          await p.getByText("northwind.example").first().waitFor();
        },
      ],
      ["Audit Logs", (p) => p.getByRole("heading", { name: "Audit Logs", level: 2 }).waitFor()],
    ];
    for (const [label, check] of checks) {
      await tab(page, label).click();
      await check(page);
    }
    // The bell counts the unread alerts.
    const badge = await page.getByTestId("notification-badge").textContent();
    expect(Number(badge)).toBeGreaterThan(0);
    await context.close();
  });

  it("Customer Support finds a salesperson at 375 px, and their organization opens by keyboard", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await operatorLogin(page, "/superadmin?tab=support");
    // A seeded team member: no account, found by the address their check-in links go to.
    await page.getByLabel("Search accounts, organizations and salespeople").fill("maya.chen@northwind.example");
    const person = page.getByTestId("support-salesperson").filter({ hasText: "Maya Chen" });
    await person.getByText("Account Executive · West").waitFor();
    await person.getByText("Last check-in sent").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await person.getByRole("button", { name: "Northwind Sales" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByText("Northwind Sales").first().waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await context.close();
  });

  it("adds an organization and counts it", async () => {
    const { page, context } = await newPage();
    await operatorLogin(page);
    const shown = async () =>
      Number(
        ((await page.getByTestId("stat-organizations").locator("p").nth(1).textContent()) ?? "0").replaceAll(",", ""),
      );
    const before = await shown();
    await tab(page, "Business Management").click();
    await page.getByRole("button", { name: "Add Organization" }).first().click();
    const name = `Globex ${Date.now()}`;
    await page.getByLabel("Company name").fill(name);
    await page.getByLabel(/Domain/).fill("globex.example");
    await page.getByRole("button", { name: "Create Organization" }).click();
    await page.getByText("Organization created").waitFor();
    await page.getByTestId("organization-row").filter({ hasText: name }).waitFor();
    await tab(page, "Platform Overview").click();
    await expect.poll(shown).toBe(before + 1);
    await page.getByText(name).first().waitFor();
    // And the audit log says who did it.
    await tab(page, "Audit Logs").click();
    await page.getByTestId("audit-row").filter({ hasText: "organization.create" }).first().waitFor();
    await context.close();
  });

  it("bulk invites sales reps into an organization and shows what happened to each", async () => {
    const company = `Initech ${Date.now()}`;
    await createVerifiedAdmin(origin, { companyName: company, organization: true });
    const { page, context } = await newPage();
    await operatorLogin(page);
    await tab(page, "User Oversight").click();
    await page.getByRole("button", { name: "Bulk Invite Users" }).click();
    const dialog = page.getByRole("dialog", { name: "Bulk Invite Users" });
    await dialog.getByLabel("Search organizations").fill(company);
    await dialog.getByRole("button", { name: new RegExp(company) }).click();
    await expect.poll(() => dialog.getByTestId("invite-organization").textContent()).toBe(company);
    const stamp = Date.now();
    const lines = dialog.getByLabel("People, one per line");
    await lines.fill(`peter.${stamp}@initech.example, Peter, Gibbons\nno email on this line`);
    await dialog.getByText("Line 2: put exactly one email address on each line").waitFor();
    expect(await dialog.getByRole("button", { name: "Invite 1 person" }).isDisabled()).toBe(true);
    await lines.fill(
      `peter.${stamp}@initech.example, Peter, Gibbons\nMilton Waddams <milton.${stamp}@initech.example>`,
    );
    await dialog.getByText("2 people ready").waitFor();
    await dialog.getByRole("button", { name: "Invite 2 people" }).click();
    const results = page.getByTestId("invite-results");
    await results.waitFor();
    expect(await results.locator("tbody tr").allInnerTexts()).toEqual([
      `peter.${stamp}@initech.example\tAdded\tCheck-in sent`,
      `milton.${stamp}@initech.example\tAdded\tCheck-in sent`,
    ]);
    await page.getByRole("button", { name: "Done" }).click();
    // The table has them now, as salespeople of that organization.
    await page.getByLabel("Search users").fill(`${stamp}@initech`);
    await expect.poll(() => page.getByRole("row").filter({ hasText: company }).count()).toBe(2);
    await context.close();
  });

  it("imports questions from pasted JSON and exports the bank", async () => {
    const { page, context } = await newPage();
    await operatorLogin(page, "/superadmin?tab=checkins");
    const total = page.getByTestId("question-total");
    await expect.poll(async () => Number(await total.textContent()), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = Number(await total.textContent());

    await page.getByRole("button", { name: "Import", exact: true }).click();
    const paste = page.getByLabel("Paste JSON");
    await paste.fill(JSON.stringify([{ pillar: "happiness", question_text: "x", question_type: "open_ended" }]));
    await page.getByRole("button", { name: "Import Questions" }).click();
    await page
      .getByTestId("import-issues")
      .getByText(/Invalid pillar: happiness\. Must be one of:/)
      .waitFor();

    const text = `Which meeting could you drop this week? ${Date.now()}`;
    await paste.fill(
      JSON.stringify([
        { pillar: "burnout_risks", question_text: text, question_type: "probe", priority_order: 7 },
        {
          pillar: "team_dynamics",
          question_text: `Who made your week easier? ${Date.now()}`,
          question_type: "open_ended",
        },
      ]),
    );
    await page.getByRole("button", { name: "Import Questions" }).click();
    await page.getByText("Successfully imported 2 questions to the global question bank.").waitFor();
    expect(await page.getByText("Bulk import successful").isVisible()).toBe(true);
    await expect.poll(async () => Number(await total.textContent())).toBe(before + 2);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^question-bank-\d{4}-\d{2}-\d{2}\.json$/);
    // Read through playwright: the browser is the worker's browser server (no local path).
    const exported = JSON.parse(await streamText(await download.createReadStream())) as { question_text: string }[];
    expect(exported.length).toBe(before + 2);
    expect(exported.map((q) => q.question_text)).toContain(text);
    await context.close();
  });

  it("keeps a changed pillar weight after save and reload", async () => {
    const { page, context } = await newPage();
    await operatorLogin(page, "/superadmin?tab=checkins&section=global");
    const slider = page.getByLabel("Blockers weight");
    const shown = page.getByTestId("weight-blockers");
    const before = Number(await shown.textContent());
    await slider.focus();
    await page.keyboard.press(before >= 2 ? "ArrowLeft" : "ArrowRight");
    const expected = (before >= 2 ? before - 0.1 : before + 0.1).toFixed(1);
    await expect.poll(() => shown.textContent()).toBe(expected);
    await page.getByTestId("settings-unsaved").waitFor();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Settings saved").waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId("weight-blockers").textContent()).toBe(expected);
    await context.close();
  });

  it("at 375 px the notifications panel stays on screen and Recent Organizations shows whole names", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await operatorLogin(page);
    await page.getByRole("button", { name: /Notifications/ }).click();
    const title = await page.getByText("Platform Notifications").boundingBox();
    expect(title?.x ?? -1).toBeGreaterThanOrEqual(0);
    const panel = await page.getByRole("dialog", { name: "Platform Notifications" }).boundingBox();
    expect(panel?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((panel?.x ?? 0) + (panel?.width ?? 0)).toBeLessThanOrEqual(375);
    await page.keyboard.press("Escape");
    const recent = page.getByTestId("recent-organization-name");
    await recent.first().waitFor();
    // Every name has room (at least 10rem, the badges wrap below it): none squeezed to "N…" as
    // before. A name longer than the screen still ends in "…", which is fine.
    const narrowest = await recent.evaluateAll((names) => Math.min(...names.map((n) => n.clientWidth)));
    expect(narrowest).toBeGreaterThanOrEqual(150);
    await context.close();
  });

  it("works at 375 px with the sidebar as a drawer", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await operatorLogin(page);
    await expect.poll(() => page.getByTestId("console-sidebar").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await tab(page, "Sentiment Data").click();
    await page.getByRole("heading", { name: "Sentiment Data", level: 2 }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
