import { DurableObject } from "cloudflare:workers";
import { providerFor } from "../ai/choose-provider";
import { dbForCheckIn, platformDb } from "../db/shards";
import { readConfig } from "../lib/config";
import { log } from "../lib/log";
import { nextTask } from "../lib/next-task";
import { enqueueCompletionAlerts } from "../notify/enqueue";
import {
  type ClosedReason,
  type ErrorCode,
  MAX_FRAME_BYTES,
  MAX_MESSAGE_CHARS,
  MOVED_CLOSE_CODE,
  NOT_ME_CLOSE_CODE,
  PING_FRAME,
  PONG_FRAME,
  parseClientFrame,
  type ServerFrame,
  SUSPENDED_CLOSE_CODE,
} from "../shared/checkin-protocol";
import { COMPLETION_DELAY_MS } from "../shared/checkin-timer";
import { closeOtherDevices, refuseSocket, tabsFull } from "./admission";
import { Schedule } from "./alarms";
import { type SocketView, snapshotFrame, visibleTo } from "./frames";
import { type SessionInit, sessionInitFrom, sessionInitSchema } from "./init";
import { ChatRate, withinCaps } from "./limits";
import { ModelBudget, RESERVE_BLOCK } from "./model-budget";
import { Outbox } from "./outbox";
import { type ClaimOutcome, type ClaimRequest, type FreshLinkOutcome, Ownership, type OwnerView } from "./ownership";
import { Replies } from "./replies";
import { broadcast, closeAll, errorFrame, safeSend } from "./sockets";
import { startSession } from "./start";
import { migrateStorage } from "./storage";
import { SessionStore } from "./store";
import { ClosingSummary } from "./summary";
import { SessionClock } from "./timer";
import { TranscriptRetention } from "./transcript-retention";
import { recordClosing } from "./turn-plan";

/**
 * One object per check-in conversation: its entry points, the message hot path and closing. Its parts live
 * in modules with one job each — the init contract (init.ts), its tables and their migrations
 * (storage.ts), typed access to them (store.ts), the
 * schedule and the one alarm (alarms.ts), the queue of D1 writes (outbox.ts), pillar
 * progress (progress.ts), pure, the judgement at completion (worker/scoring/), and the
 * streamed replies (replies.ts). Everything lives in the object's storage, so an evicted or
 * restarted object resumes exactly where it was. Sockets use the Hibernation API, so an idle
 * chat costs nothing. (About 480 lines: the entry points — claim, a move's handover, revoke and
 * "This wasn't me" among them — the hot path and closing; each entry point delegates to its
 * module, and splitting the class would scatter the object's RPC surface.)
 */

export class CheckInSession extends DurableObject<Env> {
  private readonly store: SessionStore;
  private readonly schedule: Schedule;
  private readonly outbox: Outbox;
  private readonly clock: SessionClock;
  /** Frames per chat, not per socket (limits.ts). */
  private readonly rate = new ChatRate();
  /** Which browser owns the chat (README → Chat ownership). */
  private readonly ownership: Ownership;
  /** The turn loop: one streamed reply at a time (replies.ts). */
  private readonly replies: Replies;
  /** Model calls per chat and per organization and day (model-budget.ts). */
  private readonly budget: ModelBudget;
  /** What the salesperson confirms or corrects before the check-in completes (summary.ts). */
  private readonly summary: ClosingSummary;
  /** A completed chat's transcript, kept here only, until it is due to be erased (transcript-retention.ts). */
  private readonly retention: TranscriptRetention;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Before anything reads a row: a chat in progress is upgraded to this code's tables.
    migrateStorage(ctx.storage);
    this.store = new SessionStore(ctx.storage.sql);
    this.schedule = new Schedule(ctx.storage.sql, ctx.storage);
    this.summary = new ClosingSummary(ctx.storage.sql, this.store, this.schedule);
    // Alerts reach the admins through the notifications queue once the completion has landed.
    // The check-in's id names its shard (worker/db/shards.ts): every D1 write goes there.
    const shardOf = (checkInId: string) => dbForCheckIn(env, checkInId).$client;
    this.outbox = new Outbox(
      ctx.storage.sql,
      shardOf,
      this.store,
      this.schedule,
      () => this.summary.completed(),
      (result) => enqueueCompletionAlerts(env, result.organizationId, result.checkInId),
    );
    this.clock = new SessionClock(this.store, this.schedule, (frame) => this.broadcast(frame));
    this.budget = new ModelBudget(ctx.storage.sql, () => dbForCheckIn(env, this.store.requireSession().check_in_id));
    this.replies = new Replies({
      ctx,
      env,
      store: this.store,
      schedule: this.schedule,
      clock: this.clock,
      broadcast: (frame) => this.broadcast(frame),
      beginClosing: (now) => this.beginClosing(now),
      budget: this.budget,
    });
    this.ownership = new Ownership(ctx.storage.sql);
    this.retention = new TranscriptRetention(ctx.storage, platformDb(env), this.store, this.schedule);
    // Heartbeats are answered by the runtime without waking a hibernated object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  // ── Entry points ────────────────────────────────────────────────────────────

