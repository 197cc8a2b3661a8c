import { runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHAT_BURST, MAX_SOCKETS_PER_CHAT, MAX_USER_CHARS, MAX_USER_MESSAGES } from "../../worker/checkin/limits";
import { checkInInfoSchema, MAX_FRAME_BYTES, type ServerFrame } from "../../worker/shared/checkin-protocol";
import {
  ChatClient,
  claimChat,
  createCheckIn,
  refilledSince,
  sessionStub,
  type TestCheckIn,
  upgrade,
  wsPath,
} from "./checkin-helpers";

/**
 * One link cannot flood its chat (issue 12, item 7): sockets, messages and characters are
 * capped per chat, the frame rate is per chat (not per socket), and other tabs get the new
 * message as a delta instead of the whole transcript again.
 */

/** The owner's browser: the device cookie from "Start my check-in". */
async function ownerCookie(checkIn: TestCheckIn): Promise<Record<string, string>> {
  const { response, cookie } = await claimChat(checkIn);
  expect(response.status).toBe(200);
  return { Cookie: cookie ?? "" };
}

describe("per-chat caps", () => {
  it(`admits ${MAX_SOCKETS_PER_CHAT} sockets at once and refuses the next with 429`, async () => {
    const checkIn = await createCheckIn();
    const headers = await ownerCookie(checkIn);
    const tabs: ChatClient[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_CHAT; i++) tabs.push(await ChatClient.open(checkIn, headers));
    const extra = await upgrade(wsPath(checkIn), headers);
    expect(extra.status).toBe(429);
    expect(extra.webSocket).toBeNull();
    // A browser hides the 429 from the page: the link tells the owner's tab why.
    const linkInfo = async (withHeaders: Record<string, string>) => {
      const response = await exports.default.fetch(
        new Request(`http://localhost/api/check-in/${checkIn.id}?token=${checkIn.token}`, { headers: withHeaders }),
      );
      expect(response.status).toBe(200);
      return checkInInfoSchema.parse(await response.json());
    };
    expect((await linkInfo(headers)).tabsFull).toBe(true);
    // A closed tab frees its place.
    tabs.pop()?.close();
    await expect.poll(async () => (await linkInfo(headers)).tabsFull, { timeout: 10_000 }).toBeUndefined();
    await expect.poll(async () => (await upgrade(wsPath(checkIn), headers)).status, { timeout: 10_000 }).toBe(101);
    for (const tab of tabs) tab.close();
  });

  it("refuses a message past the chat's message or character cap with chat_full, and stores nothing", async () => {
    for (const cap of ["messages", "chars"] as const) {
      const checkIn = await createCheckIn();
      const chat = await ChatClient.open(checkIn, await ownerCookie(checkIn));
      // The chat is already at its cap (rows as the object stores them).
      await runInDurableObject(sessionStub(checkIn.id), (_instance, state) => {
        const rows = cap === "messages" ? MAX_USER_MESSAGES : 1;
        const content = cap === "messages" ? "ok" : "x".repeat(MAX_USER_CHARS);
        for (let i = 0; i < rows; i++) {
          state.storage.sql.exec(
            "insert into messages (id, client_id, sender, content, created_at) values (?, ?, 'user', ?, ?)",
            crypto.randomUUID(),
            crypto.randomUUID(),
            content,
            Date.now(),
          );
        }
      });
      const clientId = crypto.randomUUID();
      const mark = chat.frames.length;
      chat.send({ type: "message", clientId, content: "One more." });
      const refused = await chat.waitFor<"error">((f) => f.type === "error" && f.clientId === clientId, {
        after: mark,
      });
      expect(refused.code, cap).toBe("chat_full");
      const count = await runInDurableObject(
        sessionStub(checkIn.id),
        (_instance, state) =>
          state.storage.sql
            .exec<{ n: number }>("select count(*) as n from messages where client_id = ?", clientId)
            .one().n,
      );
      expect(count, cap).toBe(0);
      chat.close();
    }
  });
});

describe("the rate is per chat, not per socket", () => {
  it("two tabs together cannot send more than one burst", async () => {
    const checkIn = await createCheckIn();
    const headers = await ownerCookie(checkIn);
    const [a, b] = [await ChatClient.open(checkIn, headers), await ChatClient.open(checkIn, headers)];
    // Each tab stays under one burst; together they are well over it.
    const perTab = Math.ceil(CHAT_BURST * 0.75);
    const started = Date.now();
    for (let i = 0; i < perTab; i++) {
      a.send({ type: "pause" });
      b.send({ type: "pause" });
    }
    const limited = (tab: ChatClient) =>
      tab.frames.filter((f: ServerFrame) => f.type === "error" && f.code === "rate_limited").length;
    // A barrier on each socket: an oversized frame is refused before the rate is counted (it takes
    // no token) and after every frame sent before it, so once both refusals are back the object
    // has answered all the pauses, however slowly a busy machine ran it.
    const oversized = "x".repeat(MAX_FRAME_BYTES + 1);
    for (const tab of [a, b]) tab.send(oversized);
    for (const tab of [a, b])
      await tab.waitFor((f) => f.type === "error" && f.code === "frame_too_large", { timeoutMs: 30_000 });
    // One burst between them, plus at most what the bucket refilled since the first frame went out.
    expect(limited(a) + limited(b) + refilledSince(started)).toBeGreaterThanOrEqual(2 * perTab - CHAT_BURST - 2);
    a.close();
    b.close();
  });
});

describe("other tabs get deltas, not the transcript again", () => {
  it("a message sent in one tab reaches the other as one user.message frame, without a new snapshot", async () => {
    const checkIn = await createCheckIn();
    const headers = await ownerCookie(checkIn);
    const sender = await ChatClient.open(checkIn, headers);
    const other = await ChatClient.open(checkIn, headers);
    await sender.say("First message from the phone tab.");
    const mark = other.frames.length;
    await sender.say("Second message, with the transcript already on the other tab.");
    const delta = await other.waitFor<"user.message">(
      (f) => f.type === "user.message" && f.message.content.startsWith("Second message"),
      { after: mark },
    );
    expect(delta.message.sender).toBe("user");
    await other.waitFor((f) => f.type === "assistant.done", { after: mark });
    expect(other.frames.filter((f) => f.type === "snapshot")).toHaveLength(1);
    // No frame after the first snapshot carries the earlier messages again.
    const later = other.raw.slice(other.raw.findIndex((r) => r.includes('"snapshot"')) + 1).join("\n");
    expect(later.split("First message from the phone tab.").length - 1).toBeLessThanOrEqual(1);
    sender.close();
    other.close();
  });
});
