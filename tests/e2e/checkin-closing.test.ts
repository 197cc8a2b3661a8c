import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserSuite } from "./browser.ts";
import { answer, confirmSummary, conversation, freshCheckInPath, held, startCheckIn } from "./chat.ts";

/**
 * The end of a check-in as the salesperson's page shows it: from the closing message to the
 * summary (the answer box closed, saying why), an answer the object refused once the summary
 * was up (kept on the page, marked not sent), and a reload after submitting (the thank-you).
 * The socket runs through a route that can hold frames, so each in-between state is there for
 * as long as the test looks at it, whatever the machine's speed.
 */
const { newPage, origin } = browserSuite();

/** The default closing statement's first words (the embedded interviewer's, as the seed configures it). */
const CLOSING = "Thank you for sharing so openly today.";
const WRAPPING_UP = "Your check-in is wrapping up, so new answers can't be added.";

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
  "That's all.",
  "Bye.",
];

type Frame = string | Buffer;

/**
 * The check-in socket, through the test: once a server frame carries the closing statement,
 * it and every frame after it wait until `release()`; `summary` frames wait until
 * `releaseSummary()`. `holdAnswers` keeps the page's `message` frames from the object until
 * `sendAnswers()`.
 */
async function routeClosing(page: Page) {
  const closing = held();
  let socket: { page: WebSocketRoute; server: WebSocketRoute } | null = null;
  const state = {
    holding: false,
    summaryOpen: false,
    summarySeen: false,
    answersHeld: false,
    fromServer: [] as Frame[],
    summaries: [] as Frame[],
    answers: [] as Frame[],
  };
  await page.routeWebSocket(/\/api\/check-in\/[^/]+\/ws/, (ws) => {
    const server = ws.connectToServer();
    socket = { page: ws, server };
    ws.onMessage((frame) => {
      if (state.answersHeld && String(frame).includes('"type":"message"')) state.answers.push(frame);
      else server.send(frame);
    });
    server.onMessage((frame) => {
      const text = String(frame);
      // The heartbeat's answer always passes: a page that misses it drops the socket.
      if (text === '{"type":"pong"}') return void ws.send(frame);
      if (!state.holding && text.includes(CLOSING)) {
        state.holding = true;
        closing.release();
      }
      if (text.includes('"type":"summary"')) {
        state.summarySeen = true;
        if (!state.summaryOpen) return void state.summaries.push(frame);
      }
      if (state.holding) state.fromServer.push(frame);
      else ws.send(frame);
    });
  });
  const toPage = (frames: Frame[]) => {
    for (const frame of frames.splice(0)) socket?.page.send(frame);
  };
  return {
    /** The closing statement has reached the route (and is held there). */
    closingArrived: closing.released,
    release() {
      state.holding = false;
      toPage(state.fromServer);
    },
    releaseSummary() {
      state.summaryOpen = true;
      toPage(state.summaries);
    },
    summarySeen: () => state.summarySeen,
    holdAnswers() {
      state.answersHeld = true;
    },
    heldAnswers: () => state.answers.length,
    sendAnswers() {
      state.answersHeld = false;
      for (const frame of state.answers.splice(0)) socket?.server.send(frame);
    },
  };
}

/** Answers until the closing statement reaches the route (where it is held). */
async function answerUntilClosing(page: Page, closingArrived: Promise<void>) {
  let arrived = false;
  void closingArrived.then(() => {
    arrived = true;
  });
  const box = page.getByLabel("Your message");
  const assistant = conversation(page).locator('li[data-sender="assistant"]');
  for (const text of ANSWERS) {
    const before = await assistant.count();
    await box.fill(text);
    await box.press("Enter");
    // The reply to it, finished, or the closing statement held on its way.
    await expect
      .poll(
        async () =>
          arrived ||
          ((await assistant.count()) > before &&
            (await conversation(page).locator("li[data-pending], .animate-pulse").count()) === 0),
        { timeout: 15_000 },
      )
      .toBe(true);
    if (arrived) return;
  }
  throw new Error("the chat never closed");
}

const badge = (page: Page) => page.getByTestId("chat-state");
const toasts = (page: Page) => page.getByTestId("toast");

