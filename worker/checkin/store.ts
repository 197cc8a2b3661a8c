import * as z from "zod/mini";
import type { BankQuestion } from "../ai/question-bank";
import type { Judgement, TranscriptMessage } from "../scoring/judgement";
import { type AiAgentConfig, aiAgentConfigSchema } from "../shared/ai-config";
import { CHAT_STATUSES, type ChatMessage, type ChatStatus, PHASES, type Phase } from "../shared/checkin-protocol";
import { PILLARS, type Pillar, QUESTION_TYPES, SCORE_DIMENSIONS } from "../shared/pillars";
import { RATING_KINDS, type RatingKind } from "../shared/self-rating";
import { pillarWeightsSchema } from "../shared/settings";
import type { UserTotals } from "./limits";
import type { FreshAnswer, ProgressByPillar } from "./progress";
import { type AskedQuestion, emptyPillarProgress, type PillarProgress, REMEMBERED_QUESTIONS } from "./rules";
import { SESSION_COLUMNS } from "./storage";

/**
 * Typed access to the CheckInSession object's session row, its messages and its last
 * questions. The tables are created and migrated by storage.ts; the session row's type is
 * derived from the columns declared there.
 *
 * The session row is read once per event (`refresh` at each entry point) and then kept in
 * memory: the object is single threaded and its own writes go through `update`, which
 * writes the changed columns and the copy together. The session facts (agent configuration, question bank, pillar weights,
 * ~10 KB) are validated when the check-in starts and parsed once per instance, instead of
 * a `select *` and three JSON parses per turn.
 *
 * Over 300 lines on purpose: the row types and every read and write of these three tables stay in
 * one file (the schedule, the outbox and the owner keep their own: alarms.ts, outbox.ts,
 * ownership.ts).
 */
type SqlValue<D extends string> = D extends `integer not null${string}`
  ? number
  : D extends `integer${string}`
    ? number | null
    : D extends `text not null${string}`
      ? string
      : string | null;
type Columns = typeof SESSION_COLUMNS;
type StoredRow = { [K in keyof Columns]: SqlValue<Columns[K]> };

/** Columns kept out of the in-memory state: the facts (parsed once, apart) and the LLM's judgement. */
const APART = ["config", "bank", "pillar_weights", "judgement"] as const;
type StateColumn = Exclude<keyof Columns, (typeof APART)[number]>;
const STATE_COLUMNS = (Object.keys(SESSION_COLUMNS) as (keyof Columns)[]).filter(
  (c): c is StateColumn => !(APART as readonly string[]).includes(c),
);

type NewSession = Pick<
  SessionState,
  | "check_in_id"
  | "organization_id"
  | "team_member_id"
  | "first_name"
  | "full_name"
  | "target_ms"
  | "expires_at"
  | "questions_asked"
  | "pillar_progress"
>;

/** The session row as the object uses it: enums narrowed, JSON columns parsed. */
export type SessionState = Omit<
  Pick<StoredRow, StateColumn>,
  "status" | "phase" | "pillar_progress" | "asked_bank_ids"
> & {
  status: ChatStatus;
  phase: Phase;
  pillar_progress: ProgressByPillar;
  asked_bank_ids: string[];
};

const pillarProgressEntry = z.object({
  questionsAsked: z.number(),
  timeSpentMs: z.number(),
  sentimentScore: z.number(),
  explored: z.boolean(),
  needsMoreExploration: z.boolean(),
  topics: z.array(z.string()),
});
/** Stored per pillar id; which pillars exist is the registry's business (progressByPillar). */
const progressSchema = z.record(z.string(), pillarProgressEntry);
const stateJsonSchema = z.object({
  status: z.enum(CHAT_STATUSES),
  phase: z.enum(PHASES),
  pillar_progress: progressSchema,
  asked_bank_ids: z.array(z.string()),
});

const bankQuestionSchema = z.object({
  id: z.string(),
  pillar: z.enum(PILLARS),
  questionText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  priorityOrder: z.number(),
  psychologicalFramework: z.nullable(z.string()),
});

export const sessionFactsSchema = z.object({
  config: aiAgentConfigSchema,
  bank: z.array(bankQuestionSchema),
  pillarWeights: pillarWeightsSchema,
});
export type SessionFacts = {
  config: AiAgentConfig;
  bank: BankQuestion[];
  pillarWeights: z.infer<typeof pillarWeightsSchema>;
};

export const storedJudgementSchema = z.object({
  count: z.number(),
  judgement: z.object({
    raw: z.partialRecord(z.enum(SCORE_DIMENSIONS), z.number()),
    blockers: z.array(z.object({ theme: z.string(), description: z.string() })),
    judgedBy: z.enum(["llm", "lexicon"]),
  }),
});

