import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatOpener, createCheckIn, d1Count, sessionStub, travel } from "./checkin-helpers";

/**
 * Issue 26 §6, what lies between the salesperson's confirmation and `completed`:
 * - the reader's judgement is read while the closing statement is shown (the 4 s before the
 *   summary are idle), so the summary alarm only reconciles it with the LLM's. An answer sent in
 *   those 4 s is still part of what the summary shows and the completion stores: the read-ahead
 *   is then stale and read again;
 * - `completed` leaves once the batch is in D1, not after the alert notices are queued.
 */
const open = chatOpener();

const STRAIN = [
  "Honestly it's been a rough week, I'm exhausted and behind on everything.",
  "I'm working most evenings and the pressure is pretty constant, I barely sleep.",
];

/** Whether the object holds a read-ahead judgement right now (summary.ts's private field). */
async function hasReadAhead(checkInId: string) {
  return runInDurableObject(sessionStub(checkInId), (instance) => {
    const { summary } = instance as unknown as { summary: { ahead?: unknown } };
    return summary.ahead !== undefined;
  });
}

/** Answers calmly, lets time run out, waits for the closing statement and the read-ahead. */
async function closeCalmChat() {
  const checkIn = await createCheckIn();
  const chat = await open(checkIn);
  await chat.say("Busy but fine, the week went well and the team is good.");
  const mark = chat.frames.length;
  await travel(checkIn.id, 10 * 60_000);
  await chat.waitFor((f) => f.type === "assistant.done", { after: mark });
  const deadline = Date.now() + 5000;
  while (!(await hasReadAhead(checkIn.id))) {
    if (Date.now() > deadline) throw new Error("the reader's judgement was not read ahead");
    await new Promise((r) => setTimeout(r, 20));
  }
  return { checkIn, chat };
}

async function summaryAndScores(chat: Awaited<ReturnType<typeof closeCalmChat>>["chat"], checkInId: string) {
  await travel(checkInId, 4000);
  const { summary } = await chat.waitFor<"summary">((f) => f.type === "summary");
  await chat.confirmSummary();
  const row = await env.DB.prepare("select stress from sentiment_scores where check_in_id = ?")
    .bind(checkInId)
    .first<{ stress: number }>();
  return { stress: summary.readings.find((r) => r.dimension === "stress")?.read, stored: row?.stress };
}

describe("the closing summary's read-ahead", () => {
  it("is used when nothing was said after it, and read again when an answer came during the closing statement", async () => {
    const calm = await closeCalmChat();
    const asRead = await summaryAndScores(calm.chat, calm.checkIn.id);
    expect(asRead.stress).not.toBe("high");

    const late = await closeCalmChat();
    // The summary is not shown yet: the conversation still takes answers (and acks them).
    for (const answer of STRAIN) await late.chat.say(answer, { reply: false });
    const withLate = await summaryAndScores(late.chat, late.checkIn.id);
    expect(withLate.stress).toBe("high");
    expect(withLate.stored).toBeGreaterThan(asRead.stored ?? 100);
  });
});

describe("the completed frame", () => {
  it("leaves once the batch is in D1, without waiting for the notifications queue", async () => {
    const { checkIn, chat } = await closeCalmChat();
    await travel(checkIn.id, 4000);
    await chat.waitFor((f) => f.type === "summary");
    // The queue never answers (outbox.ts's afterCompletion): the salesperson is told all the same.
    let queued = false;
    await runInDurableObject(sessionStub(checkIn.id), (instance) => {
      const { outbox } = instance as unknown as { outbox: { afterCompletion: () => Promise<void> } };
      outbox.afterCompletion = () => {
        queued = true;
        return new Promise<void>(() => undefined);
      };
    });
    await chat.confirmSummary();
    expect(queued).toBe(true);
    expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(1);
    expect(await d1Count("sentiment_scores", "check_in_id = ?", checkIn.id)).toBe(1);
  });
});
