import { parseServerFrame } from "@shared/checkin-protocol";
import { describe, expect, it } from "vitest";
import { chatReducer, initialChat } from "@/routes/check-in/chat-state";

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