export type MessageRow = {
  seq: number;
  id: string;
  client_id: string | null;
  sender: "user" | "assistant";
  content: string;
  created_at: number;
  pillar: Pillar | null;
  /** The one-tap rating an assistant message asks (null for any other message). */
  rating: RatingKind | null;
};

const ratingOf = (value: string | null): RatingKind | null =>
  (RATING_KINDS as readonly string[]).includes(value ?? "") ? (value as RatingKind) : null;

/**
 * A chat's stored progress over today's pillars: a pillar added to the registry since the
 * chat began starts empty there, and one that is gone is left out, so a chat in progress
 * survives a change of the registry.
 */
export function progressByPillar(stored: Readonly<Record<string, PillarProgress>>): ProgressByPillar {
  const empty = emptyPillarProgress();
  return Object.fromEntries(PILLARS.map((pillar) => [pillar, stored[pillar] ?? empty[pillar]])) as ProgressByPillar;
}

/** The session row as the object holds it: its JSON columns parsed and checked. */
function stateOf(row: Pick<StoredRow, StateColumn>): SessionState {
  const parsed = stateJsonSchema.parse({
    status: row.status,
    phase: row.phase,
    pillar_progress: JSON.parse(row.pillar_progress),
    asked_bank_ids: JSON.parse(row.asked_bank_ids),
  });
  return { ...row, ...parsed, pillar_progress: progressByPillar(parsed.pillar_progress) };
}

/** The latest message and the latest question: read on every message, so kept in memory too. */
type Tail = { lastSender: "user" | "assistant" | null; questionPillar: Pillar | null };

/** The ratings asked so far, and whether the latest question was one (the interviewers ask each once). */
export type RatingsAsked = { asked: RatingKind[]; lastWasRating: boolean };

/** What a turn reads of the conversation: the transcript, the answers not yet counted, the ratings asked. */
export type TurnMessages = { transcript: TranscriptMessage[]; answers: FreshAnswer[]; ratings: RatingsAsked };

type RememberedQuestion = AskedQuestion & { seq: number };

/** A message as a turn reads it. */
type TurnRow = Pick<MessageRow, "seq" | "sender" | "content" | "created_at" | "pillar" | "rating">;

export class SessionStore {
  private state: SessionState | null | undefined;
  private facts: SessionFacts | undefined;
  private tail: Tail | undefined;
  /** The salesperson's messages and characters so far (the chat's caps), counted once per event. */
  private totals: UserTotals | undefined;
  /** The last questions (the repetition check), as stored: read once per event, kept in step by `rememberQuestion`. */
  private asked: RememberedQuestion[] | undefined;
  /**
   * The messages a turn reads, as stored: read once per event, kept in step by the two inserts
   * (a turn read the whole table again, one statement and every row, for each message).
   */
  private turnRows: TurnRow[] | undefined;

  /** The tables exist already: the object migrated its storage before building its parts (storage.ts). */
  constructor(private readonly sql: SqlStorage) {}

  /** After the object's storage was deleted (and migrated again, empty): nothing remembered. */
  reset() {
    this.state = null;
    this.facts = undefined;
    this.tail = undefined;
    this.totals = undefined;
    this.asked = undefined;
    this.turnRows = undefined;
  }

  // ── The session row ────────────────────────────────────────────────────────

  /** A new event: the row is read again on first use (storage may have been changed from outside, e.g. by tests). */
  refresh() {
    this.state = undefined;
    this.totals = undefined;
    this.asked = undefined;
    this.turnRows = undefined;
  }

  /** The check-in starts: its facts from the Worker, the configuration and bank from D1 (as their loaders validated them). */
  create(row: NewSession, facts: SessionFacts) {
    // Already validated by their loaders (agent-config, settings) or typed by D1's schema (the bank).
    const checked = facts;
    const values: Partial<StoredRow> = {
      ...row,
      pillar_progress: JSON.stringify(row.pillar_progress),
      config: JSON.stringify(checked.config),
      bank: JSON.stringify(checked.bank),
      pillar_weights: JSON.stringify(checked.pillarWeights),
    };
    const names = Object.keys(values);
    // The new row comes back from the insert itself (with the columns' defaults): no read after it.
    const [created] = this.sql
      .exec<Pick<StoredRow, StateColumn>>(
        `insert into session (id, ${names.join(", ")}) values (1, ${names.map(() => "?").join(", ")}) returning ${STATE_COLUMNS.join(", ")}`,
        ...Object.values(values),
      )
      .toArray();
    this.state = created ? stateOf(created) : undefined;
    this.facts = checked;
  }

  session(): SessionState | null {
    if (this.state === undefined) {
      const row = this.sql
        .exec<Pick<StoredRow, StateColumn>>(`select ${STATE_COLUMNS.join(", ")} from session where id = 1`)
        .toArray()[0];
      this.state = row ? stateOf(row) : null;
    }
    return this.state;
  }

