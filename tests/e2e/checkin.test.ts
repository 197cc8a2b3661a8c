import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserSuite } from "./browser.ts";
import {
  answer as answerAndWait,
  assistantBubbles,
  confirmSummary,
  conversation,
  freshCheckInPath,
  held,
  holdClaim,
  startCheckIn,
} from "./chat.ts";

const { newPage, origin } = browserSuite();

const userBubbles = (page: Page) => conversation(page).locator('li[data-sender="user"] [data-role="content"]');
const answer = (page: Page, text: string) => answerAndWait(page, text, 10_000);

/**
 * "Start my check-in" pressed with the claim held open while `typeAhead` types (no answer box
 * yet); then the claim is let through: the answer box, once it is there.
 */
async function startTypingAhead(page: Page, typeAhead: () => Promise<void>) {
  const release = await holdClaim(page);
  await page.goto(await freshCheckInPath(origin));
  await page.getByRole("button", { name: "Start my check-in" }).click();
  await typeAhead();
  expect(await page.getByLabel("Your message").count()).toBe(0);
  release();
  const box = page.getByLabel("Your message");
  await box.waitFor();
  return box;
}

const ANSWERS = [
  "Honestly a rough week, I'm tired and behind on quota.",
  "Discount approvals are slow and deals stall while I wait.",
  "I'm working most evenings at the moment.",
  "My team is great and really supportive.",
  "I'm not confident about hitting my number.",
  "I closed a renewal last week, which felt good.",
  "Logging calls in the CRM takes ages.",
  "Some negotiation coaching would help.",
  "My manager is supportive but busy.",
  "Handoffs to customer success are fine.",
  "Nothing else, thanks.",
];

