import WebSocket from "ws";
import { reconnectDelayMs } from "../../worker/shared/checkin-timer.ts";
import { type Connector, type KillKind, ResilientChat, UpgradeRefused } from "../fixtures/resilience/chat.ts";
import {
  type ConversationDiff,
  diffConversation,
  type RunVerdict,
  summarizeDiffs,
} from "../fixtures/resilience/verify.ts";
import { BENCH_SHARD, type BenchCheckIn, queryD1, wsUrlFor } from "./check-ins.ts";
import { objectTranscripts } from "./object-transcripts.ts";
import { BenchSocket, clock, sleep } from "./ws-client.ts";

/**
 * The resilience run: concurrent check-ins whose connections are killed over and over —
 * right after a message is sent (before its ack) and while a reply streams — plus one
 * restart of the whole app (wrangler and workerd stopped and started again on the same
 * state) half-way through. Clients behave like the page: outbox, reconnect with the page's
 * backoff, resend unacknowledged messages with the same clientId. Then every check-in is
 * driven to completion, and `verify` diffs what each client sent against D1.
 */
export type ResilienceRun = {
  chats: { checkIn: BenchCheckIn; chat: ResilientChat; closingCreatedAt: number | null }[];
  restartMs: number | null;
  /** From the moment the app was stopped until it answered again (epoch ms). */
  restartWindow: { from: number; to: number } | null;
  failures: string[];
  durationMs: number;
};

export const wsConnector =
  (url: string): Connector =>
  (events) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      let opened = false;
      ws.on("message", (data, isBinary) => {
        if (!isBinary) events.frame(data.toString());
      });
      ws.on("close", () => {
        if (opened) events.closed();
      });
      ws.once("unexpected-response", (_request, response) => {
        ws.terminate();
        reject(new UpgradeRefused(response.statusCode ?? 0));
      });
      ws.on("error", (error) => {
        if (!opened) reject(error);
      });
      ws.once("open", () => {
        opened = true;
        resolve({ send: (frame) => ws.send(frame), kill: () => ws.terminate() });
      });
    });

export async function runResilience(options: {
  origin: string;
  checkIns: BenchCheckIn[];
  killsPerCheckIn: number;
  /** The 12th question closes a check-in: 12 messages drive it to its closing statement. */
  messagesPerCheckIn: number;
  closingStatement: string;
  /** Restarts the app once this many messages have been acknowledged in total. */
  restartAfterAcked: number;
  restart: () => Promise<void>;
}): Promise<ResilienceRun> {
  const started = clock();
  const failures: string[] = [];
  let restartMs: number | null = null;
  let restartWindow: { from: number; to: number } | null = null;
  let restarting: Promise<void> | null = null;
  let acked = 0;

  const chats = options.checkIns.map((checkIn) => ({
    checkIn,
    closingCreatedAt: null as number | null,
    chat: new ResilientChat({
      connect: wsConnector(wsUrlFor(options.origin, checkIn)),
      now: clock,
      reconnectDelayMs,
      closingStatement: options.closingStatement,
      stepTimeoutMs: 45_000,
      midReplySpreadMs: 300,
    }),
  }));

  await Promise.all(
    chats.map(async (entry, index) => {
      const { checkIn, chat } = entry;
      try {
        // Spread the starts so the kills do not all land in the same instant.
        await sleep((index * 1000) / chats.length);
        await chat.start();
        let killsLeft = options.killsPerCheckIn;
        let next: KillKind = index % 2 === 0 ? "mid-message" : "mid-reply";
        for (let k = 1; k <= options.messagesPerCheckIn + 4; k++) {
          const content = `Resilience ${index}.${k}: pipeline is fine, a discount approval is slow and the team is helpful.`;
          // The message that closes the check-in is never killed. Kills alternate between the two
          // kinds; one that found nothing to kill (the reply was already over, the app was restarting)
          // is owed, and a message takes both kinds when the owed kills outnumber the messages left.
          const messagesLeft = options.messagesPerCheckIn - k;
          const kills: KillKind[] =
            messagesLeft <= 0 || killsLeft <= 0 ? [] : killsLeft > messagesLeft ? ["mid-message", "mid-reply"] : [next];
          const before = chat.stats.midMessageKills + chat.stats.midReplyKills;
          const outcome = await chat.say(content, kills);
          const done = chat.stats.midMessageKills + chat.stats.midReplyKills - before;
          killsLeft -= done;
          if (done > 0) next = next === "mid-message" ? "mid-reply" : "mid-message";
          acked++;
          if (!restarting && acked >= options.restartAfterAcked) {
            const at = clock();
            restarting = options.restart().then(() => {
              restartMs = clock() - at;
              restartWindow = { from: at, to: clock() };
            });
          }
          if (outcome === "closing") {
            // When the object sent the closing statement (its own clock): completion is due 4 s later.
            entry.closingCreatedAt = await closingTime(wsUrlFor(options.origin, checkIn), options.closingStatement);
          }
          if (outcome !== "reply") break;
        }
        await chat.completion(45_000);
        if (chat.status !== "completed" && chat.status !== "gone") failures.push(`${checkIn.id}: ended ${chat.status}`);
      } catch (error) {
        failures.push(`${checkIn.id}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        chat.stop();
      }
    }),
  );
  await restarting;
  return { chats, restartMs, restartWindow, failures, durationMs: clock() - started };
}

/** The closing statement's createdAt, read from a snapshot on a second socket (a second tab). */
async function closingTime(url: string, closingStatement: string): Promise<number | null> {
  try {
    const socket = await BenchSocket.open(url);
    const snapshot = socket.received[0]?.frame;
    socket.close();
    const messages = Array.isArray(snapshot?.messages)
      ? (snapshot.messages as { content?: unknown; createdAt?: unknown }[])
      : [];
    const closing = messages.find((m) => m.content === closingStatement);
    return typeof closing?.createdAt === "number" ? closing.createdAt : null;
  } catch {
    return null;
  }
}

export type ResilienceVerdict = RunVerdict & {
  notCompleted: number;
  missingScores: number;
  diffs: ConversationDiff[];
};

/** Reads D1 and the objects' storage (after the app stopped) and diffs every conversation against what its client sent. */
export function verifyResilience(stateDir: string, run: ResilienceRun): ResilienceVerdict {
  const ids = run.chats.map(({ checkIn }) => `'${checkIn.id}'`).join(",");
  // The transcripts stay in the check-in objects (issue 26 §1): read from their SQLite files.
  const rows = objectTranscripts(stateDir, new Set(run.chats.map(({ checkIn }) => checkIn.id)));
  const checkIns = queryD1<{ id: string; status: string; scores: number }>(
    stateDir,
    `select c.id, c.status,
       (select count(*) from sentiment_scores s where s.check_in_id = c.id) as scores
     from check_ins c where c.id in (${ids})`,
    // The bench's organization is in a shard (check-ins.ts), as a new organization is.
    BENCH_SHARD,
  );
  const diffs = run.chats.map(({ checkIn, chat }) =>
    diffConversation(
      chat.sent.map((m) => m.content),
      rows.filter((row) => row.check_in_id === checkIn.id),
    ),
  );
  return {
    ...summarizeDiffs(diffs),
    notCompleted: run.chats.length - checkIns.filter((c) => c.status === "completed").length,
    missingScores: checkIns.filter((c) => c.scores !== 1).length,
    diffs,
  };
}