  requireSession(): SessionState {
    const session = this.session();
    if (!session) throw new Error("check-in session is not initialized");
    return session;
  }

  /** Writes the changed columns and keeps the in-memory copy in step. */
  update(patch: Partial<SessionState>) {
    const session = this.requireSession();
    const names = Object.keys(patch) as (keyof SessionState)[];
    if (names.length === 0) return;
    const values = names.map((name) => {
      const value = patch[name];
      return typeof value === "object" && value !== null ? JSON.stringify(value) : (value ?? null);
    });
    this.sql.exec(`update session set ${names.map((n) => `${n} = ?`).join(", ")} where id = 1`, ...values);
    this.state = { ...session, ...patch };
  }

  /** The configuration, bank and weights the check-in started with. */
  sessionFacts(): SessionFacts {
    if (!this.facts) {
      const row = this.sql
        .exec<Pick<StoredRow, "config" | "bank" | "pillar_weights">>(
          "select config, bank, pillar_weights from session where id = 1",
        )
        .one();
      this.facts = sessionFactsSchema.parse({
        config: JSON.parse(row.config),
        bank: JSON.parse(row.bank),
        pillarWeights: JSON.parse(row.pillar_weights),
      });
    }
    return this.facts;
  }

  /** Kept only until the summary is shown: what the salesperson confirms is what gets stored. */
  saveJudgement(count: number, judgement: Judgement) {
    this.sql.exec(
      "update session set judgement = ? where id = 1 and summary_at is null",
      JSON.stringify({ count, judgement }),
    );
  }

