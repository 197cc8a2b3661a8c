import type { CheckInSummary } from "@shared/check-in-summary";
import {
  type ChatMessage,
  type ChatStatus,
  type ClosedReason,
  type EarlierHidden,
  ERROR_MESSAGES,
  type ErrorCode,
  type Phase,
  type ServerFrame,
} from "@shared/checkin-protocol";
import type { LinkStatus, OutboxEntry } from "./connection";

/**
 * The chat as the page shows it, folded from server frames and the outbox. Pure, so the
 * rules of what is shown (a pending message, a streaming reply) are plain to read.
 */
export type ChatView = {
  link: LinkStatus;
  /** A snapshot has arrived at least once. */
  synced: boolean;
  status: ChatStatus;
  phase: Phase;
  timer: { elapsedMs: number; targetMs: number; paused: boolean; receivedAt: number };
  fallback: boolean;
  messages: ChatMessage[];
  outbox: OutboxEntry[];
  /** What the manager will see, once the chat has closed and until it completes (issue 24 §7). */
  summary: CheckInSummary | null;
  /** A fresh link moved the chat here; the messages before it stay on the other device. */
  earlierHidden: EarlierHidden | null;
  /** Why the chat was closed on every device, when it was ("This wasn't me", or the Admin revoked it). */
  closedReason: ClosedReason | null;
  /** Answers the object refused for good (sent as the chat closed, arriving once the summary was up): kept in view. */
  refused: RefusedEntry[];
};

export type RefusedEntry = OutboxEntry & { code: ErrorCode };

export type ChatAction =
  | { kind: "status"; status: LinkStatus }
  | { kind: "frame"; frame: ServerFrame; now: number }
  | { kind: "outbox"; entries: OutboxEntry[] }
  | { kind: "refused"; entry: OutboxEntry; code: ErrorCode };

export const initialChat: ChatView = {
  link: "connecting",
  synced: false,
  status: "active",
  phase: "opening",
  timer: { elapsedMs: 0, targetMs: 0, paused: false, receivedAt: 0 },
  fallback: false,
  messages: [],
  outbox: [],
  summary: null,
  earlierHidden: null,
  closedReason: null,
  refused: [],
};

function upsert(messages: ChatMessage[], id: string, update: (existing: ChatMessage | undefined) => ChatMessage) {
  const index = messages.findIndex((m) => m.id === id);
  if (index < 0) return [...messages, update(undefined)];
  const next = messages.slice();
  next[index] = update(messages[index]);
  return next;
}

export function chatReducer(state: ChatView, action: ChatAction): ChatView {
  if (action.kind === "status") return { ...state, link: action.status };
  if (action.kind === "outbox") return { ...state, outbox: action.entries };
  if (action.kind === "refused") {
    if (state.refused.some((e) => e.clientId === action.entry.clientId)) return state;
    return { ...state, refused: [...state.refused, { ...action.entry, code: action.code }] };
  }
  const { frame, now } = action;
  switch (frame.type) {
    case "snapshot":
      return {
        ...state,
        synced: true,
        status: frame.status,
        phase: frame.phase,
        timer: { elapsedMs: frame.elapsedMs, targetMs: frame.targetMs, paused: frame.paused, receivedAt: now },
        fallback: frame.fallback,
        messages: frame.messages,
        summary: frame.summary ?? null,
        earlierHidden: frame.earlierHidden ?? null,
        closedReason: frame.closedReason ?? null,
      };
    case "ack": {
      if (state.messages.some((m) => m.id === frame.messageId)) return state;
      const entry = state.outbox.find((e) => e.clientId === frame.clientId);
      if (!entry) return state;
      const message: ChatMessage = {
        id: frame.messageId,
        sender: "user",
        content: entry.content,
        createdAt: entry.createdAt,
        clientId: entry.clientId,
      };
      // A reply may already be streaming for an earlier message: keep the user's message before it.
      const streamingAt = state.messages.findIndex((m) => m.streaming);
      const messages =
        streamingAt < 0
          ? [...state.messages, message]
          : [...state.messages.slice(0, streamingAt), message, ...state.messages.slice(streamingAt)];
      return { ...state, messages };
    }
    case "user.message": {
      // Sent from another tab of this chat: placed like an ack'd message, once.
      if (state.messages.some((m) => m.id === frame.message.id)) return state;
      const streamingAt = state.messages.findIndex((m) => m.streaming);
      const messages =
        streamingAt < 0
          ? [...state.messages, frame.message]
          : [...state.messages.slice(0, streamingAt), frame.message, ...state.messages.slice(streamingAt)];
      return { ...state, messages };
    }
    case "assistant.delta":
      return {
        ...state,
        messages: upsert(state.messages, frame.messageId, (existing) => ({
          id: frame.messageId,
          sender: "assistant",
          content: (existing?.content ?? "") + frame.delta,
          createdAt: existing?.createdAt ?? now,
          streaming: true,
        })),
      };
    case "assistant.done":
      return {
        ...state,
        messages: upsert(state.messages, frame.messageId, (existing) => ({
          id: frame.messageId,
          sender: "assistant",
          content: frame.content,
          createdAt: existing?.createdAt ?? now,
          ...(frame.rating ? { rating: frame.rating } : {}),
        })),
      };
    case "timer":
      return {
        ...state,
        phase: frame.phase,
        timer: { elapsedMs: frame.elapsedMs, targetMs: frame.targetMs, paused: frame.paused, receivedAt: now },
      };
    case "fallback":
      return { ...state, fallback: frame.active };
    case "summary":
      // The chat has closed and waits for the salesperson's answer to what the manager will see.
      return { ...state, status: "closing", summary: frame.summary };
    case "completed":
      return { ...state, status: "completed", summary: null };
    default:
      return state;
  }
}

