import { providerFor } from "../ai/choose-provider";
import { embeddedProvider } from "../ai/embedded";
import type { InterviewProvider, PlannedReply } from "../ai/provider";
import { readConfig } from "../lib/config";
import { log } from "../lib/log";
import { nextTask } from "../lib/next-task";
import { recordProviderOutcome } from "../lib/system-signals";
import type { ServerFrame } from "../shared/checkin-protocol";
import type { Schedule } from "./alarms";
import type { Streaming } from "./frames";
import type { ModelBudget } from "./model-budget";
import type { SessionStore } from "./store";
import type { SessionClock } from "./timer";
import { judgeWhileClosing, planTurn, recordReply } from "./turn-plan";

type ReplyParts = {
  ctx: DurableObjectState;
  env: Env;
  store: SessionStore;
  schedule: Schedule;
  clock: SessionClock;
  broadcast: (frame: ServerFrame) => void;
  /** The turn plan says the conversation is over: the object closes it. */
  beginClosing: (now: number) => void;
  /** Model calls this chat (and its organization today) may still make. */
  budget: ModelBudget;
};

/**
 * The check-in's replies: one turn at a time, each streamed to every socket as it arrives,
 * the fallback to the embedded interviewer when the configured provider fails, and the LLM's
 * judgement fetched while the chat closes. The reply in progress lives in memory only: an
 * instance that restarts mid-reply (a reset or a deploy, which also closes the sockets) owes
 * it, and generates it again at its next event — the page's reconnect, a message, an RPC or
 * any alarm (`resumeIfOwed`). No alarm is kept for it: pending work keeps an object alive
 * (compatibility date 2026-10-01), and a 15 s watchdog alarm was ~9 % of a message's CPU.
 */
export class Replies {
  /** The reply being generated right now. */
  streaming: (Streaming & { abort: AbortController }) | null = null;
  private turnRunning = false;
  private turnAgain = false;
  private provider: InterviewProvider | undefined;
  /** The id the next reply will have, fixed before it starts (a move hides it: reserveReplyId). */
  private nextReplyId: string | null = null;

  constructor(private readonly parts: ReplyParts) {}

  get running(): boolean {
    return this.turnRunning;
  }

  /** One turn at a time; a message that arrives mid-reply gets its own turn afterwards. */
  request() {
    if (this.turnRunning) {
      this.turnAgain = true;
      return;
    }
    this.turnRunning = true;
    // Started on a later task, so the ack's write commits and leaves before any reply work.
    this.parts.ctx.waitUntil(nextTask().then(() => this.runTurns()));
  }

  /** After a restart: a user message without a reply gets one now. */
  resumeIfOwed() {
    if (!this.turnRunning && this.owed()) this.request();
  }

  /**
   * A fresh link moves the chat: the reply being written, or owed, answers what the new device
   * does not see, so its id is fixed now and hidden (handover.ts). Null when none is owed.
   */
  reserveReplyId(): string | null {
    if (this.streaming) return this.streaming.messageId;
    if (!this.owed()) return null;
    this.nextReplyId ??= crypto.randomUUID();
    this.request();
    return this.nextReplyId;
  }

  /** Closing interrupts the reply: what the salesperson already saw is kept. */
  interrupt() {
    if (!this.streaming) return;
    this.streaming.abort.abort();
    this.settleAborted(this.streaming);
  }

  /** Revoked: the reply is dropped with the rest of the chat. */
  drop() {
    this.streaming?.abort.abort();
    this.streaming = null;
  }

  /** The LLM's judgement, when one is configured, is fetched during the 4 s before completion. */
  startJudging() {
    const { ctx, store } = this.parts;
    const provider = this.configuredProvider();
    const session = store.session();
    if (provider.kind !== "openai" || session?.fallback !== 0) return;
    const warn = (error: unknown) => log("warn", "checkin_judge_failed", { error });
    // One judgement per chat, within the organization's model calls of the day; else the reader judges alone.
    ctx.waitUntil(
      this.parts.budget
        .take("judge", session.organization_id)
        .then((allowed) => {
          this.parts.budget.save();
          return allowed ? judgeWhileClosing(provider, store, warn) : undefined;
        })
        .catch(warn),
    );
  }