describe("the end of a check-in", () => {
  test("from the closing message to the summary the answer box is closed and says why; words typed stay in it", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      const route = await routeClosing(page);
      await page.goto(await freshCheckInPath(origin));
      await startCheckIn(page);
      await answerUntilClosing(page, route.closingArrived);
      // Words being typed as the closing statement comes.
      const box = page.getByLabel("Your message");
      await box.fill("One more thought I was about to send");
      route.release();
      await conversation(page).getByText(CLOSING).waitFor();

      // Closed at once, with its reason, while the summary is still on its way.
      await expect.poll(() => box.isDisabled()).toBe(true);
      expect(await box.inputValue()).toBe("One more thought I was about to send");
      await page.getByText(WRAPPING_UP).waitFor();
      expect(await box.getAttribute("aria-describedby")).toBe("checkin-hint");
      expect(await page.locator("#checkin-hint").textContent()).toContain(WRAPPING_UP);
      expect(await badge(page).textContent()).toBe("Wrapping up");
      await page.getByText("Preparing your summary…").waitFor();
      expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
      await page.screenshot({ path: "/tmp/undertone-closing-375.png" });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: "/tmp/undertone-closing-1440.png" });

      // The summary: still closed for answers; the header still true while it takes corrections.
      route.releaseSummary();
      await page.getByRole("region", { name: "What your manager will see" }).waitFor({ timeout: 20_000 });
      expect(await box.isDisabled()).toBe(true);
      expect(await badge(page).textContent()).toBe("Wrapping up");
      await page.screenshot({ path: "/tmp/undertone-summary-1440.png" });
      await confirmSummary(page);
      expect(await badge(page).textContent()).toBe("Closed");
    } finally {
      await context.close();
    }
  });

  test("an answer the object refused once the summary was up stays on the page, marked not sent", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      const route = await routeClosing(page);
      await page.goto(await freshCheckInPath(origin));
      await startCheckIn(page);
      await answerUntilClosing(page, route.closingArrived);
      // Sent just as the chat closed, and delayed on the way until the summary was shown.
      route.holdAnswers();
      const box = page.getByLabel("Your message");
      await box.fill("Sent as it closed");
      await box.press("Enter");
      await expect.poll(() => route.heldAnswers()).toBeGreaterThan(0);
      route.release();
      route.releaseSummary();
      await expect.poll(() => route.summarySeen(), { timeout: 20_000 }).toBe(true);
      route.sendAnswers();

      const mine = conversation(page).locator('li[data-sender="user"]').filter({ hasText: "Sent as it closed" });
      await mine.getByText("Not sent: your check-in was already wrapping up.").waitFor();
      expect(await mine.count()).toBe(1);
      expect(await mine.getByText("Sending…").count()).toBe(0);
      // Said once more, as it happens, in words true while the summary waits (not "has ended").
      await toasts(page).getByText("That answer wasn't sent: your check-in was already wrapping up.").waitFor();
      await mine.scrollIntoViewIfNeeded();
      await page.screenshot({ path: "/tmp/undertone-not-sent-375.png" });
    } finally {
      await context.close();
    }
  });

  test("a reload after submitting shows the thank-you, with no error; another browser gets the spec's not-found", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    const other = await newPage({ width: 375, height: 812 });
    try {
      const path = await freshCheckInPath(origin);
      await page.goto(path);
      await startCheckIn(page);
      for (const text of ANSWERS) {
        if ((await conversation(page).getByText(CLOSING).count()) > 0) break;
        await answer(page, text, 10_000);
      }
      await confirmSummary(page);

      // The reload asks the server nothing: a 404 would be an error in the browser's console.
      const consoleErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text());
      });
      const linkReads: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/check-in/")) linkReads.push(request.url());
      });
      await page.reload();
      await page.getByText("Thanks! Your check-in has been submitted.").waitFor();
      expect(consoleErrors).toEqual([]);
      expect(linkReads).toEqual([]);
      expect(await page.getByText("Check-in not found or already completed").count()).toBe(0);
      expect(await toasts(page).count()).toBe(0);
      // What the submitted page still offers: its own thank-you, and the way home.
      expect(await page.getByRole("link", { name: "Return to Home" }).count()).toBe(1);
      await page.screenshot({ path: "/tmp/undertone-submitted-reload-1440.png" });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: "/tmp/undertone-submitted-reload-375.png" });

      await other.page.goto(path);
      await other.page.getByRole("main").getByText("Check-in not found or already completed").waitFor();
      expect(await other.page.getByText("Thanks! Your check-in has been submitted.").count()).toBe(0);
    } finally {
      await other.context.close();
      await context.close();
    }
  });
});
