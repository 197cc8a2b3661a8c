import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { api as apiAt, createVerifiedAdmin, emailedCheckInLink, mailbox, signedInCookie } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import { answer, startCheckIn } from "./chat.ts";
import { focused, tabTo } from "./keyboard-helpers.ts";

/**
 * A moved chat does not hand over the past (issue 22 item 3), in chromium with two browsers:
 * the salesperson's phone (375 px) starts the chat, a laptop (1440 px) takes it over with a
 * fresh link and continues without the earlier messages, the phone is asked — by keyboard —
 * whether to show them there and approves; then the move's "This wasn't me" link, opened in
 * a third browser, asks first and closes the chat on both.
 */
const { newPage, origin } = browserSuite();

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const SAID_ON_THE_PHONE = "Only my phone knows I nearly quit last week.";

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

async function emailedCheckIn(): Promise<{ url: string; memberEmail: string }> {
  const admin = await createVerifiedAdmin(origin, { companyName: "Moved Chat Co" });
  const cookie = await signedInCookie(origin, admin);
  const memberEmail = `robin-${Date.now()}@moved.example`;
  const added = await apiAt(origin, "/api/team-members", {
    cookie,
    body: { firstName: "Robin", lastName: "Mover", email: memberEmail },
  });
  expect(added.status).toBe(201);
  const { member } = (await added.json()) as { member: { id: string } };
  const sent = await apiAt(origin, "/api/check-ins", { cookie, body: { teamMemberId: member.id } });
  expect(sent.status).toBe(201);
  return { url: await emailedCheckInLink(origin, memberEmail), memberEmail };
}

