import { spreadOpeningDelay } from "./openings.ts";
import { summarize } from "./stats.ts";
import { BenchSocket, clock, type Received, sleep, sleepUntil } from "./ws-client.ts";

/**
 * The ack load: N concurrent conversations, each sending one message every `intervalMs`
 * for `durationMs`, spread evenly over the interval so the load is steady. Each slot is
 * one salesperson: a conversation lasts `messagesPerConversation` messages (the app
 * closes a check-in at its 12th question, which a 60 s run at one message per 2 s would
 * reach), then the slot carries on in its next conversation, whose socket was opened
 * two messages ahead so the cadence never pauses. The slots change conversation at
 * different moments (slot i's first conversation is i mod messagesPerConversation
 * messages shorter), so new conversations arrive steadily, as they would in real use,
 * instead of all at once.
 */
export function conversationsPerSlot(durationMs: number, intervalMs: number, messagesPerConversation: number) {
  const messages = Math.floor(durationMs / intervalMs);
  return Math.ceil((messages + messagesPerConversation - 1) / messagesPerConversation);
}

/** When the load runs: one window for a continuous run, several for runs interleaved with another. */
export type LoadWindow = { start: number; end: number };

export type LoadOptions = {
  windows: LoadWindow[];
  intervalMs: number;
  messagesPerConversation: number;
  /**
   * When a slot opens its next conversation: just after the send two messages ahead (the
   * default, the bench's load since issue 16), or at a moment spread over that interval
   * ("spread": a golden-ratio sequence, as independent arrivals fall), which lands a start's
   * work on other chats' acks as real use would (README, "Issue 26 §7, stop 39").
   */
  openings?: "after-send" | "spread";
};

/** Slot i sends at window start + i/N of the interval, then every interval, while inside the window. */
function sendTimes(options: LoadOptions, slot: number, slots: number): number[] {
  const offset = (options.intervalMs * slot) / slots;
  return options.windows.flatMap((window) => {
    const times: number[] = [];
    for (let at = window.start + offset; at < window.end; at += options.intervalMs) times.push(at);
    return times;
  });
}

export type LoadTarget = {
  label: string;
  /** The WebSocket URL of each slot's conversations, in order. */
  slots: string[][];
};

export type ReplyTrace = {
  /** The user message this reply answers (the content of the latest ack before its first delta). */
  prompt: string;
  messageId: string;
  deltas: { at: number; text: string }[];
  doneAt: number | null;
};

export type LoadResult = {
  label: string;
  ackMs: number[];
  /** When each acknowledged message was sent (epoch ms), in the order of ackMs. */
  ackSentAt: number[];
  /** Each acknowledged message's place in its conversation (0: the one that starts the check-in), in the order of ackMs. */
  ackPosition: number[];
  sent: number;
  acked: number;
  errors: string[];
  replies: ReplyTrace[];
  /** When each conversation's socket opened (epoch ms): its check-in's start had just run. */
  openedAt: number[];
  unexpectedCloses: number;
};

export async function runLoad(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = {
    label: target.label,
    ackMs: [],
    ackSentAt: [],
    ackPosition: [],
    sent: 0,
    acked: 0,
    errors: [],
    replies: [],
    openedAt: [],
    unexpectedCloses: 0,
  };
  await Promise.all(
    target.slots.map((urls, slot) =>
      runSlot(target.label, urls, slot, sendTimes(options, slot, target.slots.length), options, result).catch(
        (error: unknown) => {
          result.errors.push(`${target.label} slot ${slot}: ${error instanceof Error ? error.message : String(error)}`);
        },
      ),
    ),
  );
  return result;
}

type OpenConversation = {
  socket: BenchSocket;
  pending: Map<string, { at: number; content: string; position: number }>;
  /** Messages sent on it so far: the first starts the check-in (a slot's first conversation begins part-way). */
  sent: number;
  done: boolean;
};

