import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { type Connector, type KillKind, ResilientChat, UpgradeRefused } from "../fixtures/resilience/chat";
import { diffConversation, summarizeDiffs } from "../fixtures/resilience/verify";
import {
  createCheckIn,
  d1Count,
  objectMessages,
  objectTables,
  sessionStub,
  type TestCheckIn,
  travel,
  upgrade,
  wsPath,
} from "./checkin-helpers";

/**
 * The resilience run of `npm run bench` (tests/bench/resilience.ts), shorter, inside workerd
 * with the OpenAI-compatible provider streaming from the stand-in (so there is a reply to
 * cut): concurrent check-ins whose sockets are dropped right after a message is sent and
 * while a reply streams; every object evicted once mid-conversation (it must resume from its
 * own storage); D1 failing when the check-ins complete (the batch must be retried until it
 * lands); the alarm run again afterwards (nothing may be written twice). Then each client's
 * sent messages are diffed against the transcript the object keeps: nothing lost, nothing twice, in order.
 *
 * The client is the benchmark's (tests/fixtures/resilience/chat.ts): it behaves like the
 * check-in page (outbox, reconnect, resend with the same clientId). Reconnects wait a few
 * milliseconds here instead of the page's half second, to keep the suite short.
 */
const CHECK_INS = 6;
const MESSAGES = 12; // the 12th question closes a check-in
const KILLS_PER_CHECK_IN = 9;

const workerdConnector =
  (checkIn: { id: string; token: string }): Connector =>
  async (events) => {
    const response = await upgrade(wsPath(checkIn));
    const ws = response.webSocket;
    if (response.status !== 101 || !ws) throw new UpgradeRefused(response.status);
    ws.addEventListener("message", (event) => events.frame(typeof event.data === "string" ? event.data : ""));
    ws.addEventListener("close", () => events.closed());
    ws.accept();
    return {
      send: (frame) => ws.send(frame),
      kill: () => {
        try {
          ws.close(4000, "connection dropped");
        } catch {
          // already closed
        }
      },
    };
  };

const chats: ResilientChat[] = [];
afterAll(() => {
  for (const chat of chats) chat.stop();
});

/** Resolves when `count` callers have arrived: the chats wait for each other before the outage. */
function barrier(count: number) {
  let arrived = 0;
  let release: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    arrived++;
    if (arrived === count) release();
    return all;
  };
}