/** The "This wasn't me" link of the newest move email, waiting for it. */
async function notMeLink(memberEmail: string): Promise<string> {
  await expect
    .poll(async () => (await mailbox(origin, memberEmail)).some((e) => e.kind === "check_in_moved"))
    .toBe(true);
  const email = (await mailbox(origin, memberEmail)).find((e) => e.kind === "check_in_moved");
  expect(email?.subject).toBe("Your Moved Chat Co check-in moved to a new device");
  const link = email?.text.match(/This wasn't me: (\S+)/)?.[1];
  if (!link) throw new Error("no 'This wasn't me' link");
  return link;
}

describe("a moved chat", () => {
  test("the new device continues without the earlier messages until the old one approves; 'This wasn't me' closes both", async () => {
    const { url, memberEmail } = await emailedCheckIn();
    const phone = await newPage({ width: 375, height: 812, userAgent: IPHONE });
    const laptop = await newPage({ width: 1440, height: 900 });
    const inbox = await newPage({ width: 375, height: 812 });
    try {
      await phone.page.goto(url);
      await startCheckIn(phone.page);
      await answer(phone.page, SAID_ON_THE_PHONE);

      // The laptop asks for a fresh link and continues there.
      await laptop.page.goto(url);
      await laptop.page.getByRole("button", { name: "Email me a fresh link" }).click();
      await laptop.page.getByText("Sent. Check your email and open the new link on this device.").waitFor();
      await laptop.page.goto(await emailedCheckInLink(origin, memberEmail));
      await laptop.page.getByRole("button", { name: "Continue my check-in here" }).click();
      await laptop.page.getByRole("heading", { name: "Your check-in, Robin" }).waitFor();
      const notice = laptop.page.getByTestId("moved-notice");
      await notice.waitFor();
      expect(await notice.getByRole("heading").textContent()).toBe("Your check-in continues here");
      expect(await laptop.page.content()).not.toContain("nearly quit");
      expect(await laptop.page.locator("li[data-sender]").count()).toBe(0);
      await shot(laptop.page, "move-new-device-1440");
      // It carries on: its own answer gets a reply.
      await answer(laptop.page, "Carrying on from the laptop: the pipeline looks fine.");

      // The phone is asked, by a labelled prompt it can answer with the keyboard.
      const prompt = phone.page.getByTestId("handover-prompt");
      await prompt.waitFor({ timeout: 10_000 });
      expect(await phone.page.getByRole("region", { name: "Your check-in moved to another device" }).count()).toBe(1);
      expect(await phone.page.getByRole("group", { name: /Show it the conversation so far\?/ }).count()).toBe(1);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(phone.page, "move-old-device-prompt-375");
      await tabTo(phone.page, /^Show the conversation there$/);
      expect((await focused(phone.page)).name).toBe("Show the conversation there");
      await phone.page.keyboard.press("Enter");
      await phone.page.getByTestId("handover-answered").waitFor();
      expect(await phone.page.getByRole("list", { name: "Conversation" }).count()).toBe(0);
      await shot(phone.page, "move-old-device-approved-375");

      // The laptop now shows the conversation so far, and the notice is gone.
      await laptop.page.getByText(SAID_ON_THE_PHONE).waitFor({ timeout: 10_000 });
      expect(await notice.count()).toBe(0);
      await laptop.page.getByText("Carrying on from the laptop: the pipeline looks fine.").waitFor();

      // "This wasn't me": opening it asks and changes nothing…
      const notMe = await notMeLink(memberEmail);
      await inbox.page.goto(notMe);
      const close = inbox.page.getByRole("button", { name: "It wasn't me: close my check-in" });
      await close.waitFor();
      await shot(inbox.page, "move-not-me-confirm-375");
      await inbox.page.waitForLoadState("networkidle");
      expect(await laptop.page.getByTestId("moved-notice").count()).toBe(0);
      await laptop.page.getByLabel("Your message").waitFor();
      // …the click closes the chat on both devices.
      await close.click();
      await inbox.page.getByTestId("not-me-done").waitFor();
      expect(await inbox.page.getByTestId("not-me-done").textContent()).toBe("Your check-in is closed");
      await shot(inbox.page, "move-not-me-done-375");
      await laptop.page.getByRole("heading", { name: "This check-in was closed" }).waitFor({ timeout: 10_000 });
      expect(await laptop.page.getByLabel("Your message").count()).toBe(0);
      await shot(laptop.page, "move-closed-new-device-1440");
      // The phone, when its tab is shown again.
      await phone.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await phone.page.getByRole("heading", { name: "This check-in was closed" }).waitFor({ timeout: 10_000 });
      await shot(phone.page, "move-closed-old-device-375");
    } finally {
      await phone.context.close();
      await laptop.context.close();
      await inbox.context.close();
    }
  });

  test("a tampered 'This wasn't me' link says so and closes nothing", async () => {
    const { url, memberEmail } = await emailedCheckIn();
    const phone = await newPage({ width: 375, height: 812, userAgent: IPHONE });
    const laptop = await newPage({ width: 1440, height: 900 });
    try {
      await phone.page.goto(url);
      await startCheckIn(phone.page);
      await laptop.page.goto(url);
      await laptop.page.getByRole("button", { name: "Email me a fresh link" }).click();
      await laptop.page.getByText("Sent. Check your email and open the new link on this device.").waitFor();
      await laptop.page.goto(await emailedCheckInLink(origin, memberEmail));
      await laptop.page.getByRole("button", { name: "Continue my check-in here" }).click();
      await laptop.page.getByTestId("moved-notice").waitFor();
      const link = new URL(await notMeLink(memberEmail));
      link.searchParams.set("notme", "A".repeat(43));
      const forged = await newPage({ width: 1440, height: 900 });
      try {
        await forged.page.goto(link.toString());
        await forged.page.getByRole("heading", { name: "This link can't be used" }).waitFor();
        expect(await forged.page.getByRole("button", { name: /It wasn't me/ }).count()).toBe(0);
        await shot(forged.page, "move-not-me-invalid-1440");
      } finally {
        await forged.context.close();
      }
      await answer(laptop.page, "Still open after the forged link.");
    } finally {
      await phone.context.close();
      await laptop.context.close();
    }
  });
});
