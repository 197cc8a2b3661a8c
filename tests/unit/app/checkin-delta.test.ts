import { parseServerFrame } from "@shared/checkin-protocol";
import { describe, expect, it } from "vitest";
import { chatReducer, initialChat, lastFinishedReply, visibleMessages } from "@/routes/check-in/chat-state";

/** The page's side of the user.message delta (README → Chat ownership). */
describe("user.message, the delta another tab receives", () => {
  it("parses, is added once, and lands before a reply still streaming", () => {
    const frame = parseServerFrame(
      JSON.stringify({
        type: "user.message",
        message: { id: "m2", sender: "user", content: "From the other tab", createdAt: 2, clientId: "client-0002" },
      }),
    );
    if (frame?.type !== "user.message") throw new Error("user.message did not parse");
    const streaming = {
      ...initialChat,
      messages: [{ id: "r1", sender: "assistant" as const, content: "Thinking", createdAt: 1, streaming: true }],
    };
    const once = chatReducer(streaming, { kind: "frame", frame, now: 3 });
    expect(once.messages.map((m) => m.id)).toEqual(["m2", "r1"]);
    expect(chatReducer(once, { kind: "frame", frame, now: 4 })).toBe(once);
  });
});

/** Issue 16 §3: the live region holds the newest finished reply, so it changes once per reply. */
describe("lastFinishedReply, what the screen reader hears", () => {
  it("is the newest assistant message once done, and stays put while the next one streams", () => {
    const greeting = { id: "a1", sender: "assistant" as const, content: "Hi Maya, how was your week?", createdAt: 1 };
    const answer = { id: "u1", sender: "user" as const, content: "Busy.", createdAt: 2 };
    let state = { ...initialChat, messages: [greeting, answer] };
    expect(lastFinishedReply(state.messages)?.id).toBe("a1");
    for (const delta of ["Busy ", "how?"]) {
      state = chatReducer(state, { kind: "frame", frame: { type: "assistant.delta", messageId: "a2", delta }, now: 3 });
      expect(lastFinishedReply(state.messages)?.id).toBe("a1");
    }
    state = chatReducer(state, {
      kind: "frame",
      frame: { type: "assistant.done", messageId: "a2", content: "Busy how?" },
      now: 4,
    });
    expect(lastFinishedReply(state.messages)).toMatchObject({ id: "a2", content: "Busy how?" });
    expect(lastFinishedReply([answer])).toBeNull();
  });
});

/** An answer the object refused for good leaves the outbox but not the page (README → The check-in). */
describe("a refused answer", () => {
  it("stays in view once, after the pending ones, marked not sent with why", () => {
    const entry = { clientId: "client-0009", content: "Sent as it closed", createdAt: 5 };
    const refused = { kind: "refused" as const, entry, code: "check_in_closed" as const };
    const once = chatReducer({ ...initialChat, outbox: [] }, refused);
    expect(chatReducer(once, refused)).toBe(once);
    expect(visibleMessages(once)).toEqual([
      {
        id: "refused-client-0009",
        sender: "user",
        content: "Sent as it closed",
        createdAt: 5,
        clientId: "client-0009",
        notSent: "Not sent: your check-in was already wrapping up.",
      },
    ]);
  });
});