  /** A new event (not a message): what the parts keep of storage is read again on first use. */
  private refresh() {
    this.store.refresh();
    this.budget.refresh();
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    this.refresh();
    const init = this.store.session() ? null : sessionInitFrom(request);
    if (!(await this.ensureStarted(init))) return new Response("Check-in session not found", { status: 404 });
    // Only the owner's device once the chat is owned, and a few tabs at most.
    const refused = refuseSocket(this.ctx, this.ownership, request);
    if (refused) return refused;
    this.clock.ensureClosing(Date.now());
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    this.sockets = null;
    server.serializeAttachment({ connectedAt: Date.now() });
    server.send(JSON.stringify(this.snapshot(Date.now())));
    this.replies.resumeIfOwed();
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * A browser opens the link (GET /api/check-in/:id): read only, nothing starts and nothing is
   * claimed. The device a fresh link moved the chat away from also learns it is asked to hand over;
   * the owner's tab whose socket was refused learns whether it was for too many tabs.
   */
  async viewOwner(
    deviceHash: string | null,
  ): Promise<OwnerView & { handover: { movedAt: number } | null; tabsFull: boolean }> {
    const view = this.ownership.view(deviceHash);
    return {
      ...view,
      handover: view.state === "elsewhere" ? this.ownership.handover.pendingFor(deviceHash) : null,
      tabsFull: view.state === "owner" && tabsFull(this.ctx),
    };
  }

  /** "Start my check-in" (POST /api/check-in/:id/claim): the first browser to claim owns the chat. */
  async claimChat(init: SessionInit, request: ClaimRequest): Promise<ClaimOutcome> {
    this.refresh();
    await this.ensureStarted(sessionInitSchema.safeParse(init).data ?? null);
    // A move: the new device's view begins after what was said, and the reply under way (handover.ts).
    const claimed = this.ownership.claim(request, Date.now(), () => ({
      visibleFromSeq: this.store.nextSeq(),
      hiddenReplyId: this.replies.reserveReplyId(),
    }));
    if (claimed.outcome === "claimed") {
      this.view = null;
      closeOtherDevices(this.ctx, MOVED_CLOSE_CODE);
      this.sockets = null;
    }
    return claimed;
  }

  /** The old device answers "Show it the conversation so far?" (POST /api/check-in/:id/handover). */
  async decideHandover(deviceHash: string, approve: boolean): Promise<"approved" | "declined" | "none"> {
    this.refresh();
    const decided = this.ownership.handover.decide(deviceHash, approve, Date.now());
    if (decided.outcome !== "none") {
      // The new device's tabs redraw: with the conversation so far, or told it stays hidden.
      this.view = null;
      if (this.store.session()) this.broadcast(this.snapshot(Date.now()));
    }
    return decided.outcome;
  }

  /** 'Email me a fresh link': records its claim's hash for the browser that asked (the Worker sends the email). */
  async issueFreshLink(requestedBy: string, claimHash: string): Promise<FreshLinkOutcome> {
    return this.ownership.issueClaim(requestedBy, claimHash, Date.now());
  }

  private async ensureStarted(init: SessionInit | null): Promise<boolean> {
    if (this.store.session()) return true;
    if (!init) return false;
    await this.ctx.blockConcurrencyWhile(async () => {
      if (!this.store.session())
        await startSession(
          dbForCheckIn(this.env, init.checkInId),
          this.store,
          this.schedule,
          this.budget,
          init,
          providerFor(readConfig(this.env)).kind === "openai" ? RESERVE_BLOCK : 0,
          Date.now(),
        );
    });
    return this.store.session() !== null;
  }

  // The hot path keeps the session row this instance already holds (its own writes keep it
  // current); connects, alarms and RPCs read it again.
  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const size = typeof raw === "string" ? raw.length : raw.byteLength;
    if (size > MAX_FRAME_BYTES) return this.refuse(ws, "frame_too_large");
    const frame = parseClientFrame(raw);
    if (!this.rate.allow(Date.now())) {
      return this.refuse(ws, "rate_limited", frame?.type === "message" ? frame.clientId : undefined);
    }
    if (!frame) return this.refuse(ws, "invalid_frame");
    switch (frame.type) {
      case "message":
        try {
          return this.receiveMessage(ws, frame.clientId, frame.content);
        } catch (error) {
          // Storage refused the message: say so (spec 2 §8 "Message Error"); the page keeps it and resends.
          log("error", "checkin_message_failed", { error });
          return this.refuse(ws, "internal_error", frame.clientId);
        }
      case "pause":
        return this.clock.pause(Date.now());
      case "resume":
        return this.clock.resume(Date.now());
      case "ping":
        ws.send(PONG_FRAME);
        return;
      case "summary.correct": {
        const summary = this.summary.correct(frame.dimension, frame.band, Date.now());
        return summary ? this.broadcast({ type: "summary", summary }) : this.refuse(ws, "no_summary");
      }
      case "summary.confirm":
        if (!this.summary.waiting()) return this.refuse(ws, "no_summary");
        this.schedule.clear("complete");
        return this.complete(Date.now());
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.sockets = null;
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed (the runtime may reply to the close itself).
    }
  }

