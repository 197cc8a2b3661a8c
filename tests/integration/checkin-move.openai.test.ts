import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ChatClient, createCheckIn, sessionStub, type TestCheckIn } from "./checkin-helpers";
import { Browser, IPHONE, moveTo, WINDOWS } from "./checkin-move-helpers";

/**
 * Issue 22 item 3, a reply under way at the move (the OpenAI-compatible stand-in streams
 * "[[slow]]" replies slowly): it answers what the new device does not see, so the new device
 * gets none of it — not in its snapshot mid-reply, not as deltas, not once it is stored —
 * until the old device approves.
 */
const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

const storedReplies = (checkIn: TestCheckIn) =>
  runInDurableObject(sessionStub(checkIn.id), (_instance, state) =>
    state.storage.sql
      .exec<{ id: string; content: string }>("select id, content from messages where sender = 'assistant' order by seq")
      .toArray(),
  );

describe("a reply under way when the chat moves", () => {
  it("is not streamed to the new device, nor in its snapshot, nor once stored; approval shows it", async () => {
    const checkIn = await createCheckIn();
    const phone = new Browser(IPHONE);
    await phone.start(checkIn);
    const old = await phone.chat(checkIn);
    clients.push(old);
    const mark = old.frames.length;
    old.send({ type: "message", clientId: "before-the-move", content: "My biggest deal just slipped. [[slow]]" });
    const delta = await old.waitFor<"assistant.delta">((f) => f.type === "assistant.delta", { after: mark });

    const laptop = new Browser(WINDOWS);
    await moveTo(checkIn, laptop);
    // Mid-reply: the snapshot has nothing of it.
    const mid = await laptop.chat(checkIn);
    clients.push(mid);
    expect(mid.latestSnapshot()?.messages).toEqual([]);
    expect(mid.latestSnapshot()?.earlierHidden).toBeDefined();

    // The reply finishes and is stored (the interviewer keeps its context)…
    await vi.waitFor(async () => expect((await storedReplies(checkIn)).map((r) => r.id)).toContain(delta.messageId), {
      timeout: 15_000,
    });
    // …but none of its frames reached the new device, and a reconnect does not show it.
    expect(mid.frames.some((f) => "messageId" in f && f.messageId === delta.messageId)).toBe(false);
    const again = await laptop.chat(checkIn);
    clients.push(again);
    expect(again.latestSnapshot()?.messages).toEqual([]);
    expect(again.raw.join("\n")).not.toContain("slipped");

    // The new device's own message gets its own reply, which it sees.
    const { done } = await again.say("Let's talk about the team instead.");
    expect(again.latestSnapshot()?.messages).toEqual([]);
    expect(done?.messageId).not.toBe(delta.messageId);

    // Approved: the earlier message and the reply to it are shown.
    expect((await phone.handover(checkIn, true)).status).toBe(200);
    const shown = await again.waitFor<"snapshot">((f) => f.type === "snapshot" && f.earlierHidden === undefined);
    expect(shown.messages.map((m) => m.id)).toContain(delta.messageId);
    expect(shown.messages.some((m) => m.clientId === "before-the-move")).toBe(true);
  });
});
