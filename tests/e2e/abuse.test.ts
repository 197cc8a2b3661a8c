import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { type AppServer, startBuiltApp } from "../tools/app-server.ts";
import { api as apiAt, createVerifiedAdmin, emailedCheckInLink, loginAs, signedInCookie } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import { startCheckIn } from "./chat.ts";
import { E2E_VARS } from "./vars.ts";

/**
 * The abuse suite's browser part: HTML and script typed into a chat, into a salesperson's
 * name and into a company name show up as text in chromium, never as markup; and sign-in
 * brute force is still refused after the app (wrangler and workerd) really restarts.
 */
const { newPage, origin } = browserSuite();

const HOSTILE_FIRST = "<img src=x onerror=alert(1)>";
const HOSTILE_LAST = "<script>alert(2)</script>";
const HOSTILE_COMPANY = "<b>Bold</b> & <i>Co</i><svg onload=alert(3)>";
const HOSTILE_MESSAGE = `<img src=x onerror="document.title='pwned'">"><script>alert(4)</script>`;

const api = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  apiAt(origin, path, init);

/** Fails the test on any dialog (alert, confirm) and counts elements an injection would create. */
function watchForInjection(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return {
    dialogs,
    /** Elements the hostile strings would have created had they been parsed as HTML. */
    injected: () =>
      page.evaluate(
        () =>
          document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload]').length +
          [...document.querySelectorAll("b, i, script")].filter((el) =>
            /^(Bold|Co)$|alert\(/.test(el.textContent ?? ""),
          ).length +
          (document.title === "pwned" ? 100 : 0),
      ),
  };
}

describe("HTML and script render as text", () => {
  test("in a salesperson's name, a company name and a chat message, on the check-in page and the dashboard", async () => {
    const admin = await createVerifiedAdmin(origin, { companyName: HOSTILE_COMPANY });
    const cookie = await signedInCookie(origin, admin);
    const hostileEmail = `hostile-${Date.now()}@example.com`;
    const added = await api("/api/team-members", {
      cookie,
      body: { firstName: HOSTILE_FIRST, lastName: HOSTILE_LAST, email: hostileEmail },
    });
    expect(added.status).toBe(201);
    const { member } = (await added.json()) as { member: { id: string } };
    const sent = await api("/api/check-ins", { cookie, body: { teamMemberId: member.id } });
    expect(sent.status).toBe(201);
    const url = await emailedCheckInLink(origin, hostileEmail);

    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      const watch = watchForInjection(page);
      await page.goto(new URL(url, origin).pathname + new URL(url, origin).search);
      // The start screen greets them by name too: as text, never as markup.
      await page.getByRole("heading", { name: `Hi ${HOSTILE_FIRST}, ready for your check-in?` }).waitFor();
      await startCheckIn(page);
      await page.getByRole("heading", { name: `Your check-in, ${HOSTILE_FIRST}` }).waitFor();
      expect(await page.locator("body").textContent()).toContain(HOSTILE_COMPANY);
      const greeting = page.locator('li[data-sender="assistant"]').first();
      expect(await greeting.textContent()).toContain(HOSTILE_FIRST);

      const box = page.getByLabel("Your message");
      await box.fill(HOSTILE_MESSAGE);
      await box.press("Enter");
      const bubble = page.locator('li[data-sender="user"] [data-role="content"]').first();
      await bubble.waitFor();
      await expect.poll(() => page.locator('li[data-sender="assistant"]').count(), { timeout: 10_000 }).toBe(2);
      expect(await bubble.textContent()).toBe(HOSTILE_MESSAGE);
      // The server's copy, after a reload, is the same text.
      await page.reload();
      await expect
        .poll(() => page.locator('li[data-sender="user"] [data-role="content"]').first().textContent())
        .toBe(HOSTILE_MESSAGE);
      expect(watch.dialogs).toEqual([]);
      expect(await watch.injected()).toBe(0);
    } finally {
      await context.close();
    }

    const dashboard = await newPage({ width: 1440, height: 900 });
    try {
      const watch = watchForInjection(dashboard.page);
      await loginAs(dashboard.page, admin.email, admin.password);
      await dashboard.page.goto("/dashboard/team");
      await dashboard.page.getByText(HOSTILE_FIRST, { exact: false }).first().waitFor();
      expect(await dashboard.page.locator("body").textContent()).toContain(HOSTILE_LAST);
      expect(watch.dialogs).toEqual([]);
      expect(await watch.injected()).toBe(0);
    } finally {
      await dashboard.context.close();
    }
  });
});