  private async runTurns() {
    try {
      do {
        this.turnAgain = false;
        try {
          await this.replyOnce();
        } finally {
          // A turn that stored no reply (aborted, refused) still keeps the count of a call it made.
          this.parts.budget.save();
        }
      } while (this.turnAgain);
    } catch (error) {
      log("error", "checkin_turn_failed", { error });
    } finally {
      this.turnRunning = false;
    }
  }

  private owed(): boolean {
    const { store } = this.parts;
    return store.session()?.status === "active" && store.lastSender() === "user";
  }

  private async replyOnce() {
    const { store, clock } = this.parts;
    if (!this.owed()) return;
    const plan = planTurn(store, Date.now());
    if (plan.kind === "close") return this.parts.beginClosing(Date.now());
    const { session, absorbed, request } = plan;
    const abort = new AbortController();
    const streaming = { messageId: this.nextReplyId ?? crypto.randomUUID(), content: "", abort };
    this.nextReplyId = null;
    this.streaming = streaming;
    let provider = session.fallback ? embeddedProvider : this.configuredProvider();
    // Past the chat's model replies or the organization's model calls of the day: the embedded
    // interviewer carries on (for good, with the banner), as after a provider failure.
    if (provider.kind === "openai" && !(await this.parts.budget.take("reply", session.organization_id))) {
      this.activateFallback();
      provider = embeddedProvider;
    }
    if (abort.signal.aborted) return this.settleAborted(streaming);
    let reply: PlannedReply;
    try {
      reply = await provider.reply(request, abort.signal, (delta) => {
        if (!abort.signal.aborted) this.sendDelta(streaming, delta);
      });
      if (provider.kind === "openai") this.parts.ctx.waitUntil(recordProviderOutcome(this.parts.env, true));
      if (abort.signal.aborted) return this.settleAborted(streaming);
    } catch (error) {
      if (abort.signal.aborted) return this.settleAborted(streaming);
      this.parts.ctx.waitUntil(recordProviderOutcome(this.parts.env, false, error));
      log("warn", "checkin_provider_failed", { provider: provider.label, error });
      this.activateFallback();
      // The partial reply (if any) is replaced by the embedded one in assistant.done.
      reply = await embeddedProvider.reply(request, abort.signal, () => {});
    }
    if (this.streaming !== streaming || store.session()?.status !== "active") return;
    const now = Date.now();
    const phaseChanged = recordReply(store, streaming.messageId, reply, absorbed, now);
    // The call's count in the reply's own commit: written in the same synchronous run (model-budget.ts).
    this.parts.budget.save();
    this.streaming = null;
    this.parts.broadcast({
      type: "assistant.done",
      messageId: streaming.messageId,
      content: reply.text,
      ...(reply.rating ? { rating: reply.rating } : {}),
    });
    if (phaseChanged) clock.broadcastTimer(now);
  }

  /** Deltas go out the moment they arrive: no batching, one frame per provider delta. */
  private sendDelta(streaming: Streaming, delta: string) {
    streaming.content += delta;
    this.parts.broadcast({ type: "assistant.delta", messageId: streaming.messageId, delta });
  }

  private settleAborted(streaming: Streaming) {
    // Closing interrupted the reply: keep what the salesperson already saw (once).
    if (this.streaming !== streaming) return;
    this.streaming = null;
    const content = streaming.content.trim();
    if (!content) return;
    this.parts.store.insertAssistant(streaming.messageId, content, null, Date.now());
    this.parts.broadcast({ type: "assistant.done", messageId: streaming.messageId, content });
  }

  private configuredProvider(): InterviewProvider {
    this.provider ??= providerFor(readConfig(this.parts.env));
    return this.provider;
  }

  private activateFallback() {
    const { store } = this.parts;
    if (store.session()?.fallback !== 0) return;
    store.update({ fallback: 1 });
    this.parts.broadcast({ type: "fallback", active: true });
  }
}
