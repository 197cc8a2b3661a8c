import { describe, expect, it } from "vitest";
import { parseClientFrame, parseServerFrame } from "../../worker/shared/checkin-protocol";

const snapshot = {
  type: "snapshot" as const,
  status: "active" as const,
  phase: "opening" as const,
  elapsedMs: 0,
  targetMs: 600_000,
  paused: false,
  fallback: false,
  messages: [{ id: "g", sender: "assistant" as const, content: "Hi Casey, how has your week been?", createdAt: 1 }],
};

describe("the protocol parsers", () => {
  it("accept exactly the known frames and return null for anything else", () => {
    expect(parseClientFrame('{"type":"message","clientId":"abcd-1234","content":"hi"}')).toEqual({
      type: "message",
      clientId: "abcd-1234",
      content: "hi",
    });
    expect(parseClientFrame('{"type":"pause"}')).toEqual({ type: "pause" });
    for (const bad of ["", "{", "null", '{"type":"hack"}', '{"type":"message","clientId":"x","content":"hi"}', 42]) {
      expect(parseClientFrame(bad)).toBeNull();
    }
    expect(parseServerFrame(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(parseServerFrame('{"type":"ack","clientId":"a"}')).toBeNull();
    expect(parseServerFrame('{"type":"error","code":"nope","message":"x"}')).toBeNull();
  });
});
