import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { closingFor, greetingFor } from "../ai/agent-config";
import { ALTERNATIVE_QUESTIONS, classifyReply, embeddedProvider, type PillarWeights, planReply } from "../ai/embedded";
import { createOpenAiProvider } from "../ai/openai-provider";
import { agentConfigFor } from "../ai/organization-config";
import type { InterviewProvider, InterviewRequest } from "../ai/provider";
import { type BankQuestion, loadQuestionBank } from "../ai/question-bank";
import type { Judgement, TranscriptMessage } from "../ai/scorer";
import { createDb } from "../db/client";
import { sentimentOf } from "../language/lexicon";
import { themeOf } from "../language/themes";
import { readConfig } from "../lib/config";
import { getGlobalSettings } from "../settings/global";
import type { AiAgentConfig } from "../shared/ai-config";
import {
  type ChatMessage,
  type ChatStatus,
  ERROR_MESSAGES,
  type ErrorCode,
  MAX_FRAME_BYTES,
  MAX_MESSAGE_CHARS,
  type Phase,
  PING_FRAME,
  PONG_FRAME,
  parseClientFrame,
  type ServerFrame,
} from "../shared/checkin-protocol";
import { CLOSING_PROGRESS, COMPLETION_DELAY_MS, SYNC_RETRY_MS } from "../shared/checkin-rules";
import type { Pillar } from "../shared/pillars";
import { type CompletionResult, completionOf } from "./completion";
import { checkInExists, persistCompletion, persistExpiry, persistStart } from "./persist";
import {
  type AskedQuestion,
  aiContextFor,
  closingDueAt,
  closureReached,
  elapsedMs,
  emptyPillarProgress,
  exploredCount,
  isRepetitive,
  MAX_PAUSE_MS,
  type PillarProgress,
  PROBE_BELOW,
  phaseFor,
  pickAlternative,
  REMEMBERED_QUESTIONS,
} from "./rules";

/**
 * One object per check-in conversation. Everything lives in the object's own SQLite
 * (messages, timer, phase, pillar progress, the last 5 questions, the queue of D1 writes,
 * the fallback flag), so an evicted or restarted object resumes exactly where it was: the
 * constructor only reads tables. Sockets use the Hibernation API, so an idle chat costs
 * nothing; every future action is a row in `schedule` and the one alarm is set to the
 * earliest row.
 *
 * The Worker validates id + token before it ever reaches this object; the first upgrade
 * carries the check-in's facts in the `x-checkin-init` header.
 */

export const INIT_HEADER = "x-checkin-init";

export const sessionInitSchema = z.object({
  checkInId: z.string().min(1),
  organizationId: z.string().min(1),
  teamMemberId: z.string().min(1),
  firstName: z.string(),
  fullName: z.string(),
  durationMinutes: z.number().int().min(1).max(120),
  expiresAt: z.number().int(),
});
export type SessionInit = z.infer<typeof sessionInitSchema>;

type SessionRow = {
  check_in_id: string;
  organization_id: string;
  team_member_id: string;
  first_name: string;
  full_name: string;
  target_ms: number;
  expires_at: number;
  status: ChatStatus;
  started_at: number | null;
  paused_at: number | null;
  paused_total_ms: number;
  phase: Phase;
  questions_asked: number;
  processed_seq: number;
  fallback: number;
  closing_at: number | null;
  completed_at: number | null;
  pillar_progress: string;
  asked_bank_ids: string;
  config: string;
  bank: string;
  pillar_weights: string;
  judgement: string | null;
  result: string | null;
};

type MessageRow = {
  seq: number;
  id: string;
  client_id: string | null;
  sender: "user" | "assistant";
  content: string;
  created_at: number;
  pillar: Pillar | null;
};

type AbsorbedProgress = { progress: Record<Pillar, PillarProgress>; processedSeq: number; changed: boolean };

type ScheduleKind = "closing" | "complete" | "retry" | "expire" | "watchdog";

/** A client may send this many frames in a burst, refilled at REFILL_PER_SECOND. */
const BURST = 20;
const REFILL_PER_SECOND = 2;
/** Re-checks a reply in progress; after an eviction it restarts the reply. */
const WATCHDOG_MS = 15_000;