describe("resilience: dropped sockets, evicted objects and D1 down at completion lose nothing", () => {
  it("keeps every message exactly once and in order", { timeout: 90_000 }, async () => {
    const checkIns: TestCheckIn[] = [];
    for (let i = 0; i < CHECK_INS; i++)
      checkIns.push(await createCheckIn({ durationMinutes: 60, firstName: `Res${i}` }));
    const beforeOutage = barrier(CHECK_INS);
    // D1 goes down once every chat has sent all but its closing message.
    let outage: Promise<void> | null = null;
    const installOutage = async () => {
      await env.DB.exec(
        "CREATE TRIGGER IF NOT EXISTS resilience_outage BEFORE INSERT ON sentiment_scores BEGIN SELECT RAISE(ABORT, 'simulated D1 outage'); END;",
      );
    };

    const runs = checkIns.map(async (checkIn, index) => {
      const chat = new ResilientChat({
        connect: workerdConnector(checkIn),
        now: () => Date.now(),
        reconnectDelayMs: (attempt) => 5 + 10 * Math.min(attempt, 5),
        closingStatement: DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement,
        stepTimeoutMs: 20_000,
        midReplySpreadMs: 20,
      });
      chats.push(chat);
      await chat.start();
      let killsLeft = KILLS_PER_CHECK_IN;
      let next: KillKind = index % 2 === 0 ? "mid-message" : "mid-reply";
      for (let k = 1; k < MESSAGES; k++) {
        const messagesLeft = MESSAGES - k;
        const kills: KillKind[] =
          killsLeft <= 0 ? [] : killsLeft > messagesLeft ? ["mid-message", "mid-reply"] : [next];
        const before = chat.stats.midMessageKills + chat.stats.midReplyKills;
        expect(
          await chat.say(`Check-in ${index}, answer ${k}: steady pipeline, slow approvals, good team.`, kills),
        ).toBe("reply");
        const done = chat.stats.midMessageKills + chat.stats.midReplyKills - before;
        killsLeft -= done;
        if (done > 0) next = next === "mid-message" ? "mid-reply" : "mid-message";
        // Half-way, the object is evicted: memory gone, sockets closed; it must resume from storage.
        if (k === 6) await evictDurableObject(sessionStub(checkIn.id), { webSockets: "close" });
      }
      await beforeOutage();
      outage ??= installOutage();
      await outage;
      expect(await chat.say(`Check-in ${index}, last answer: nothing else, thanks.`)).toBe("closing");
      return chat;
    });
    const finished = await Promise.all(runs);

    try {
      // Completion is due 4 s after the closing statement: D1 refuses the batch, the object keeps it.
      for (const checkIn of checkIns) await travel(checkIn.id, 4000);
      for (const chat of finished) await chat.completion(10_000);
      for (const checkIn of checkIns) {
        expect(await d1Count("check_ins", "id = ? and status = 'pending'", checkIn.id)).toBe(1);
        expect(await d1Count("check_in_messages", "check_in_id = ?", checkIn.id)).toBe(0);
        expect((await objectTables(checkIn.id)).pending).toEqual([expect.objectContaining({ kind: "completion" })]);
      }
    } finally {
      await env.DB.exec("DROP TRIGGER IF EXISTS resilience_outage;");
    }
    // D1 is back: the 5 s retry lands every batch, and a second alarm run writes nothing twice.
    for (const checkIn of checkIns) await travel(checkIn.id, 5000);
    for (const checkIn of checkIns) await runDurableObjectAlarm(sessionStub(checkIn.id));

    const diffs = [];
    for (const [index, checkIn] of checkIns.entries()) {
      // The transcript stays in the object (its only copy); D1 has none of it.
      const rows = (await objectMessages(checkIn.id)).filter((m) => m.sender === "user");
      expect(await d1Count("check_in_messages", "check_in_id = ?", checkIn.id)).toBe(0);
      diffs.push(
        diffConversation(
          (finished[index]?.sent ?? []).map((m) => m.content),
          rows,
        ),
      );
      expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(1);
      expect(await d1Count("sentiment_scores", "check_in_id = ?", checkIn.id)).toBe(1);
      expect(await d1Count("real_time_sentiment", "check_in_id = ?", checkIn.id)).toBe(0);
      expect((await objectTables(checkIn.id)).pending).toEqual([]);
    }
    const verdict = summarizeDiffs(diffs);
    const stats = finished.map((chat) => chat.stats);
    const kills = stats.reduce((n, s) => n + s.midMessageKills + s.midReplyKills, 0);
    const total = (pick: (s: (typeof stats)[number]) => number) => stats.reduce((n, s) => n + pick(s), 0);
    console.info(
      `resilience: ${kills} forced disconnects (${total((s) => s.midMessageKills)} mid-message: ` +
        `${total((s) => s.lostInTransit)} lost in transit, ${total((s) => s.storedBeforeKill)} stored with the ack lost; ` +
        `${total((s) => s.midReplyKills)} mid-reply), ${CHECK_INS} evictions, ${total((s) => s.resent)} resends, ` +
        `${finished.reduce((n, chat) => n + chat.sent.length, 0)} messages: ${JSON.stringify(verdict)}`,
    );
    // Both ways a message can be caught by a drop happened, and resends of stored messages were deduplicated.
    expect(total((s) => s.lostInTransit)).toBeGreaterThan(0);
    expect(total((s) => s.storedBeforeKill)).toBeGreaterThan(0);
    expect(total((s) => s.resent)).toBeGreaterThan(total((s) => s.lostInTransit));
    expect(verdict).toEqual({ lost: 0, duplicated: 0, unexpected: 0, orderBroken: 0 });
    expect(finished.every((chat) => chat.sent.length === MESSAGES)).toBe(true);
    expect(kills).toBeGreaterThanOrEqual(CHECK_INS * KILLS_PER_CHECK_IN - 6);
    expect(stats.reduce((n, s) => n + s.midReplyKills, 0)).toBeGreaterThanOrEqual(CHECK_INS * 3);
  });
});
