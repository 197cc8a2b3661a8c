import type { ChatMessage, ClosedReason, EarlierHidden, ServerFrame } from "../shared/checkin-protocol";
import type { Visibility } from "./handover";
import { elapsedMs } from "./rules";
import type { SessionState } from "./store";

/** The server frames built from the object's state (pure). */

export function timerOf(session: SessionState) {
  return { startedAt: session.started_at, pausedAt: session.paused_at, pausedTotalMs: session.paused_total_ms };
}

/**
 * The chat time the page shows: it stops at the closing, so a page that (re)connects while the
 * summary waits shows how long the conversation ran, not the time since it began.
 */
function shownElapsedMs(session: SessionState, now: number): number {
  return elapsedMs(timerOf(session), session.closing_at === null ? now : Math.min(now, session.closing_at));
}

export function timerFrame(session: SessionState, now: number): ServerFrame {
  return {
    type: "timer",
    elapsedMs: shownElapsedMs(session, now),
    targetMs: session.target_ms,
    paused: session.paused_at !== null,
    phase: session.phase,
  };
}

/** The reply being generated right now, shown to a page that (re)connects mid-reply. */
export type Streaming = { messageId: string; content: string };

/** What the owner's device may see (after a move, not what came before it: handover.ts). */
export type SocketView = Visibility;

/** A reply (streaming, or its frames), or null when this device must not see it. */
export function visibleTo<Reply extends { messageId: string }>(view: SocketView, reply: Reply | null): Reply | null {
  return reply && reply.messageId !== view.hiddenReplyId ? reply : null;
}

/**
 * Sent on every connect: everything the page needs to draw the chat as it stands — `stored`
 * being what this device may see — and, added only when they apply, why earlier messages are
 * missing and why the chat was closed.
 */
export function snapshotFrame(
  session: SessionState | null,
  stored: ChatMessage[],
  streaming: Streaming | null,
  now: number,
  extra: { earlierHidden?: EarlierHidden | null; closedReason?: ClosedReason | undefined } = {},
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
    elapsedMs: session ? shownElapsedMs(session, now) : 0,
    targetMs: session?.target_ms ?? 0,
    paused: session ? session.paused_at !== null : false,
    fallback: session ? session.fallback === 1 : false,
    messages,
    ...(extra.earlierHidden ? { earlierHidden: extra.earlierHidden } : {}),
    ...(extra.closedReason ? { closedReason: extra.closedReason } : {}),
  };
}
