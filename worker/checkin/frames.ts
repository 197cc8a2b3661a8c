import type { ChatMessage, ServerFrame } from "../shared/checkin-protocol";
import { elapsedMs } from "./rules";
import type { SessionState } from "./store";

/** The server frames built from the object's state (pure). */

export function timerOf(session: SessionState) {
  return { startedAt: session.started_at, pausedAt: session.paused_at, pausedTotalMs: session.paused_total_ms };
}

export function timerFrame(session: SessionState, now: number): ServerFrame {
  return {
    type: "timer",
    elapsedMs: elapsedMs(timerOf(session), now),
    targetMs: session.target_ms,
    paused: session.paused_at !== null,
    phase: session.phase,
  };
}

/** The reply being generated right now, shown to a page that (re)connects mid-reply. */
export type Streaming = { messageId: string; content: string };

/** Sent on every connect: everything the page needs to draw the chat as it stands. */
export function snapshotFrame(
  session: SessionState | null,
  stored: ChatMessage[],
  streaming: Streaming | null,
  now: number,
): ServerFrame {
  const messages = streaming
    ? [
        ...stored,
        {
          id: streaming.messageId,
          sender: "assistant" as const,
          content: streaming.content,
          createdAt: now,
          streaming: true,
        },
      ]
    : stored;
  return {
    type: "snapshot",
    status: session?.status ?? "completed",
    phase: session?.phase ?? "wrap-up",
    elapsedMs: session ? elapsedMs(timerOf(session), now) : 0,
    targetMs: session?.target_ms ?? 0,
    paused: session ? session.paused_at !== null : false,
    fallback: session ? session.fallback === 1 : false,
    messages,
  };
}
