import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { api as apiAt, createVerifiedAdmin, emailedCheckInLink, signedInCookie } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import { answer, startCheckIn } from "./chat.ts";

/**
 * The chat stays the salesperson's (README → Chat ownership), in chromium at 375 px: opening
 * the link claims nothing ("Start my check-in" does), so a scanner's headless browser cannot
 * take it; the phone that starts it owns the chat and sees when and on what it was started; a
 * second browser with the same link gets "This check-in is already open on another device"
 * and nothing of the conversation; a fresh link by email moves the chat to it, by a click
 * (without the earlier messages: e2e checkin-move).
 */
const { newPage, origin } = browserSuite();

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

const api = (path: string, init: { body?: unknown; cookie?: string } = {}) => apiAt(origin, path, init);

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** A check-in emailed to a new member of a new organization; the link, as the member receives it. */
async function emailedCheckIn(): Promise<{ url: string; memberEmail: string }> {
  const admin = await createVerifiedAdmin(origin, { companyName: "Owned Chat Co" });
  const cookie = await signedInCookie(origin, admin);
  const memberEmail = `casey-${Date.now()}@owned.example`;
  const added = await api("/api/team-members", {
    cookie,
    body: { firstName: "Casey", lastName: "Owner", email: memberEmail },
  });
  expect(added.status).toBe(201);
  const { member } = (await added.json()) as { member: { id: string } };
  const sent = await api("/api/check-ins", { cookie, body: { teamMemberId: member.id } });
  expect(sent.status).toBe(201);
  expect(await sent.text()).not.toContain("token");
  return { url: await emailedCheckInLink(origin, memberEmail), memberEmail };
}

describe("the chat belongs to the browser that starts it", () => {
  test("start screen, owner screen, other-device screen, and a fresh link that moves the chat by a click (375 px)", async () => {
    const { url, memberEmail } = await emailedCheckIn();
    const phone = await newPage({ width: 375, height: 812, userAgent: IPHONE });
    const other = await newPage({ width: 375, height: 812 });
    try {
      // The salesperson's phone opens it: nothing is claimed until they start it.
      await phone.page.goto(url);
      await phone.page.getByRole("heading", { name: "Hi Casey, ready for your check-in?" }).waitFor();
      await shot(phone.page, "ownership-start-375");
      await startCheckIn(phone.page);
      await phone.page.getByRole("heading", { name: "Your check-in, Casey" }).waitFor();
      const note = phone.page.getByTestId("device-note");
      await note.waitFor();
      expect(await note.textContent()).toMatch(/^Started .+ on an iPhone\. It stays on this device\.$/);
      const box = phone.page.getByLabel("Your message");
      await box.fill("Only my phone should ever show this sentence.");
      await box.press("Enter");
      await expect.poll(() => phone.page.locator('li[data-sender="assistant"]').count(), { timeout: 10_000 }).toBe(2);
      await shot(phone.page, "ownership-owner-375");
      // A reload goes straight back to the chat: the cookie says it is this phone's.
      await phone.page.reload();
      await phone.page.getByText("Only my phone should ever show this sentence.").waitFor();

      // Another browser with the same link: the clear screen, nothing of the conversation.
      await other.page.goto(url);
      const screen = other.page.getByTestId("open-elsewhere");
      await screen.waitFor();
      expect(await other.page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "This check-in is already open on another device",
      );
      expect(await other.page.getByTestId("owner-device").textContent()).toMatch(/^Started .+ on an iPhone\.$/);
      expect(await other.page.getByRole("list", { name: "Conversation" }).count()).toBe(0);
      expect(await other.page.content()).not.toContain("Only my phone");
      // Fits the phone's width.
      expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(other.page, "ownership-other-device-375");

      // It asks for a fresh link, opens it from the member's email, and moves the chat there by a click.
      await other.page.getByRole("button", { name: "Email me a fresh link" }).click();
      await other.page.getByText("Sent. Check your email and open the new link on this device.").waitFor();
      const fresh = await emailedCheckInLink(origin, memberEmail);
      expect(fresh).toContain("&claim=");
      await other.page.goto(fresh);
      await other.page.getByRole("button", { name: "Continue my check-in here" }).waitFor();
      await shot(other.page, "ownership-continue-375");
      await other.page.getByRole("button", { name: "Continue my check-in here" }).click();
      await other.page.getByRole("heading", { name: "Your check-in, Casey" }).waitFor();
      // It continues without the earlier messages (e2e checkin-move: unless the phone approves).
      await other.page.getByTestId("moved-notice").waitFor();
      expect(await other.page.content()).not.toContain("Only my phone");
      // The claim leaves the address bar: a reload needs only the cookie.
      expect(other.page.url()).not.toContain("claim=");

      // The phone that had it now shows the other-device screen instead of the chat.
      await phone.page.getByTestId("open-elsewhere").waitFor({ timeout: 10_000 });
      expect(await phone.page.getByRole("list", { name: "Conversation" }).count()).toBe(0);
      await shot(phone.page, "ownership-moved-away-375");
    } finally {
      await phone.context.close();
      await other.context.close();
    }
  });

  test("a headless browser that opens the link (and the fresh link) and never clicks claims nothing; the person's browser then takes the chat", async () => {
    const { url, memberEmail } = await emailedCheckIn();
    // A mail scanner that renders every inbound link in a headless browser, scripts and all.
    const scanner = await newPage({ width: 1280, height: 800 });
    try {
      await scanner.page.goto(url);
      await scanner.page.getByRole("button", { name: "Start my check-in" }).waitFor();
      await scanner.page.waitForLoadState("networkidle");
      expect(await scanner.context.cookies()).toEqual([]);
    } finally {
      await scanner.context.close();
    }
    // The salesperson, later, in their own browser: the chat is theirs to start.
    const phone = await newPage({ width: 375, height: 812, userAgent: IPHONE });
    const laptop = await newPage({ width: 1440, height: 900 });
    try {
      await phone.page.goto(url);
      await startCheckIn(phone.page);
      await answer(phone.page, "The scanner never touched this chat.");

      // A fresh link, asked for from the laptop, is scanned before the member opens it: still unused.
      await laptop.page.goto(url);
      await laptop.page.getByRole("button", { name: "Email me a fresh link" }).click();
      await laptop.page.getByText("Sent. Check your email and open the new link on this device.").waitFor();
      const fresh = await emailedCheckInLink(origin, memberEmail);
      const freshScanner = await newPage({ width: 1280, height: 800 });
      try {
        await freshScanner.page.goto(fresh);
        await freshScanner.page.getByRole("button", { name: "Continue my check-in here" }).waitFor();
        await freshScanner.page.waitForLoadState("networkidle");
      } finally {
        await freshScanner.context.close();
      }
      // The phone still has the chat; the laptop's click then moves it.
      await phone.page.getByText("The scanner never touched this chat.").waitFor();
      expect(await phone.page.getByTestId("open-elsewhere").count()).toBe(0);
      await laptop.page.goto(fresh);
      await laptop.page.getByRole("button", { name: "Continue my check-in here" }).click();
      await laptop.page.getByTestId("moved-notice").waitFor();
      await phone.page.getByTestId("open-elsewhere").waitFor({ timeout: 10_000 });
    } finally {
      await phone.context.close();
      await laptop.context.close();
    }
  });
});