describe("the check-in page", () => {
  test("a full check-in: note, Enter and Shift+Enter, streamed replies, timer, closing, submitted, reach-out", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await page.goto(await freshCheckInPath(origin));
      await startCheckIn(page);
      await page.getByRole("heading", { name: "Your check-in, Maya" }).waitFor();
      // Before the first message: what the manager sees and never sees.
      const note = page.getByRole("complementary", { name: "What your manager sees" });
      await note.waitFor();
      expect(await note.textContent()).toMatch(/scores.*themes.*alerts.*never see this conversation/s);
      expect(await page.getByTestId("timer-text").textContent()).toBe("Just getting started");
      expect(await assistantBubbles(page).first().textContent()).toContain("Maya");

      // Shift+Enter is a new line, Enter sends.
      const box = page.getByLabel("Your message");
      await box.click();
      await page.keyboard.type("Busy week.");
      await page.keyboard.press("Shift+Enter");
      await page.keyboard.type("Mostly good though.");
      expect(await userBubbles(page).count()).toBe(0);
      // Both lines are in sight: the box grew rather than scrolling the first one away.
      expect(await box.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(() => assistantBubbles(page).count()).toBe(2);
      expect(await userBubbles(page).first().textContent()).toContain("Busy week.\nMostly good though.");
      expect(await box.inputValue()).toBe("");
      await expect.poll(() => note.count()).toBe(0);
      await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);

      // Pause and resume.
      await page.getByRole("button", { name: "Pause" }).click();
      await page.getByTestId("timer-paused").waitFor();
      expect(await page.getByTestId("timer-text").textContent()).toBe("Just getting started");
      await page.getByRole("button", { name: "Resume" }).click();
      await expect.poll(() => page.getByTestId("timer-paused").count()).toBe(0);

      for (const text of ANSWERS) await answer(page, text);
      // The 12th question was answered: the closing statement, then 'submitted' 4 s later.
      await confirmSummary(page, 15_000);
      expect(await page.getByRole("main").getByText("Thank you for sharing so openly today.").isVisible()).toBe(true);
      expect(await userBubbles(page).count()).toBe(12);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      const reachOut = page.getByLabel("I'd like my manager to reach out");
      await reachOut.check();
      await page.getByText("Your manager will be asked to get in touch.").waitFor();

      // The link is spent; the browser that submitted it is thanked again, not told "not found"
      // (another browser's not-found: checkin-closing.test.ts).
      await page.reload();
      await page.getByText("Thanks! Your check-in has been submitted.").waitFor();
      await page.getByRole("link", { name: "Return to Home" }).click();
      await page.waitForURL(`${origin}/`);
    } finally {
      await context.close();
    }
  });

  test("the network cut and restored mid-conversation loses nothing and duplicates nothing", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await page.goto(await freshCheckInPath(origin));
      await startCheckIn(page);
      await expect.poll(() => page.getByText("Live").isVisible()).toBe(true);
      await answer(page, "First answer before the cut.");

      await context.setOffline(true);
      await page.getByText(/You're offline/).waitFor();
      const box = page.getByLabel("Your message");
      await box.fill("Written while offline.");
      await box.press("Enter");
      // Kept on the device, shown honestly as waiting.
      await page.getByText("Waiting for connection").waitFor();
      expect(await userBubbles(page).count()).toBe(2);
      // A message waiting to be sent does not block writing (and sending) the next one.
      await box.fill("A second thought, not sent.");
      expect(await box.isEnabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Send", exact: true }).isEnabled()).toBe(true);
      await box.fill("");

      await context.setOffline(false);
      await expect.poll(() => page.getByText("Waiting for connection").count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => assistantBubbles(page).count(), { timeout: 10_000 }).toBe(3);
      expect(await page.getByText(/You're offline/).count()).toBe(0);
      await answer(page, "And one after it came back.");

      const texts = await userBubbles(page).allInnerTexts();
      expect(texts).toEqual(["First answer before the cut.", "Written while offline.", "And one after it came back."]);

      // The server's copy (a reload shows the snapshot) holds each message exactly once.
      await page.reload();
      await page.getByRole("list", { name: "Conversation" }).waitFor();
      await expect.poll(() => userBubbles(page).allInnerTexts()).toEqual(texts);
      expect(await assistantBubbles(page).count()).toBe(4);
    } finally {
      await context.close();
    }
  });

  test("an answer sent while the chat still connects waits, then goes out once it connects", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      // The check-in's socket reaches the object only when the test lets it: a slow link, held open.
      const link = held();
      await page.routeWebSocket(/\/api\/check-in\/[^/]+\/ws/, async (socket) => {
        await link.released;
        socket.connectToServer();
      });
      await page.goto(await freshCheckInPath(origin));
      await startCheckIn(page);
      await page.getByText("Connecting to your check-in…").waitFor();
      const box = page.getByLabel("Your message");
      await box.fill("Sent before it connected.");
      await box.press("Enter");
      // Kept and shown as waiting, the box free for the next words (Enter was once a no-op here).
      await page.getByText("Waiting for connection").waitFor();
      expect(await box.inputValue()).toBe("");
      expect(await assistantBubbles(page).count()).toBe(0);

      link.release();
      await expect.poll(() => page.locator("li[data-pending]").count(), { timeout: 10_000 }).toBe(0);
      expect(await userBubbles(page).allInnerTexts()).toEqual(["Sent before it connected."]);
      // After the greeting, the reply to it.
      await expect.poll(() => assistantBubbles(page).count(), { timeout: 10_000 }).toBe(2);
    } finally {
      await context.close();
    }
  });

  test("words typed after 'Start my check-in', before the answer box is there, are in the box when it comes", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      const box = await startTypingAhead(page, async () => {
        await page.keyboard.type("Quick typer, a typi");
        await page.keyboard.press("Backspace");
        await page.keyboard.type("o here.");
      });
      expect(await box.inputValue()).toBe("Quick typer, a typo here.");
      // The caret is after them: the next key carries on.
      await page.keyboard.type(" Done");
      expect(await box.inputValue()).toBe("Quick typer, a typo here. Done");
    } finally {
      await context.close();
    }
  });

  test("an answer typed and sent with Enter before the answer box is there goes out once, the box empty", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      const box = await startTypingAhead(page, async () => {
        await page.keyboard.type("Sent before the box was there.");
        await page.keyboard.press("Enter");
      });
      await expect.poll(() => userBubbles(page).allInnerTexts()).toEqual(["Sent before the box was there."]);
      expect(await box.inputValue()).toBe("");
      await expect.poll(() => page.locator("li[data-pending]").count(), { timeout: 10_000 }).toBe(0);
      // After the greeting, the reply to it.
      await expect.poll(() => assistantBubbles(page).count(), { timeout: 10_000 }).toBe(2);

      // The server's copy (a reload shows the snapshot) holds it exactly once.
      await page.reload();
      await page.getByRole("list", { name: "Conversation" }).waitFor();
      await expect.poll(() => assistantBubbles(page).count()).toBe(2);
      expect(await userBubbles(page).allInnerTexts()).toEqual(["Sent before the box was there."]);
    } finally {
      await context.close();
    }
  });

  test("a tab past the chat's tabs is told so, and joins the chat once another tab is closed", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      const path = await freshCheckInPath(origin);
      await page.goto(path);
      await startCheckIn(page);
      const tabs = [page];
      // The same browser's other tabs open the chat too, up to what a chat takes (4).
      for (let i = 1; i < 4; i++) {
        const tab = await context.newPage();
        await tab.goto(path);
        await tab.getByLabel("Your message").waitFor();
        await conversation(tab).locator('li[data-sender="assistant"]').first().waitFor();
        tabs.push(tab);
      }
      const extra = await context.newPage();
      await extra.goto(path);
      await extra
        .getByRole("alert")
        .getByText("This check-in is open in too many tabs. Close one and try again.", { exact: true })
        .waitFor({ timeout: 15_000 });
      expect(await extra.getByText("Connecting to your check-in…").count()).toBe(0);
      // One tab closed: the extra one connects on its next retry, and the notice goes.
      await tabs[1]?.close();
      await conversation(extra).locator('li[data-sender="assistant"]').first().waitFor({ timeout: 20_000 });
      await extra.getByText("This check-in is open in too many tabs. Close one and try again.").waitFor({
        state: "detached",
      });
    } finally {
      await context.close();
    }
  });

  test("a wrong link shows the error with Return to Home", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await page.goto("/check-in/not-a-real-check-in?token=nope");
      await page.getByRole("main").getByText("Check-in not found or already completed", { exact: true }).waitFor();
      expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
      await page.goto("/check-in/abc");
      await page.getByRole("main").getByText("Missing check-in ID or token", { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