async function runSlot(
  label: string,
  urls: string[],
  slot: number,
  times: number[],
  options: LoadOptions,
  result: LoadResult,
) {
  const messages = times.length;
  const conversations = new Map<number, Promise<OpenConversation>>();
  const open = (index: number) => {
    let promise = conversations.get(index);
    if (!promise) {
      const url = urls[index];
      if (!url) throw new Error(`slot ${slot} has no conversation ${index}`);
      promise = openConversation(url, result);
      // A failed open is reported when the slot needs it.
      promise.catch(() => {});
      conversations.set(index, promise);
    }
    return promise;
  };
  await open(0);
  const shift = slot % options.messagesPerConversation;
  for (let k = 0; k < messages; k++) {
    const index = Math.floor((k + shift) / options.messagesPerConversation);
    const position = (k + shift) % options.messagesPerConversation;
    // Open the next conversation two messages ahead; close the previous one once it has had time to answer.
    if (position >= options.messagesPerConversation - 2 && k + 2 < messages) {
      // Spread: the timer opens it within the next interval; the message after is a no-op backstop.
      if (options.openings === "spread" && position === options.messagesPerConversation - 2) {
        const delay = spreadOpeningDelay(slot, index + 1, options.intervalMs);
        setTimeout(() => void open(index + 1), Math.max(0, (times[k] ?? 0) - clock()) + delay);
      } else void open(index + 1);
    }
    if (position === 1 && index > 0) {
      const previous = await conversations.get(index - 1);
      if (previous) {
        previous.done = true;
        previous.socket.close();
      }
    }
    await sleepUntil(times[k] ?? 0);
    const conversation = await open(index);
    if (!conversation.socket.sendable) {
      result.errors.push(`slot ${slot}: socket closed before message ${k}`);
      continue;
    }
    const clientId = `bench-${slot}-${k}-${Math.random().toString(36).slice(2, 10)}`;
    const content = `${label} slot ${slot}, message ${k}: steady week, two demos booked and a renewal that looks likely to close.`;
    const at = conversation.socket.send({ type: "message", clientId, content });
    conversation.pending.set(clientId, { at, content, position: conversation.sent++ });
    result.sent++;
  }
  // Let the last acks and replies arrive, then hang up.
  await sleep(2_500);
  for (const promise of conversations.values()) {
    const conversation = await promise.catch(() => null);
    if (!conversation) continue;
    conversation.done = true;
    conversation.socket.close();
    for (const clientId of conversation.pending.keys()) result.errors.push(`no ack for ${clientId}`);
  }
}

async function openConversation(url: string, result: LoadResult): Promise<OpenConversation> {
  const socket = await BenchSocket.open(url);
  result.openedAt.push(clock());
  const conversation: OpenConversation = { socket, pending: new Map(), sent: 0, done: false };
  let lastAcked = "";
  const traces = new Map<string, ReplyTrace>();
  socket.on(({ at, frame }: Received) => {
    switch (frame.type) {
      case "ack": {
        const sent = conversation.pending.get(String(frame.clientId));
        if (!sent) return;
        conversation.pending.delete(String(frame.clientId));
        result.ackMs.push(at - sent.at);
        result.ackSentAt.push(sent.at);
        result.ackPosition.push(sent.position);
        result.acked++;
        lastAcked = sent.content;
        return;
      }
      case "assistant.delta": {
        const messageId = String(frame.messageId);
        let trace = traces.get(messageId);
        if (!trace) {
          trace = { prompt: lastAcked, messageId, deltas: [], doneAt: null };
          traces.set(messageId, trace);
          result.replies.push(trace);
        }
        trace.deltas.push({ at, text: String(frame.delta) });
        return;
      }
      case "assistant.done": {
        const trace = traces.get(String(frame.messageId));
        if (trace) trace.doneAt = at;
        return;
      }
      case "error":
        result.errors.push(`error frame: ${String(frame.code)}`);
        return;
    }
  });
  socket.onClose(() => {
    if (!conversation.done) result.unexpectedCloses++;
  });
  return conversation;
}

/** A load's acks split by place: a check-in's first message (its start's writes ride on it) and the others. */
export function acksByPosition(run: Pick<LoadResult, "ackMs" | "ackPosition">) {
  return {
    first_message: summarize(run.ackMs.filter((_, i) => run.ackPosition[i] === 0)),
    others: summarize(run.ackMs.filter((_, i) => run.ackPosition[i] !== 0)),
  };
}