  override async webSocketError(): Promise<void> {
    // Nothing else to clean: state lives in storage, and the page reconnects.
    this.sockets = null;
  }

  override async alarm(): Promise<void> {
    this.refresh();
    const now = Date.now();
    for (const kind of this.schedule.takeDue(now)) {
      if (kind === "closing") {
        if (this.clock.closingDue(now)) this.beginClosing(now);
      } else if (kind === "summary") {
        const summary = this.summary.show(now);
        if (summary) this.broadcast({ type: "summary", summary });
      } else if (kind === "complete") await this.complete(now);
      else if (kind === "retry") {
        if (await this.outbox.flush()) this.cleanUp();
      } else if (kind === "expire") await this.expire(now);
      else if (kind === "erase") {
        if (await this.retention.eraseIfDue(now)) return this.afterErase();
      }
      // "watchdog": left by an older version's chat; the resume below is what it did.
    }
    // Any alarm is a chance to answer what an instance lost mid-reply (replies.ts).
    this.replies.resumeIfOwed();
    this.schedule.arm();
  }

  /**
   * The admin revoked the link (RPC from the Worker, after D1 says expired). An open chat ends
   * at once and nothing of it is kept: a revoked check-in never becomes scores, and the object
   * keeps no transcript. Every device is told why (the snapshot's `closedReason`), so the page
   * says it was withdrawn rather than expired. A completed one is left alone.
   */
  async revoke(): Promise<void> {
    this.end(1000, "Check-in revoked", "revoked");
  }

  /**
   * The member followed "This wasn't me" from a move's email (D1 already says expired): as a
   * revoke, and every device is told why (the snapshot's `closedReason`, close code 4410).
   */
  async closeNotMe(): Promise<void> {
    this.end(NOT_ME_CLOSE_CODE, "Closed: the move was not the member", "not_me");
  }

  private end(code: number, reason: string, closedReason?: ClosedReason) {
    this.refresh();
    const session = this.store.session();
    if (!session || session.status === "completed" || session.status === "expired") return;
    // Not settled: the interrupted reply is dropped with the rest.
    this.replies.drop();
    this.store.update({ status: "expired" });
    this.schedule.clearAll();
    this.outbox.clear();
    this.broadcast(this.snapshot(Date.now(), closedReason));
    closeAll(this.ctx.getWebSockets(), code, reason);
    this.cleanUp();
  }