  /** The LLM's judgement fetched while closing, with how many messages it saw. */
  judgement(): { count: number; judgement: Judgement } | null {
    const raw = this.sql
      .exec<{ judgement: string | null }>("select judgement from session where id = 1")
      .toArray()[0]?.judgement;
    if (!raw) return null;
    const parsed = storedJudgementSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  // ── Messages ────────────────────────────────────────────────────────────────

  messageIdForClient(clientId: string): string | null {
    return (
      this.sql.exec<{ id: string }>("select id from messages where client_id = ?", clientId).toArray()[0]?.id ?? null
    );
  }

  /** Stores a user message unless its clientId is already stored (one statement on the hot path); true if stored. */
  insertUser(id: string, clientId: string, content: string, at: number, pillar: Pillar | null): boolean {
    const [stored] = this.sql
      .exec<{ seq: number }>(
        `insert into messages (id, client_id, sender, content, created_at, pillar) values (?, ?, 'user', ?, ?, ?)
         on conflict(client_id) do nothing returning seq`,
        id,
        clientId,
        content,
        at,
        pillar,
      )
      .toArray();
    if (stored) {
      this.tail = { ...this.readTail(), lastSender: "user" };
      if (this.totals) this.totals = { count: this.totals.count + 1, chars: this.totals.chars + content.length };
      this.turnRows?.push({ seq: stored.seq, sender: "user", content, created_at: at, pillar, rating: null });
    }
    return stored !== undefined;
  }

  insertAssistant(id: string, content: string, pillar: Pillar | null, at: number, rating: RatingKind | null = null) {
    const [stored] = this.sql
      .exec<{ seq: number }>(
        "insert into messages (id, sender, content, created_at, pillar, rating) values (?, 'assistant', ?, ?, ?, ?) on conflict(id) do nothing returning seq",
        id,
        content,
        at,
        pillar,
        rating,
      )
      .toArray();
    if (stored) this.turnRows?.push({ seq: stored.seq, sender: "assistant", content, created_at: at, pillar, rating });
    this.tail = { lastSender: "assistant", questionPillar: pillar };
  }

  /**
   * The salesperson's messages so far and their characters: counted from the table on first
   * use after an event's refresh, then kept up to date by `insertUser` (the hot path reads
   * no aggregate).
   */
  userTotals(): UserTotals {
    this.totals ??= this.sql
      .exec<UserTotals>(
        "select count(*) as count, coalesce(sum(length(content)), 0) as chars from messages where sender = 'user'",
      )
      .one();
    return this.totals;
  }

  lastSender(): Tail["lastSender"] {
    return this.readTail().lastSender;
  }

  /** The pillar of the latest question: the one a new answer answers. */
  questionPillar(): Pillar | null {
    return this.readTail().questionPillar;
  }

  private readTail(): Tail {
    if (!this.tail) {
      const last = this.sql
        .exec<{ sender: "user" | "assistant" }>("select sender from messages order by seq desc limit 1")
        .toArray()[0];
      const question = this.sql
        .exec<{ pillar: Pillar | null }>(
          "select pillar from messages where sender = 'assistant' order by seq desc limit 1",
        )
        .toArray()[0];
      this.tail = { lastSender: last?.sender ?? null, questionPillar: question?.pillar ?? null };
    }
    return this.tail;
  }

  messages(): MessageRow[] {
    return this.sql
      .exec<MessageRow>(
        "select seq, id, client_id, sender, content, created_at, pillar, rating from messages order by seq",
      )
      .toArray()
      .map((m) => ({ ...m, rating: ratingOf(m.rating) }));
  }

  /** The ratings asked so far, and whether the latest question was one (the interviewers ask each once). */
  ratingsAsked(): RatingsAsked {
    return this.turnMessages(Number.MAX_SAFE_INTEGER).ratings;
  }

  /** The seq the next message will get: where a moved chat's new device starts to see (handover.ts). */
  nextSeq(): number {
    return this.sql.exec<{ n: number }>("select coalesce(max(seq), 0) + 1 as n from messages").one().n;
  }

  /** The messages a device may see: from `fromSeq` on, without a reply it must not see. */
  chatMessages(fromSeq = 0, hiddenId: string | null = null): ChatMessage[] {
    const rows =
      fromSeq > 0 || hiddenId !== null
        ? this.sql
            .exec<MessageRow>("select * from messages where seq >= ? and id != ? order by seq", fromSeq, hiddenId ?? "")
            .toArray()
        : this.messages();
    return rows.map((m) => ({
      id: m.id,
      sender: m.sender,
      content: m.content,
      createdAt: m.created_at,
      ...(m.client_id ? { clientId: m.client_id } : {}),
      ...(m.rating ? { rating: m.rating } : {}),
    }));
  }

  transcript(): TranscriptMessage[] {
    return this.turnMessages(Number.MAX_SAFE_INTEGER).transcript;
  }

  /** User messages after `seq`, each with the time of the question before it. */
  answersAfter(seq: number): FreshAnswer[] {
    return this.turnMessages(seq).answers;
  }

  /**
   * Everything a turn reads of the messages in one pass over the table (one statement instead
   * of three: every statement is also a span in the runtime's trace, README → Performance):
   * the transcript, the user messages after `processedSeq` each with the time of the question
   * before it, and the ratings asked.
   */
  turnMessages(processedSeq: number): TurnMessages {
    const rows = this.readTurnRows();
    const transcript: TranscriptMessage[] = [];
    const answers: FreshAnswer[] = [];
    const asked: RatingKind[] = [];
    let askedAt: number | null = null;
    let lastWasRating = false;
    for (const m of rows) {
      const rating = m.rating;
      transcript.push({ sender: m.sender, content: m.content, pillar: m.pillar, ...(rating ? { rating } : {}) });
      if (m.sender === "assistant") {
        askedAt = m.created_at;
        lastWasRating = rating !== null;
        if (rating) asked.push(rating);
      } else if (m.seq > processedSeq) {
        answers.push({ seq: m.seq, content: m.content, pillar: m.pillar, createdAt: m.created_at, askedAt });
      }
    }
    return { transcript, answers, ratings: { asked, lastWasRating } };
  }

  private readTurnRows(): TurnRow[] {
    this.turnRows ??= this.sql
      .exec<Omit<TurnRow, "rating"> & { rating: string | null }>(
        "select seq, sender, content, created_at, pillar, rating from messages order by seq",
      )
      .toArray()
      .map((m) => ({ ...m, rating: ratingOf(m.rating) }));
    return this.turnRows;
  }

  // ── The last questions (repetition check) ───────────────────────────────────

  /** Keeps the last REMEMBERED_QUESTIONS questions: the oldest goes only once there are more (no delete before). */
  rememberQuestion(question: AskedQuestion) {
    const asked = this.remembered();
    const { seq } = this.sql
      .exec<{ seq: number }>(
        "insert into asked_questions (content, theme) values (?, ?) returning seq",
        question.content,
        question.theme,
      )
      .one();
    asked.push({ seq, content: question.content, theme: question.theme });
    const over = asked.length - REMEMBERED_QUESTIONS;
    if (over > 0) {
      const oldestKept = asked[over]?.seq ?? seq;
      this.sql.exec("delete from asked_questions where seq < ?", oldestKept);
      asked.splice(0, over);
    }
  }

  lastAsked(): AskedQuestion[] {
    return this.remembered().map((q) => ({ content: q.content, theme: q.theme }));
  }

  private remembered(): RememberedQuestion[] {
    this.asked ??= this.sql
      .exec<RememberedQuestion>("select seq, content, theme from asked_questions order by seq")
      .toArray()
      .map((q) => ({ seq: q.seq, content: q.content, theme: q.theme }));
    return this.asked;
  }
}