describe("sign-in brute force across a real restart", () => {
  let app: AppServer | undefined;
  afterAll(async () => {
    await app?.stop();
  });

  test("the fourth try in 10 s gets 429; after wrangler and workerd restart, the counts and an account's failures are still there", {
    timeout: 180_000,
  }, async () => {
    const vars = { ...E2E_VARS, APP_ENV: "production" };
    app = await startBuiltApp({ name: "e2e-abuse-restart", vars });
    const ip = "198.51.100.44";
    const attempt = (email: string, password = "not-the-password") =>
      fetch(`${app?.origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": ip, origin: app?.origin ?? "" },
        body: JSON.stringify({ email, password }),
      }).then((r) => r.status);
    const target = "ceo@victim.example";
    const resendVerification = (from: string, email = target) =>
      fetch(`${app?.origin}/api/auth/send-verification-email`, {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": from, origin: app?.origin ?? "" },
        body: JSON.stringify({ email }),
      }).then((r) => r.status);
    const refusal = async (response: Response) =>
      ((await response.json()) as { error: { message: string } }).error.message;
    const first = [await attempt(target), await attempt(target), await attempt(target), await attempt(target)];
    expect(first).toEqual([401, 401, 401, 429]);
    // Spray from the same address until its per-minute budget is spent too.
    for (let i = 0; i < 30; i++) await attempt(`spray-${i}@victim.example`);
    expect(await attempt("one-more@victim.example")).toBe(429);
    // Rules whose windows (10 minutes) outlast any restart, so the checks after it never
    // depend on how long the restart took (none is skipped, whatever it took): the account's
    // own limit from other addresses (3 verification resends per email), and one address's
    // spray (10 per address).
    const links = [
      await resendVerification("203.0.113.1"),
      await resendVerification("203.0.113.2"),
      await resendVerification("203.0.113.3"),
    ];
    expect(links).toEqual([200, 200, 200]);
    expect(await resendVerification("203.0.113.4")).toBe(429);
    const spray: number[] = [];
    for (let i = 0; i < 11; i++) spray.push(await resendVerification(ip, `link-spray-${i}@victim.example`));
    expect(spray).toEqual([...Array(10).fill(200), 429]);
    // The sign-in back-off of one account, fed from four addresses (one try each, so no
    // request-count rule refuses them): four failures, none of them held back yet.
    const guessed = "cfo@victim.example";
    const guess = (from: string) =>
      fetch(`${app?.origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": from, origin: app?.origin ?? "" },
        body: JSON.stringify({ email: guessed, password: "not-the-password" }),
      });
    const failures: number[] = [];
    for (const from of ["192.0.2.61", "192.0.2.62", "192.0.2.63", "192.0.2.64"])
      failures.push((await guess(from)).status);
    expect(failures).toEqual([401, 401, 401, 401]);

    await app.stop();
    app = await startBuiltApp({ name: "e2e-abuse-restart", vars, port: app.port, keepState: true });
    // Nothing of the count lived in the old process: still refused, for the account and the address.
    expect(await resendVerification("203.0.113.5")).toBe(429);
    expect(await resendVerification(ip, "after-restart@victim.example")).toBe(429);
    // The account's sign-in failures survived too, whatever the restart took: the fifth
    // failure (the first after the restart) starts the back-off at once, so the very next
    // try is refused. Had the four been forgotten, this would be the first, and the next a 401.
    expect((await guess("192.0.2.65")).status).toBe(401);
    const held = await guess("192.0.2.66");
    expect(held.status).toBe(429);
    expect(await refusal(held)).toBe("Too many failed sign-ins for this account. Please wait a moment and try again.");
    // Another address is not held back by this one.
    const elsewhere = await fetch(`${app.origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.45", origin: app.origin },
      body: JSON.stringify({ email: target, password: "not-the-password" }),
    });
    expect(elsewhere.status).toBe(401);
  });
});
