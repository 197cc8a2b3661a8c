import type { Band } from "@shared/check-in-summary";
import { type ChatMessage, type CheckInInfo, TOO_MANY_TABS_MESSAGE } from "@shared/checkin-protocol";
import { formatClock, progressOf, TIMER_TEXTS, timerText } from "@shared/checkin-timer";
import type { ScoreDimension } from "@shared/pillars";
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { LogoMark } from "@/components/LogoMark";
import { Completed } from "./Completed";
import { type ChatView, elapsedNow, lastFinishedReply, pendingRating, visibleMessages } from "./chat-state";
import { deviceSentence } from "./device-label";
import { linkBadge } from "./link-badge";
import { RatingChoices } from "./RatingChoices";
import { SummaryReview } from "./SummaryReview";

type Props = {
  info: CheckInInfo;
  view: ChatView;
  maxChars: number;
  onSend: (content: string) => void;
  onPause: () => void;
  onResume: () => void;
  /** The closing summary's answers (issue 24 §7). */
  onCorrect: (dimension: ScoreDimension, band: Band) => void;
  onConfirm: () => void;
  reachOutPath: string;
  /** Shown above the conversation (a moved chat's note about the earlier messages). */
  notice?: ReactNode;
  /** The chat was just started by a press on this page: the answer box takes the focus. */
  focusComposer?: boolean;
  /** What the answer box starts with (words typed while the chat was being started). */
  draft?: string;
  /** This browser has the chat open in too many tabs: this one is refused until one closes. */
  tabsFull?: boolean;
};

export const FALLBACK_BANNER = "AI service is experiencing issues. Using fallback mode.";
/** The answer box from the closing message until the chat is submitted ('wrapping up': spec 2 §2's words for the end). */
export const WRAPPING_UP_NOTE = "Your check-in is wrapping up, so new answers can't be added.";

