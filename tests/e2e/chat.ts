import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The salesperson's side of a check-in page, shared by the e2e tests that answer one. */
export const conversation = (page: Page) => page.getByRole("list", { name: "Conversation" });
export const assistantBubbles = (page: Page) => conversation(page).locator('li[data-sender="assistant"]');

/** A fresh pending check-in for the demo salesperson (the dev seed route): its link's path and query. */
export async function freshCheckInPath(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(response.status).toBe(200);
  const url = new URL(((await response.json()) as { checkInUrl: string }).checkInUrl);
  return `${url.pathname}${url.search}`;
}

/**
 * Sends one answer and waits for the whole reply to it: the answer stored (no longer pending),
 * then an assistant turn after it with its streaming cursor gone. Counting bubbles is not
 * enough: the opening question arriving after the Enter would pass for the reply.
 */
export async function answer(page: Page, text: string, timeout = 15_000) {
  const box = page.getByLabel("Your message");
  await box.fill(text);
  await box.press("Enter");
  await expect
    .poll(
      () =>
        conversation(page)
          .locator("li[data-sender]")
          .evaluateAll((items, sent) => {
            const mine = items.findLastIndex(
              (li) =>
                li.getAttribute("data-sender") === "user" &&
                !li.hasAttribute("data-pending") &&
                (li.querySelector("[data-role='content']")?.textContent ?? "") === sent,
            );
            const replies =
              mine < 0 ? [] : items.slice(mine + 1).filter((li) => li.getAttribute("data-sender") === "assistant");
            return replies.length > 0 && replies.every((li) => li.querySelector(".animate-pulse") === null);
          }, text.trim()),
      { timeout, message: `no finished reply to "${text.slice(0, 60)}"` },
    )
    .toBe(true);
}

/** A request held until the test releases it (a slow link, made deterministic). */
export function held(): { released: Promise<void>; release: () => void } {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

/** The claim ("Start my check-in") answers only when the test calls the returned release. */
export async function holdClaim(page: Page): Promise<() => void> {
  const claim = held();
  await page.route(/\/api\/check-in\/[^/]+\/claim/, async (route) => {
    await claim.released;
    await route.continue();
  });
  return claim.release;
}

/** "Start my check-in": opening the link claims nothing; this click makes the chat this browser's. */
export async function startCheckIn(page: Page) {
  await page.getByRole("button", { name: "Start my check-in" }).click();
  await page.getByLabel("Your message").waitFor();
}

/** The closing summary (issue 24 §7): confirmed as shown; then the chat says it is submitted. */
export async function confirmSummary(page: Page, timeout = 20_000) {
  try {
    await page.getByRole("button", { name: "Confirm and submit" }).click({ timeout });
  } catch (error) {
    // What the chat showed instead: the turns so far and the last replies, to tell a chat that
    // never closed from a summary that never came.
    const turns = await conversation(page)
      .locator("li[data-sender]")
      .evaluateAll((items) =>
        items.map((li) => `${li.getAttribute("data-sender")}: ${(li.textContent ?? "").slice(0, 160)}`),
      );
    await page.screenshot({ path: `tests/.artifacts/summary-missing-${Date.now()}.png`, fullPage: true });
    throw new Error(`No "Confirm and submit" after ${turns.length} turns:\n${turns.join("\n")}`, {
      cause: error,
    });
  }
  await page.getByText("Thanks! Your check-in has been submitted.").waitFor({ timeout });
}