/** What a refused answer says under it: why it was not sent. */
export function notSentNote(code: ErrorCode): string {
  if (code === "check_in_closed") return "Not sent: your check-in was already wrapping up.";
  return `Not sent: ${ERROR_MESSAGES[code]}`;
}

export type VisibleMessage = ChatMessage & { pending?: boolean; notSent?: string };

/**
 * Messages to show: the stored ones, then anything still waiting in the outbox, then answers
 * refused for good (so nothing typed disappears without a word; they stay until the page closes).
 */
export function visibleMessages(state: ChatView): VisibleMessage[] {
  const stored = new Set(state.messages.flatMap((m) => (m.clientId ? [m.clientId] : [])));
  const unsent = (e: OutboxEntry) => ({
    sender: "user" as const,
    content: e.content,
    createdAt: e.createdAt,
    clientId: e.clientId,
  });
  const pending = state.outbox
    .filter((e) => !stored.has(e.clientId))
    .map((e) => ({ id: `pending-${e.clientId}`, ...unsent(e), pending: true }));
  const refused = state.refused
    .filter((e) => !stored.has(e.clientId))
    .map((e) => ({ id: `refused-${e.clientId}`, ...unsent(e), notSent: notSentNote(e.code) }));
  return [...state.messages, ...pending, ...refused];
}

/** The clock runs once the first message is in, unless paused or the chat is over. */
export function elapsedNow(state: ChatView, now: number): number {
  const { timer } = state;
  const started = timer.elapsedMs > 0 || state.messages.some((m) => m.sender === "user");
  if (!started || timer.paused || state.status !== "active") return timer.elapsedMs;
  return timer.elapsedMs + Math.max(0, now - timer.receivedAt);
}

/**
 * The reply a screen reader should hear: the newest assistant message that has finished
 * (assistant.done). It stays the same while the next reply streams, so the live region that
 * shows it changes once per finished message, never per token.
 */
export function lastFinishedReply(messages: readonly ChatMessage[]): ChatMessage | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && message.sender === "assistant" && !message.streaming) return message;
  }
  return null;
}

/**
 * The rating the chat is waiting for: the newest message is a finished rating question
 * (shared/self-rating.ts) and the chat is still open. Its choices are offered as buttons.
 */
export function pendingRating(state: ChatView): NonNullable<ChatMessage["rating"]> | null {
  if (state.status !== "active" || state.outbox.length > 0) return null;
  const last = state.messages.at(-1);
  return last && last.sender === "assistant" && !last.streaming && last.rating ? last.rating : null;
}