const SCHEMA = `
create table if not exists session (
  id integer primary key check (id = 1),
  check_in_id text not null,
  organization_id text not null,
  team_member_id text not null,
  first_name text not null,
  full_name text not null,
  target_ms integer not null,
  expires_at integer not null,
  status text not null default 'active',
  started_at integer,
  paused_at integer,
  paused_total_ms integer not null default 0,
  phase text not null default 'opening',
  questions_asked integer not null default 0,
  processed_seq integer not null default 0,
  fallback integer not null default 0,
  closing_at integer,
  completed_at integer,
  pillar_progress text not null,
  asked_bank_ids text not null default '[]',
  config text not null,
  bank text not null,
  pillar_weights text not null,
  judgement text,
  result text
);
create table if not exists messages (
  seq integer primary key,
  id text not null unique,
  client_id text unique,
  sender text not null,
  content text not null,
  created_at integer not null,
  pillar text
);
create table if not exists asked_questions (
  seq integer primary key autoincrement,
  content text not null,
  theme text
);
create table if not exists schedule (kind text primary key, run_at integer not null);
create table if not exists pending_writes (
  kind text primary key,
  attempts integer not null default 0,
  last_error text,
  created_at integer not null
);
`;

export class CheckInSession extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** The reply being generated right now (in memory only: after an eviction it is generated again). */
  private streaming: { messageId: string; content: string; abort: AbortController } | null = null;
  private turnRunning = false;
  private turnAgain = false;
  private provider: InterviewProvider | undefined;
  private scoring: Promise<void> | null = null;
  /** The alarm time this instance last set (undefined: not known, e.g. after a restart or once it fired). */
  private armedAt: number | null | undefined;
  private readonly buckets = new WeakMap<WebSocket, { tokens: number; at: number }>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    // Heartbeats are answered by the runtime without waking a hibernated object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  // ── Entry points ────────────────────────────────────────────────────────────

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    let session = this.session();
    if (!session) {
      const raw = request.headers.get(INIT_HEADER);
      const parsed = raw ? sessionInitSchema.safeParse(safeJson(raw)) : null;
      if (!parsed?.success) return new Response("Check-in session not found", { status: 404 });
      await this.ctx.blockConcurrencyWhile(async () => {
        if (!this.session()) await this.initialize(parsed.data, Date.now());
      });
      session = this.session();
    }
    if (!session) return new Response("Check-in session not found", { status: 404 });

    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ connectedAt: Date.now() });
    server.send(JSON.stringify(this.snapshot(Date.now())));
    this.resumeIfOwed();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const size = typeof raw === "string" ? raw.length : raw.byteLength;
    if (size > MAX_FRAME_BYTES) return this.refuse(ws, "frame_too_large");
    if (!this.allow(ws)) {
      const frame = parseClientFrame(raw);
      return this.refuse(ws, "rate_limited", frame?.type === "message" ? frame.clientId : undefined);
    }
    const frame = parseClientFrame(raw);
    if (!frame) return this.refuse(ws, "invalid_frame");
    switch (frame.type) {
      case "message":
        try {
          return this.receiveMessage(ws, frame.clientId, frame.content);
        } catch (error) {
          // Storage refused the message: say so (spec 2 §8 "Message Error"); the page keeps it and resends.
          console.error(JSON.stringify({ level: "error", event: "message_failed", error: String(error) }));
          return this.refuse(ws, "internal_error", frame.clientId);
        }
      case "pause":
        return this.pause(Date.now());
      case "resume":
        return this.resume(Date.now());
      case "ping":
        ws.send(PONG_FRAME);
        return;
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed (the runtime may reply to the close itself).
    }
  }

  override async webSocketError(): Promise<void> {
    // Nothing to clean: state lives in storage, and the page reconnects.
  }

  override async alarm(): Promise<void> {
    // The runtime consumed the alarm that woke us.
    this.armedAt = undefined;
    const now = Date.now();
    const due = this.sql
      .exec<{ kind: ScheduleKind }>("select kind from schedule where run_at <= ? order by run_at", now)
      .toArray();
    for (const { kind } of due) {
      this.sql.exec("delete from schedule where kind = ?", kind);
      switch (kind) {
        case "closing":
          this.closingDue(now);
          break;
        case "complete":
          await this.complete(now);
          break;
        case "retry":
          if (await this.flushWrites()) this.cleanUp();
          break;
        case "expire":
          await this.expire(now);
          break;
        case "watchdog":
          this.resumeIfOwed();
          if (this.turnRunning) this.schedule("watchdog", now + WATCHDOG_MS);
          break;
      }
    }
    this.armAlarm();
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
    // Only the columns the hot path needs (the full row carries the configuration and the bank).
    const session = this.sql
      .exec<Pick<SessionRow, "status" | "started_at" | "paused_at">>(
        "select status, started_at, paused_at from session where id = 1",
      )
      .toArray()[0];
    if (!session) return this.refuse(ws, "check_in_closed", clientId);

    const existing = this.sql
      .exec<{ id: string }>("select id from messages where client_id = ?", clientId)
      .toArray()[0];
    if (existing) {
      ws.send(JSON.stringify({ type: "ack", clientId, messageId: existing.id } satisfies ServerFrame));
      return;
    }
    if (session.status !== "active" && session.status !== "closing")
      return this.refuse(ws, "check_in_closed", clientId);

    const now = Date.now();
    const messageId = crypto.randomUUID();
    const pillar = this.currentPillar();
    this.sql.exec(
      "insert into messages (id, client_id, sender, content, created_at, pillar) values (?, ?, 'user', ?, ?, ?)",
      messageId,
      clientId,
      content,
      now,
      pillar,
    );
    const starting = session.started_at === null && session.status === "active";
    if (starting) {
      this.sql.exec("update session set started_at = ? where id = 1", now);
      this.sql.exec(
        "insert into pending_writes (kind, created_at) values ('started', ?) on conflict(kind) do nothing",
        now,
      );
    }
    ws.send(JSON.stringify({ type: "ack", clientId, messageId } satisfies ServerFrame));

    // After the ack: sending while paused resumes (spec 2 §4), other tabs catch up, the clock starts.
    if (session.paused_at !== null) this.resume(now);
    if (starting) {
      this.scheduleClosing(now);
      this.broadcastTimer(now);
      this.ctx.waitUntil(this.flushWrites());
    }
    const others = this.ctx.getWebSockets().filter((socket) => socket !== ws);
    if (others.length > 0) {
      const snapshot = JSON.stringify(this.snapshot(now));
      for (const socket of others) safeSend(socket, snapshot);
    }
    if (session.status === "active") this.requestTurn();
  }

  private refuse(ws: WebSocket, code: ErrorCode, clientId?: string) {
    const frame: ServerFrame = {
      type: "error",
      code,
      message: ERROR_MESSAGES[code],
      ...(clientId ? { clientId } : {}),
    };
    safeSend(ws, JSON.stringify(frame));
  }

  /** Token bucket per socket: a flooding client is refused with rate_limited, the others are not affected. */
  private allow(ws: WebSocket): boolean {
    const now = Date.now();
    const bucket = this.buckets.get(ws) ?? { tokens: BURST, at: now };
    bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * REFILL_PER_SECOND);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(ws, bucket);
    return allowed;
  }

  // ── Replies ─────────────────────────────────────────────────────────────────

  /** One turn at a time; a message that arrives mid-reply gets its own turn afterwards. */
  private requestTurn() {
    if (this.turnRunning) {
      this.turnAgain = true;
      return;
    }
    this.turnRunning = true;
    // Started on a later task, so the ack's write commits and leaves before any reply work.
    const turn = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => this.runTurns());
    this.ctx.waitUntil(turn);
  }

  private async runTurns() {
    // The watchdog stays scheduled across turns and re-arms itself from the alarm while a turn
    // runs, instead of being set and cleared around every turn: two alarm writes per message
    // were a measurable share of the storage commits under load (npm run bench).
    if (!this.isScheduled("watchdog")) {
      this.schedule("watchdog", Date.now() + WATCHDOG_MS);
      this.armAlarm();
    }
    try {
      do {
        this.turnAgain = false;
        await this.replyOnce();
      } while (this.turnAgain);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", where: "checkin.turn", error: describe(error) }));
    } finally {
      this.turnRunning = false;
    }
  }

  /** After a restart: a user message without a reply gets one now. */
  private resumeIfOwed() {
    if (!this.turnRunning && this.replyOwed()) this.requestTurn();
  }

  private replyOwed(): boolean {
    if (this.status() !== "active") return false;
    const last = this.sql
      .exec<{ sender: string }>("select sender from messages order by seq desc limit 1")
      .toArray()[0];
    return last?.sender === "user";
  }

  private async replyOnce() {
    if (!this.replyOwed()) return;
    const now = Date.now();
    const session = this.requireSession();
    // Kept in memory and stored with the reply: one storage commit per turn instead of two.
    const absorbed = this.absorbedProgress(session);
    const elapsed = elapsedMs(timerOf(session), now);
    const progress = session.target_ms > 0 ? elapsed / session.target_ms : 1;
    const pillarProgress = absorbed.progress;

    if (closureReached(progress, exploredCount(pillarProgress), session.questions_asked)) {
      this.beginClosing(now);
      return;
    }

    const request = this.interviewRequest(session, elapsed, pillarProgress);
    const messageId = crypto.randomUUID();
    const abort = new AbortController();
    this.streaming = { messageId, content: "", abort };
    const streaming = this.streaming;

    let reply: {
      text: string;
      question: string;
      pillar: Pillar | null;
      theme: string | null;
      bankQuestionId: string | null;
    };
    const configured = session.fallback ? embeddedProvider : this.configuredProvider();
    if (configured.kind === "embedded") {
      reply = planReply(request);
      for (const delta of reply.text.match(/\S+\s*/g) ?? []) this.sendDelta(streaming, delta);
    } else {
      try {
        for await (const delta of configured.streamReply(request, abort.signal)) {
          if (abort.signal.aborted) break;
          this.sendDelta(streaming, delta);
        }
        if (abort.signal.aborted) return this.settleAborted(streaming);
        reply = this.reviewLlmReply(streaming.content.trim(), request.lastAsked);
      } catch (error) {
        if (abort.signal.aborted) return this.settleAborted(streaming);
        console.warn(JSON.stringify({ level: "warn", where: "checkin.provider", error: describe(error) }));
        this.activateFallback();
        // The partial reply (if any) is replaced by the embedded one in assistant.done.
        reply = planReply(request);
      }
    }
    if (this.streaming !== streaming || this.status() !== "active") return;
    this.storeReply(messageId, reply, absorbed, Date.now());
  }

  /** Deltas go out the moment they arrive: no batching, one frame per provider delta. */
  private sendDelta(streaming: { messageId: string; content: string }, delta: string) {
    streaming.content += delta;
    this.broadcast(
      JSON.stringify({ type: "assistant.delta", messageId: streaming.messageId, delta } satisfies ServerFrame),
    );
  }

  /** An LLM reply that repeats one of the last 5 questions gets an alternative question instead (spec 2 §8). */
  private reviewLlmReply(text: string, lastAsked: readonly AskedQuestion[]) {
    const classified = classifyReply(text);
    const candidate = { content: classified.question, theme: classified.theme };
    if (!isRepetitive(candidate, lastAsked)) {
      return {
        text,
        question: classified.question,
        pillar: classified.pillar,
        theme: classified.theme,
        bankQuestionId: null,
      };
    }
    const alternative = pickAlternative(ALTERNATIVE_QUESTIONS, lastAsked) ?? ALTERNATIVE_QUESTIONS[0];
    const question = alternative?.content ?? classified.question;
    const replaced = text.includes(classified.question)
      ? text.replace(classified.question, question)
      : `${text} ${question}`;
    return { text: replaced, question, pillar: null, theme: alternative?.theme ?? null, bankQuestionId: null };
  }

  private settleAborted(streaming: { messageId: string; content: string }) {
    // Closing interrupted the reply: keep what the salesperson already saw (once).
    if (this.streaming !== streaming) return;
    this.streaming = null;
    const content = streaming.content.trim();
    if (content) {
      this.insertAssistant(streaming.messageId, content, null, Date.now());
      this.broadcast(
        JSON.stringify({ type: "assistant.done", messageId: streaming.messageId, content } satisfies ServerFrame),
      );
    }
  }

  private storeReply(
    messageId: string,
    reply: {
      text: string;
      question: string;
      pillar: Pillar | null;
      theme: string | null;
      bankQuestionId: string | null;
    },
    absorbed: AbsorbedProgress,
    now: number,
  ) {
    const session = this.requireSession();
    const pillarProgress = absorbed.progress;
    if (reply.pillar) pillarProgress[reply.pillar].questionsAsked += 1;
    const askedBankIds = JSON.parse(session.asked_bank_ids) as string[];
    if (reply.bankQuestionId) askedBankIds.push(reply.bankQuestionId);
    const questionsAsked = session.questions_asked + 1;
    const elapsed = elapsedMs(timerOf(session), now);
    const phase = phaseFor(elapsed / session.target_ms, questionsAsked);

    this.insertAssistant(messageId, reply.text, reply.pillar, now);
    this.rememberQuestion({ content: reply.question, theme: reply.theme });
    this.sql.exec(
      "update session set questions_asked = ?, pillar_progress = ?, processed_seq = ?, asked_bank_ids = ?, phase = ? where id = 1",
      questionsAsked,
      JSON.stringify(pillarProgress),
      absorbed.processedSeq,
      JSON.stringify(askedBankIds),
      phase,
    );
    this.streaming = null;
    this.broadcast(JSON.stringify({ type: "assistant.done", messageId, content: reply.text } satisfies ServerFrame));
    if (phase !== session.phase) this.broadcastTimer(now);
  }

  private insertAssistant(id: string, content: string, pillar: Pillar | null, now: number) {
    this.sql.exec(
      "insert into messages (id, sender, content, created_at, pillar) values (?, 'assistant', ?, ?, ?) on conflict(id) do nothing",
      id,
      content,
      now,
      pillar,
    );
  }

  private rememberQuestion(question: AskedQuestion) {
    this.sql.exec("insert into asked_questions (content, theme) values (?, ?)", question.content, question.theme);
    this.sql.exec(
      "delete from asked_questions where seq not in (select seq from asked_questions order by seq desc limit ?)",
      REMEMBERED_QUESTIONS,
    );
  }

  /**
   * Credits each answer not yet counted to the pillar of the question it answers (explored,
   * time spent, sentiment). Nothing is written: the caller stores the result (with the reply,
   * or before closing); until then `processed_seq` stays put, so an interrupted turn simply
   * counts the same answers again next time.
   */
  private absorbedProgress(session: SessionRow): AbsorbedProgress {
    const progress = JSON.parse(session.pillar_progress) as Record<Pillar, PillarProgress>;
    const fresh = this.sql
      .exec<MessageRow>("select * from messages where sender = 'user' and seq > ? order by seq", session.processed_seq)
      .toArray();
    let lastSeq = session.processed_seq;
    for (const answer of fresh) {
      lastSeq = answer.seq;
      const pillar = answer.pillar;
      if (!pillar || !progress[pillar]) continue;
      const entry = progress[pillar];
      const question = this.sql
        .exec<{ created_at: number }>(
          "select created_at from messages where sender = 'assistant' and seq < ? order by seq desc limit 1",
          answer.seq,
        )
        .toArray()[0];
      const sentiment = sentimentOf(answer.content);
      const answered = entry.explored ? 1 : 0;
      entry.sentimentScore = Math.round((entry.sentimentScore * answered + sentiment.score) / (answered + 1));
      entry.explored = true;
      entry.needsMoreExploration = sentiment.score < PROBE_BELOW;
      entry.timeSpentMs += Math.max(0, answer.created_at - (question?.created_at ?? answer.created_at));
      const theme = themeOf(answer.content);
      if (theme && !entry.topics.includes(theme.id)) entry.topics.push(theme.id);
      // An answer that talks about another pillar covers that one too.
      if (theme && theme.pillar !== pillar && progress[theme.pillar]) {
        progress[theme.pillar].explored = true;
        progress[theme.pillar].needsMoreExploration ||= sentiment.score < PROBE_BELOW;
      }
    }
    return { progress, processedSeq: lastSeq, changed: fresh.length > 0 };
  }

  private saveProgress(absorbed: AbsorbedProgress) {
    if (!absorbed.changed) return;
    this.sql.exec(
      "update session set pillar_progress = ?, processed_seq = ? where id = 1",
      JSON.stringify(absorbed.progress),
      absorbed.processedSeq,
    );
  }

  private interviewRequest(
    session: SessionRow,
    elapsed: number,
    pillarProgress: Record<Pillar, PillarProgress>,
  ): InterviewRequest {
    const lastAsked = this.sql
      .exec<{ content: string; theme: string | null }>("select content, theme from asked_questions order by seq")
      .toArray()
      .map((q) => ({ content: q.content, theme: q.theme }));
    const messages = this.sql
      .exec<{ sender: "user" | "assistant"; content: string }>("select sender, content from messages order by seq")
      .toArray()
      .map((m) => ({ role: m.sender, content: m.content }));
    return {
      checkInId: session.check_in_id,
      firstName: session.first_name,
      messages,
      context: aiContextFor({
        elapsedMs: elapsed,
        targetMs: session.target_ms,
        questionsAsked: session.questions_asked,
        pillarProgress,
        lastAsked,
      }),
      config: JSON.parse(session.config) as AiAgentConfig,
      bank: JSON.parse(session.bank) as BankQuestion[],
      pillarWeights: JSON.parse(session.pillar_weights) as PillarWeights,
      lastAsked,
      askedBankIds: JSON.parse(session.asked_bank_ids) as string[],
      pillarProgress,
      currentPillar: this.currentPillar(),
    };
  }

  private currentPillar(): Pillar | null {
    const row = this.sql
      .exec<{ pillar: Pillar | null }>(
        "select pillar from messages where sender = 'assistant' order by seq desc limit 1",
      )
      .toArray()[0];
    return row?.pillar ?? null;
  }

  private configuredProvider(): InterviewProvider {
    if (!this.provider) {
      const config = readConfig(this.env);
      this.provider = config.OPENAI_API_KEY
        ? createOpenAiProvider({
            apiKey: config.OPENAI_API_KEY,
            baseURL: config.OPENAI_BASE_URL,
            model: config.OPENAI_MODEL,
          })
        : embeddedProvider;
    }
    return this.provider;
  }

  private activateFallback() {
    const session = this.session();
    if (!session || session.fallback) return;
    this.sql.exec("update session set fallback = 1 where id = 1");
    this.broadcast(JSON.stringify({ type: "fallback", active: true } satisfies ServerFrame));
  }

  // ── Timer ───────────────────────────────────────────────────────────────────

  private pause(now: number) {
    const session = this.session();
    if (session?.status !== "active" || session.started_at === null || session.paused_at !== null) {
      return this.broadcastTimer(now);
    }
    // At 95 % the closing is due and a pause cannot stop it.
    if (elapsedMs(timerOf(session), now) >= session.target_ms * CLOSING_PROGRESS) return this.broadcastTimer(now);
    this.sql.exec("update session set paused_at = ? where id = 1", now);
    // The clock stops, but a chat paused too long is closed and saved as it stands.
    this.schedule("closing", now + MAX_PAUSE_MS);
    this.armAlarm();
    this.broadcastTimer(now);
  }

  private resume(now: number) {
    const session = this.session();
    if (!session || session.paused_at === null) return this.broadcastTimer(now);
    this.sql.exec(
      "update session set paused_total_ms = paused_total_ms + ?, paused_at = null where id = 1",
      Math.max(0, now - session.paused_at),
    );
    this.scheduleClosing(now);
    this.broadcastTimer(now);
  }

  private scheduleClosing(now: number) {
    const session = this.requireSession();
    const due = closingDueAt(timerOf(session), session.target_ms);
    if (due !== null) this.schedule("closing", Math.max(now, due));
    this.armAlarm();
  }

  private broadcastTimer(now: number) {
    const session = this.session();
    if (!session) return;
    const frame: ServerFrame = {
      type: "timer",
      elapsedMs: elapsedMs(timerOf(session), now),
      targetMs: session.target_ms,
      paused: session.paused_at !== null,
      phase: session.phase,
    };
    this.broadcast(JSON.stringify(frame));
  }

  // ── Closing and completion ──────────────────────────────────────────────────

  private closingDue(now: number) {
    const session = this.session();
    if (session?.status !== "active") return;
    const pausedTooLong = session.paused_at !== null && now - session.paused_at >= MAX_PAUSE_MS;
    const timeUp = elapsedMs(timerOf(session), now) >= session.target_ms * CLOSING_PROGRESS;
    if (pausedTooLong || timeUp) this.beginClosing(now);
    else this.scheduleClosing(now);
  }

  /** The mandatory closing message (the configured closing statement); completion follows 4 s later. */
  private beginClosing(now: number) {
    const session = this.session();
    if (session?.status !== "active") return;
    // The last answers count for the scores' pillar coverage even though no reply follows them.
    this.saveProgress(this.absorbedProgress(session));
    if (this.streaming) {
      const interrupted = this.streaming;
      interrupted.abort.abort();
      this.settleAborted(interrupted);
    }
    if (session.paused_at !== null) {
      this.sql.exec(
        "update session set paused_total_ms = paused_total_ms + ?, paused_at = null where id = 1",
        Math.max(0, now - session.paused_at),
      );
    }
    const content = closingFor(JSON.parse(session.config) as AiAgentConfig, session.first_name);
    const messageId = crypto.randomUUID();
    this.insertAssistant(messageId, content, null, now);
    this.sql.exec("update session set status = 'closing', closing_at = ?, phase = 'wrap-up' where id = 1", now);
    this.unschedule("closing");
    this.schedule("complete", now + COMPLETION_DELAY_MS);
    this.armAlarm();
    this.broadcast(JSON.stringify({ type: "assistant.delta", messageId, delta: content } satisfies ServerFrame));
    this.broadcast(JSON.stringify({ type: "assistant.done", messageId, content } satisfies ServerFrame));
    this.broadcastTimer(now);
    this.startScoring();
  }

  /** The LLM's judgement, when one is configured, is fetched during the 4 s before completion. */
  private startScoring() {
    const provider = this.configuredProvider();
    const session = this.session();
    if (provider.kind !== "openai" || !session || session.fallback) return;
    const transcript = this.transcript();
    const count = transcript.length;
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), COMPLETION_DELAY_MS + 2000);
    this.scoring = provider
      .judge(transcript, abort.signal)
      .then((judgement) => {
        this.sql.exec("update session set judgement = ? where id = 1", JSON.stringify({ count, judgement }));
      })
      .catch((error) => {
        console.warn(JSON.stringify({ level: "warn", where: "checkin.judge", error: describe(error) }));
      })
      .finally(() => clearTimeout(timeout));
    this.ctx.waitUntil(this.scoring);
  }

  private transcript(): TranscriptMessage[] {
    return this.sql
      .exec<{ sender: "user" | "assistant"; content: string; pillar: Pillar | null }>(
        "select sender, content, pillar from messages order by seq",
      )
      .toArray()
      .map((m) => ({ sender: m.sender, content: m.content, pillar: m.pillar }));
  }

  private async complete(now: number) {
    const session = this.session();
    if (!session) return;
    if (session.status === "closing") {
      const transcript = this.transcript();
      const llm = session.judgement ? (JSON.parse(session.judgement) as { count: number; judgement: Judgement }) : null;
      const pillarProgress = JSON.parse(session.pillar_progress) as Record<Pillar, PillarProgress>;
      const messages = this.sql
        .exec<MessageRow>("select * from messages order by seq")
        .toArray()
        .map((m) => ({ id: m.id, seq: m.seq, sender: m.sender, content: m.content, createdAt: m.created_at }));
      const result: CompletionResult = {
        ...completionOf({ transcript, memberName: session.full_name, llm }),
        checkInId: session.check_in_id,
        organizationId: session.organization_id,
        teamMemberId: session.team_member_id,
        startedAt: session.started_at,
        completedAt: now,
        fallbackUsed: session.fallback === 1,
        questionsAsked: session.questions_asked,
        pillarsExplored: exploredCount(pillarProgress),
        messages,
      };
      this.sql.exec(
        "update session set status = 'completed', completed_at = ?, result = ? where id = 1",
        now,
        JSON.stringify(result),
      );
      this.sql.exec(
        "insert into pending_writes (kind, created_at) values ('completion', ?) on conflict(kind) do nothing",
        now,
      );
    }
    const landed = await this.flushWrites();
    this.broadcast(JSON.stringify({ type: "completed" } satisfies ServerFrame));
    this.closeSockets(1000, "Check-in completed");
    if (landed) this.cleanUp();
  }

  /**
   * The admin revoked the link (RPC from the Worker, after D1 says expired). An open chat ends
   * at once and nothing of it is kept: a revoked check-in never becomes scores, and the object
   * keeps no transcript. A completed one is left alone.
   */
  async revoke(): Promise<void> {
    const session = this.session();
    if (!session || session.status === "completed" || session.status === "expired") return;
    if (this.streaming) {
      this.streaming.abort.abort();
      // Not settled: the interrupted reply is dropped with the rest.
      this.streaming = null;
    }
    this.sql.exec("update session set status = 'expired' where id = 1");
    this.sql.exec("delete from schedule");
    this.sql.exec("delete from pending_writes");
    this.broadcast(JSON.stringify(this.snapshot(Date.now())));
    this.closeSockets(1000, "Check-in revoked");
    this.cleanUp();
  }

  /** Never started by the max response time: expired, and nothing else to keep. */
  private async expire(now: number) {
    const session = this.session();
    if (session?.status !== "active" || session.started_at !== null) return;
    if (now < session.expires_at) return this.schedule("expire", session.expires_at);
    this.sql.exec("update session set status = 'expired' where id = 1");
    this.sql.exec(
      "insert into pending_writes (kind, created_at) values ('expired', ?) on conflict(kind) do nothing",
      now,
    );
    this.broadcast(JSON.stringify(this.snapshot(now)));
    this.closeSockets(1000, "Check-in expired");
    if (await this.flushWrites()) this.cleanUp();
  }

  /**
   * Runs the queued D1 writes in order. A failure leaves the row in the queue and schedules
   * a retry in 5 s (spec 2 §9); every write is idempotent, so a retry or a second alarm run
   * never writes twice. Returns true when the queue is empty.
   */
  private async flushWrites(): Promise<boolean> {
    const pending = this.sql
      .exec<{ kind: string }>("select kind from pending_writes order by created_at, kind")
      .toArray();
    for (const { kind } of pending) {
      const session = this.session();
      if (!session) return true;
      try {
        if (kind === "started" && session.started_at !== null) {
          await persistStart(this.env.DB, session.check_in_id, session.started_at);
        } else if (kind === "completion" && session.result) {
          await persistCompletion(this.env.DB, JSON.parse(session.result) as CompletionResult);
        } else if (kind === "expired") {
          await persistExpiry(this.env.DB, session.check_in_id);
        }
        this.sql.exec("delete from pending_writes where kind = ?", kind);
      } catch (error) {
        // The check-in itself was deleted (its team member removed): nothing can ever land.
        if (!(await checkInExists(this.env.DB, session.check_in_id).catch(() => true))) {
          this.sql.exec("delete from pending_writes");
          return true;
        }
        this.sql.exec(
          "update pending_writes set attempts = attempts + 1, last_error = ? where kind = ?",
          describe(error).slice(0, 500),
          kind,
        );
        console.warn(JSON.stringify({ level: "warn", where: "checkin.d1", kind, error: describe(error) }));
        this.schedule("retry", Date.now() + SYNC_RETRY_MS);
        this.armAlarm();
        return false;
      }
    }
    return true;
  }

  /** Once D1 holds everything, the object keeps nothing: the transcript is not duplicated here. */
  private cleanUp() {
    const session = this.session();
    if (!session || (session.status !== "completed" && session.status !== "expired")) return;
    const left = this.sql.exec<{ n: number }>("select count(*) as n from pending_writes").one().n;
    if (left > 0) return;
    this.closeSockets(1000, "Check-in closed");
    this.ctx.waitUntil(
      (async () => {
        this.armedAt = null;
        await this.ctx.storage.deleteAlarm();
        await this.ctx.storage.deleteAll();
        // Empty tables again, so a late event on this instance reads "no session" instead of failing.
        this.sql.exec(SCHEMA);
      })(),
    );
  }

  // ── State helpers ───────────────────────────────────────────────────────────

  /** First connection: the check-in's facts from the Worker, the AI configuration and bank from D1. */
  private async initialize(init: SessionInit, now: number) {
    const db = createDb(this.env.DB);
    const [config, bank, settings] = await Promise.all([
      agentConfigFor(db, init.organizationId),
      loadQuestionBank(db),
      getGlobalSettings(db),
    ]);
    const targetMs = init.durationMinutes * 60_000;
    const greeting = greetingFor(config, init.firstName);
    // The greeting asks how the week has been: a morale question, whatever words it uses.
    const greetingTheme = { id: "mood", pillar: "morale" as const };
    this.sql.exec(
      `insert into session (id, check_in_id, organization_id, team_member_id, first_name, full_name, target_ms, expires_at,
        pillar_progress, config, bank, pillar_weights, questions_asked)
       values (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
      init.checkInId,
      init.organizationId,
      init.teamMemberId,
      init.firstName,
      init.fullName,
      targetMs,
      init.expiresAt,
      JSON.stringify(withGreetingCounted(emptyPillarProgress(), greetingTheme.pillar)),
      JSON.stringify(config),
      JSON.stringify(bank),
      JSON.stringify(settings.pillarWeights),
    );
    this.insertAssistant(crypto.randomUUID(), greeting, greetingTheme.pillar, now);
    this.rememberQuestion({ content: greeting, theme: greetingTheme.id });
    this.schedule("expire", init.expiresAt);
    this.armAlarm();
  }

  /** Only the status (the full row carries the configuration and the question bank). */
  private status(): ChatStatus | null {
    return (
      this.sql.exec<{ status: ChatStatus }>("select status from session where id = 1").toArray()[0]?.status ?? null
    );
  }

  private session(): SessionRow | null {
    return (
      (this.sql.exec<SessionRow>("select * from session where id = 1").toArray()[0] as SessionRow | undefined) ?? null
    );
  }

  private requireSession(): SessionRow {
    const session = this.session();
    if (!session) throw new Error("check-in session is not initialized");
    return session;
  }

  snapshot(now: number): ServerFrame {
    const session = this.session();
    const rows = session ? this.sql.exec<MessageRow>("select * from messages order by seq").toArray() : [];
    const messages: ChatMessage[] = rows.map((m) => ({
      id: m.id,
      sender: m.sender,
      content: m.content,
      createdAt: m.created_at,
      ...(m.client_id ? { clientId: m.client_id } : {}),
    }));
    if (this.streaming) {
      messages.push({
        id: this.streaming.messageId,
        sender: "assistant",
        content: this.streaming.content,
        createdAt: now,
        streaming: true,
      });
    }
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

  private schedule(kind: ScheduleKind, runAt: number) {
    this.sql.exec(
      "insert into schedule (kind, run_at) values (?, ?) on conflict(kind) do update set run_at = excluded.run_at",
      kind,
      runAt,
    );
  }

  private isScheduled(kind: ScheduleKind): boolean {
    return this.sql.exec("select 1 from schedule where kind = ?", kind).toArray().length > 0;
  }

  private unschedule(kind: ScheduleKind) {
    this.sql.exec("delete from schedule where kind = ?", kind);
  }

  /** One alarm, set to the earliest scheduled action (or none); not rewritten when it is already so. */
  private armAlarm() {
    const next = this.sql.exec<{ at: number | null }>("select min(run_at) as at from schedule").one().at;
    if (next === this.armedAt) return;
    this.armedAt = next;
    if (next === null) void this.ctx.storage.deleteAlarm();
    else void this.ctx.storage.setAlarm(next);
  }

  private broadcast(frame: string) {
    for (const socket of this.ctx.getWebSockets()) safeSend(socket, frame);
  }

  private closeSockets(code: number, reason: string) {
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.close(code, reason);
      } catch {
        // already closing
      }
    }
  }
}

function withGreetingCounted(progress: Record<Pillar, PillarProgress>, pillar: Pillar) {
  progress[pillar].questionsAsked += 1;
  return progress;
}

function timerOf(session: SessionRow) {
  return { startedAt: session.started_at, pausedAt: session.paused_at, pausedTotalMs: session.paused_total_ms };
}

function safeSend(socket: WebSocket, frame: string) {
  try {
    socket.send(frame);
  } catch {
    // A socket closing under us; the page reconnects and gets a snapshot.
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