  /**
   * Its organization was suspended (RPC from the console): the open sockets close, and the
   * link refuses to reconnect until the suspension is lifted. Nothing of the chat is lost.
   */
  async disconnect(): Promise<void> {
    closeAll(this.ctx.getWebSockets(), SUSPENDED_CLOSE_CODE, "Organization suspended");
  }

  /** What the owner's device may see: after a move, not what came before it (handover.ts). */
  private view: SocketView | null = null;
  private socketView(): SocketView {
    this.view ??= this.ownership.handover.visibility();
    return this.view;
  }

  snapshot(now: number, closedReason?: ClosedReason): ServerFrame {
    const session = this.store.session();
    const view = this.socketView();
    const messages = session ? this.store.chatMessages(view.fromSeq, view.hiddenReplyId) : [];
    const streaming = visibleTo(view, this.replies.streaming);
    const frame = snapshotFrame(session, messages, streaming, now, {
      earlierHidden: view.earlierHidden,
      closedReason,
    });
    const summary = this.summary.current();
    return frame.type === "snapshot" && summary ? { ...frame, summary } : frame;
  }

  // ── Messages ────────────────────────────────────────────────────────────────

  /**
   * The hot path: store, then ack. One INSERT (idempotent on client_id), then the ack;
   * the runtime's output gate holds the ack until the write is durable. Everything else
   * (other tabs, the timer, the reply) happens after.
   */
  private receiveMessage(ws: WebSocket, clientId: string, rawContent: string) {
    const content = rawContent.trim();
    if (content.length === 0) return this.refuse(ws, "empty_message", clientId);
    if (content.length > MAX_MESSAGE_CHARS) return this.refuse(ws, "message_too_long", clientId);
    const session = this.store.session();
    if (!session) return this.refuse(ws, "check_in_closed", clientId);
    const { status, paused_at: pausedAt } = session;
    const now = Date.now();
    const messageId = crypto.randomUUID();
    // Once the summary is shown the conversation is fixed: what they confirm is what is stored.
    const open = status === "active" || (status === "closing" && session.summary_at === null);
    // Per-chat caps (limits.ts); a resent clientId is still acked below.
    if (open && !withinCaps(this.store.userTotals(), content.length)) {
      const existing = this.store.messageIdForClient(clientId);
      if (!existing) return this.refuse(ws, "chat_full", clientId);
      return safeSend(ws, JSON.stringify({ type: "ack", clientId, messageId: existing }));
    }
    if (!open || !this.store.insertUser(messageId, clientId, content, now, this.store.questionPillar())) {
      // A resent clientId is acked again, never stored twice (also once the chat has closed).
      const existing = this.store.messageIdForClient(clientId);
      if (!existing) return this.refuse(ws, "check_in_closed", clientId);
      return safeSend(ws, JSON.stringify({ type: "ack", clientId, messageId: existing }));
    }
    const starting = session.started_at === null && status === "active";
    if (starting) {
      this.store.update({ started_at: now });
      this.outbox.enqueue("started", now);
    }
    ws.send(JSON.stringify({ type: "ack", clientId, messageId } satisfies ServerFrame));

    // After the ack: sending while paused resumes (spec 2 §4), other tabs catch up, the clock starts.
    if (pausedAt !== null) this.clock.resume(now);
    if (starting) {
      // The closing alarm is the chat's earliest: the runtime schedules an alarm moved earlier
      // before the commit, under the output gate, so in this commit it held the first ack for a
      // second fsync. It goes in its own commit on the next task (a connect sets it again if an
      // instance died in between: `ensureClosing`), and the `started` row's D1 write after it.
      this.ctx.waitUntil(
        nextTask().then(() => {
          this.clock.ensureClosing(now);
          this.clock.broadcastTimer(now);
          return this.outbox.flush();
        }),
      );
    }
    // Other tabs get the one message (a delta), never the whole transcript again.
    const others = this.openSockets().filter((socket) => socket !== ws);
    if (others.length > 0) {
      broadcast(others, {
        type: "user.message",
        message: { id: messageId, sender: "user", content, createdAt: now, clientId },
      });
    }
    if (status === "active") this.replies.request();
  }

  private refuse(ws: WebSocket, code: ErrorCode, clientId?: string) {
    safeSend(ws, JSON.stringify(errorFrame(code, clientId)));
  }