export function ChatScreen({
  info,
  view,
  maxChars,
  onSend,
  onPause,
  onResume,
  onCorrect,
  onConfirm,
  reachOutPath,
  notice,
  focusComposer = false,
  draft = "",
  tabsFull = false,
}: Props) {
  const messages = visibleMessages(view);
  const userHasSpoken = messages.some((m) => m.sender === "user");
  const ended = view.status === "completed" || view.status === "expired";
  const closing = view.status === "closing";
  const rating = pendingRating(view);
  const summary = closing ? view.summary : null;
  const listEnd = useRef<HTMLDivElement>(null);
  const lastContent = `${messages.length}:${messages[messages.length - 1]?.content ?? ""}:${rating}:${summary ? 1 : 0}`;

  // Keep the newest words in view as the reply streams in.
  useEffect(() => {
    if (lastContent) listEnd.current?.scrollIntoView({ block: "end" });
  }, [lastContent]);

  return (
    <div className="flex h-dvh flex-col bg-base-200">
      <header className="border-b border-base-300 bg-base-100">
        <div className="mx-auto flex max-w-2xl items-center gap-3 px-4 py-3">
          <a href="/" className="shrink-0">
            <span className="sr-only">Undertone home</span>
            <LogoMark />
          </a>
          <div className="min-w-0 flex-1">
            <h1 className="truncate font-semibold leading-tight">Your check-in, {info.firstName}</h1>
            {/* Wraps rather than cuts "private" off on a phone. */}
            <p className="text-xs leading-snug text-muted">
              {info.organizationName} · about {info.durationMinutes} minutes · private
            </p>
          </div>
          <LinkBadge view={view} />
        </div>
        {ended ? null : view.synced ? (
          <TimerBar view={view} onPause={onPause} onResume={onResume} />
        ) : (
          // The timer's room, drawn invisibly while connecting, so the chat does not jump down when it arrives.
          <div className="invisible" aria-hidden="true">
            <TimerBar view={view} onPause={onPause} onResume={onResume} />
          </div>
        )}
      </header>

      {view.fallback && !ended ? (
        <div role="status" className="alert alert-warning rounded-none border-x-0 px-4 py-2 text-sm">
          <span className="mx-auto max-w-2xl">{FALLBACK_BANNER}</span>
        </div>
      ) : null}
      {!ended && tabsFull && view.link !== "open" ? (
        <div role="alert" className="alert alert-warning rounded-none border-x-0 px-4 py-2 text-sm">
          <span className="mx-auto max-w-2xl">{TOO_MANY_TABS_MESSAGE}</span>
        </div>
      ) : view.synced && !ended && view.link === "offline" ? (
        <div role="alert" className="alert alert-error rounded-none border-x-0 px-4 py-2 text-sm">
          <span className="mx-auto max-w-2xl">
            You're offline. Reconnecting… Anything you write is kept on this device and sent when you're back.
          </span>
        </div>
      ) : null}

      <ReplyAnnouncer messages={view.messages} />
      <main className="relative flex-1 overflow-y-auto">
        <div className="mx-auto flex max-w-2xl flex-col gap-3 px-4 py-4">
          {!view.synced && !tabsFull ? (
            <div className="flex items-center justify-center gap-2 py-12 text-sm text-soft" role="status">
              <span className="loading loading-dots loading-md text-primary" /> Connecting to your check-in…
            </div>
          ) : null}
          {info.device ? (
            <p className="text-center text-xs text-muted" data-testid="device-note">
              {deviceSentence(info.device)} It stays on this device.
            </p>
          ) : null}
          {notice}
          {view.synced && !userHasSpoken && !ended ? <PrivacyNote /> : null}
          <ol className="flex flex-col gap-3" aria-label="Conversation">
            {messages.map((message) => (
              <li
                key={message.id}
                className={`flex ${message.sender === "user" ? "justify-end" : "justify-start"}`}
                data-sender={message.sender}
                data-pending={message.pending ? "true" : undefined}
                data-unsent={message.notSent ? "true" : undefined}
              >
                <div
                  className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-[0.95rem] leading-relaxed shadow-sm ${
                    message.sender === "user"
                      ? "rounded-br-md bg-primary text-primary-content"
                      : "rounded-bl-md bg-base-100 text-base-content"
                  } ${message.pending || message.notSent ? "opacity-70" : ""}`}
                >
                  <span className="sr-only">{message.sender === "user" ? "You: " : "Assistant: "}</span>
                  <span data-role="content">{message.content}</span>
                  {message.streaming ? <span className="ml-0.5 inline-block animate-pulse">▍</span> : null}
                  {message.pending ? (
                    <span className="mt-1 block text-right text-xs opacity-80">
                      {view.link === "open" ? "Sending…" : "Waiting for connection"}
                    </span>
                  ) : null}
                  {message.notSent ? (
                    <span className="mt-1 block text-right text-xs font-medium">{message.notSent}</span>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
          {rating ? <RatingChoices key={messages.at(-1)?.id} kind={rating} onChoose={onSend} /> : null}
          {ended ? <Completed status={view.status} reachOutPath={reachOutPath} /> : null}
          {summary ? <SummaryReview summary={summary} onCorrect={onCorrect} onConfirm={onConfirm} /> : null}
          {closing && !summary ? <p className="text-center text-sm text-muted">Preparing your summary…</p> : null}
          <div ref={listEnd} />
        </div>
      </main>

      {!ended ? (
        <Composer
          closed={closing}
          sending={view.outbox.length > 0}
          online={view.link === "open"}
          maxChars={maxChars}
          onSend={onSend}
          focusWhenReady={focusComposer}
          draft={draft}
        />
      ) : null}
    </div>
  );
}

/**
 * Screen readers hear each reply once, when it is finished (assistant.done), not token by
 * token: a polite region, present from the start, holding only the newest finished reply.
 * Keyed by message id, so a new reply replaces the node even if its words repeat.
 */
function ReplyAnnouncer({ messages }: { messages: readonly ChatMessage[] }) {
  const reply = lastFinishedReply(messages);
  return (
    <div className="sr-only" role="status" aria-live="polite" data-testid="reply-announcer">
      {reply ? <p key={reply.id}>Assistant: {reply.content}</p> : null}
    </div>
  );
}

function LinkBadge({ view }: { view: ChatView }) {
  const badge = linkBadge({ link: view.link, synced: view.synced, status: view.status, paused: view.timer.paused });
  return (
    <span className={`badge badge-sm ${badge.tone}`} data-testid="chat-state">
      {badge.label}
    </span>
  );
}

function PrivacyNote() {
  return (
    <aside className="rounded-box border border-base-300 bg-base-100 p-4 text-sm" aria-label="What your manager sees">
      <p className="font-medium">This conversation is private.</p>
      <p className="mt-1 text-soft">
        Your manager will see overall scores, the themes that come up (such as blockers) and any alerts. They will never
        see this conversation or your words.
      </p>
    </aside>
  );
}

function TimerBar({ view, onPause, onResume }: { view: ChatView; onPause: () => void; onResume: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const elapsed = elapsedNow(view, now);
  const progress = progressOf(elapsed, view.timer.targetMs);
  const started = elapsed > 0 || view.messages.some((m) => m.sender === "user");
  const canToggle = started && view.status === "active";
  return (
    <div className="mx-auto flex max-w-2xl items-center gap-3 px-4 pb-3">
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between text-xs">
          <span className="flex items-center gap-2">
            {/* Announced when its words change (a phase boundary or pause), never each second. */}
            <span className="font-medium" data-testid="timer-text" role="status">
              {/* The conversation is over however early it closed: the spec's words for its end. */}
              {view.status === "closing" ? TIMER_TEXTS.wrapping : timerText(progress)}
            </span>
            {view.timer.paused ? (
              <span className="badge badge-warning badge-xs" data-testid="timer-paused">
                Paused
              </span>
            ) : null}
          </span>
          <span className="tabular-nums text-muted" data-testid="timer-clock">
            {formatClock(elapsed)} / {formatClock(view.timer.targetMs)}
          </span>
        </div>
        <progress
          className={`progress mt-1 h-1.5 w-full ${progress >= 1.05 ? "progress-error" : progress >= 0.75 ? "progress-accent" : "progress-primary"}`}
          value={Math.min(100, Math.round(progress * 100))}
          max={100}
          aria-label="Time used"
        />
      </div>
      {canToggle ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={view.timer.paused ? onResume : onPause}
          aria-pressed={view.timer.paused}
        >
          {view.timer.paused ? "Resume" : "Pause"}
        </button>
      ) : null}
    </div>
  );
}

function Composer({
  closed,
  sending,
  online,
  maxChars,
  onSend,
  focusWhenReady,
  draft,
}: {
  focusWhenReady: boolean;
  draft: string;
  /** The conversation is fixed (closing): nothing more can be written. */
  closed: boolean;
  sending: boolean;
  online: boolean;
  maxChars: number;
  onSend: (content: string) => void;
}) {
  const [text, setText] = useState(draft);
  const box = useRef<HTMLTextAreaElement>(null);
  const focused = useRef(false);
  // After "Start my check-in" the answer box takes the focus at once and can be typed in (and
  // sent) while the chat connects, so a keyboard user's first words are not lost.
  useEffect(() => {
    if (!focusWhenReady || closed || focused.current) return;
    focused.current = true;
    box.current?.focus();
    // The caret after any words typed ahead, so the next key continues them.
    box.current?.setSelectionRange(box.current.value.length, box.current.value.length);
  }, [focusWhenReady, closed]);
  // The box grows with its lines (up to max-h-40, then it scrolls): at one row, Shift+Enter
  // pushed the earlier lines out of sight, so an answer could not be read back before sending.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = "auto";
    if (text) element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [text]);
  const tooLong = text.trim().length > maxChars;
  // A message waiting for its acknowledgement does not hold the next one back: both stay in
  // the outbox, in order, and go out (again) as soon as the link answers. That holds before the
  // first snapshot too: an answer sent while the chat connects waits there, it is not dropped.
  const blocked = closed || tooLong;

  function submit() {
    const content = text.trim();
    if (!content || blocked) return;
    onSend(content);
    setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <footer className="border-t border-base-300 bg-base-100 pb-[env(safe-area-inset-bottom)]">
      <form
        className="mx-auto flex max-w-2xl items-end gap-2 px-4 py-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="checkin-message" className="sr-only">
            Your message
          </label>
          <textarea
            ref={box}
            id="checkin-message"
            className={`textarea textarea-bordered max-h-40 min-h-11 w-full resize-none text-base ${tooLong ? "textarea-error" : ""}`}
            rows={1}
            placeholder={closed ? "Wrapping up…" : "Type your answer…"}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={closed}
            aria-invalid={tooLong}
            aria-describedby="checkin-hint"
          />
          <p id="checkin-hint" className={`mt-1 text-xs ${tooLong ? "text-error" : "text-muted"}`}>
            {/* The error is announced once, as it appears; the running count beside it is not live. */}
            {closed ? (
              // Why the box is closed, said once as it closes (the box is described by it too).
              <span role="status">{WRAPPING_UP_NOTE}</span>
            ) : tooLong ? (
              <>
                <span role="alert">{`Your message is too long. Please keep it under ${maxChars.toLocaleString("en-US")} characters`}</span>
                {` (${text.trim().length.toLocaleString("en-US")} now).`}
              </>
            ) : sending && !online ? (
              "Your last message will be sent as soon as you're back online."
            ) : text.length > maxChars * 0.9 ? (
              `${text.trim().length.toLocaleString("en-US")} / ${maxChars.toLocaleString("en-US")}`
            ) : (
              "Enter to send · Shift+Enter for a new line"
            )}
          </p>
        </div>
        <button type="submit" className="btn btn-primary mb-5" disabled={blocked || text.trim().length === 0}>
          Send
        </button>
      </form>
    </footer>
  );
}