  // ── Closing and completion ──────────────────────────────────────────────────

  /** The mandatory closing message, whatever was under way; the summary follows 4 s later (summary.ts). */
  private beginClosing(now: number) {
    const session = this.store.session();
    if (session?.status !== "active") return;
    this.replies.interrupt();
    this.clock.unpause(session, now);
    const { messageId, content } = recordClosing(this.store, session, now);
    this.schedule.clear("closing");
    this.schedule.set("summary", now + COMPLETION_DELAY_MS);
    this.schedule.arm();
    this.broadcast({ type: "assistant.delta", messageId, delta: content });
    this.broadcast({ type: "assistant.done", messageId, content });
    this.clock.broadcastTimer(now);
    // The chat's new status (closing, no summary yet): the pages close their answer box now,
    // rather than invite answers for the 4 s until the summary that nobody would reply to.
    this.broadcast(this.snapshot(now));
    this.replies.startJudging();
    // After this turn (its frames leave first): the reader's judgement, ahead of the summary.
    // Optional: without it (evicted, or it failed) the summary reads the transcript itself.
    setTimeout(() => {
      try {
        this.summary.readAhead();
      } catch (error) {
        log("warn", "checkin_read_ahead_failed", { error });
      }
    }, 0);
  }

  private async complete(now: number) {
    if (this.store.session()?.status === "closing") {
      this.store.update({ status: "completed", completed_at: now });
      this.outbox.enqueue("completion", now);
    }
    if (!this.store.session()) return;
    // Once the batch is in D1 (or, if it failed, once the retry is scheduled: the object holds it).
    let told = false;
    const tell = () => {
      if (told) return;
      told = true;
      this.broadcast({ type: "completed" });
      closeAll(this.ctx.getWebSockets(), 1000, "Check-in completed");
    };
    const landed = await this.outbox.flush(tell);
    tell();
    if (landed) this.cleanUp();
  }

  /** Never started by the max response time: expired, and nothing else to keep. */
  private async expire(now: number) {
    const session = this.store.session();
    if (session?.status !== "active" || session.started_at !== null) return;
    if (now < session.expires_at) return this.schedule.set("expire", session.expires_at);
    this.store.update({ status: "expired" });
    this.outbox.enqueue("expired", now);
    this.broadcast(this.snapshot(now));
    closeAll(this.ctx.getWebSockets(), 1000, "Check-in expired");
    if (await this.outbox.flush()) this.cleanUp();
  }

  /**
   * Once D1 holds everything: a completed chat keeps only its transcript (and session row)
   * until Global Settings' transcript days have passed (transcript-retention.ts), because
   * D1 keeps no transcript; an expired or revoked one keeps nothing.
   */
  private cleanUp() {
    const status = this.store.session()?.status;
    if ((status !== "completed" && status !== "expired") || !this.outbox.isEmpty()) return;
    closeAll(this.ctx.getWebSockets(), 1000, "Check-in closed");
    if (status === "completed" && !this.outbox.checkInGone) return this.retention.keep(Date.now());
    this.ctx.waitUntil(
      (async () => {
        await this.schedule.disarm();
        await this.ctx.storage.deleteAll();
        this.afterErase();
      })(),
    );
  }

  /** Empty tables again, so a late event on this instance reads "no session" instead of failing. */
  private afterErase() {
    migrateStorage(this.ctx.storage);
    this.store.reset();
    this.summary.reset();
    this.view = null;
    this.budget.reset();
  }

  private broadcast(frame: ServerFrame) {
    // Every socket is the owner's device: a reply it must not see is not streamed to it.
    if ((frame.type === "assistant.delta" || frame.type === "assistant.done") && !visibleTo(this.socketView(), frame))
      return;
    broadcast(this.openSockets(), frame);
  }

  /**
   * The chat's sockets as the runtime last listed them: asked again after each change (a socket
   * accepted, closed or failed, other devices closed) instead of for every streamed delta. A
   * socket closing under us meanwhile is only a send that fails (safeSend).
   */
  private sockets: WebSocket[] | null = null;
  private openSockets(): WebSocket[] {
    this.sockets ??= this.ctx.getWebSockets();
    return this.sockets;
  }
}
