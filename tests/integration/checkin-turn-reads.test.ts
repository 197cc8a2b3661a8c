import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_MODEL_REPLIES, ModelBudget } from "../../worker/checkin/model-budget";
import { withSentiment } from "../../worker/checkin/progress";
import { NEUTRAL_SENTIMENT, PROBE_BELOW, REMEMBERED_QUESTIONS } from "../../worker/checkin/rules";
import { SessionStore } from "../../worker/checkin/store";
import { sentimentOf } from "../../worker/language/lexicon";
import { chatOpener, createCheckIn, objectTables, sessionStub, travel } from "./checkin-helpers";

/**
 * What a turn reads from the check-in object's storage (issue 26 §6, README → Performance):
 * the messages in one statement, the last questions and the model-call count kept in memory
 * between messages. Each must read exactly what the storage holds, after an eviction and after an outside change.
 */

const open = chatOpener();

/** The three statements a turn ran before `turnMessages` (the reference it must agree with). */
function readTheOldWay(sql: SqlStorage, processedSeq: number) {
  const transcript = sql
    .exec<{ sender: string; content: string; pillar: string | null; rating: string | null }>(
      "select sender, content, pillar, rating from messages order by seq",
    )
    .toArray()
    .map((m) => ({
      sender: m.sender,
      content: m.content,
      pillar: m.pillar,
      ...(m.rating ? { rating: m.rating } : {}),
    }));
  const answers = sql
    .exec<{ seq: number; content: string; pillar: string | null; created_at: number; asked_at: number | null }>(
      `select m.seq, m.content, m.pillar, m.created_at,
         (select q.created_at from messages q where q.sender = 'assistant' and q.seq < m.seq order by q.seq desc limit 1) as asked_at
       from messages m where m.sender = 'user' and m.seq > ? order by m.seq`,
      processedSeq,
    )
    .toArray()
    .map((a) => ({ seq: a.seq, content: a.content, pillar: a.pillar, createdAt: a.created_at, askedAt: a.asked_at }));
  const rows = sql
    .exec<{ rating: string | null }>("select rating from messages where sender = 'assistant' order by seq")
    .toArray();
  const ratings = { asked: rows.flatMap((r) => r.rating ?? []), lastWasRating: (rows.at(-1)?.rating ?? null) !== null };
  return { transcript, answers, ratings };
}

const storedQuestions = (sql: SqlStorage) =>
  sql
    .exec<{ content: string }>("select content from asked_questions order by seq")
    .toArray()
    .map((q) => q.content);

describe("a turn's reads of the object's storage", () => {
  it("reads the messages once, and finds what the three statements did", async () => {
    await runInDurableObject(sessionStub(crypto.randomUUID()), (_instance, state) => {
      const store = new SessionStore(state.storage.sql);
      // A user message before any question, questions with and without a rating, answers in a row.
      store.insertUser("u0", "c0", "Hi there", 1_000, null);
      store.insertAssistant("a1", "How was the week?", "morale", 2_000);
      store.insertUser("u1", "c1", "Busy but fine.", 3_000, "morale");
      store.insertAssistant("a2", "How confident are you, 1 to 5?", "quota_confidence", 4_000, "confidence");
      store.insertUser("u2", "c2", "A 4.", 5_000, "quota_confidence");
      store.insertUser("u3", "c3", "Maybe a 3 actually.", 6_000, "quota_confidence");
      const seqs = state.storage.sql
        .exec<{ seq: number }>("select seq from messages order by seq")
        .toArray()
        .map((r) => r.seq);
      for (const processed of [0, ...seqs]) {
        expect(store.turnMessages(processed)).toEqual(readTheOldWay(state.storage.sql, processed));
      }
      store.insertAssistant("a3", "Anything in your way?", "blockers", 7_000);
      expect(store.turnMessages(0)).toEqual(readTheOldWay(state.storage.sql, 0));
      expect(store.turnMessages(0).ratings).toEqual({ asked: ["confidence"], lastWasRating: false });
    });
  });

  it("keeps the messages it read as stored across messages, and reads them again after a refresh", async () => {
    await runInDurableObject(sessionStub(crypto.randomUUID()), (_instance, state) => {
      const sql = state.storage.sql;
      const store = new SessionStore(sql);
      store.insertAssistant("a1", "How was the week?", "morale", 1_000);
      // Read once here; from now on the turn's reads come from the instance's copy.
      expect(store.turnMessages(0)).toEqual(readTheOldWay(sql, 0));
      store.insertUser("u1", "c1", "Busy but fine.", 2_000, "morale");
      expect(store.insertUser("u1-again", "c1", "Busy but fine.", 2_500, "morale")).toBe(false);
      store.insertAssistant("a2", "How confident are you, 1 to 5?", "quota_confidence", 3_000, "confidence");
      // A reply stored twice (a retried turn) is one message.
      store.insertAssistant("a2", "How confident are you, 1 to 5?", "quota_confidence", 3_000, "confidence");
      store.insertUser("u2", "c2", "A 4.", 4_000, "quota_confidence");
      const seqs = sql
        .exec<{ seq: number }>("select seq from messages order by seq")
        .toArray()
        .map((r) => r.seq);
      for (const processed of [0, ...seqs]) {
        expect(store.turnMessages(processed)).toEqual(readTheOldWay(sql, processed));
      }
      // A new instance over the same storage (an eviction) reads what is stored.
      expect(new SessionStore(sql).turnMessages(0)).toEqual(readTheOldWay(sql, 0));
      // Changed from outside: the next event's refresh reads it again.
      sql.exec("delete from messages where id = 'u2'");
      store.refresh();
      expect(store.turnMessages(0)).toEqual(readTheOldWay(sql, 0));
      expect(store.turnMessages(0).transcript).toHaveLength(3);
    });
  });

  it("keeps the last questions as stored, trimmed, and reads them again after a refresh", async () => {
    await runInDurableObject(sessionStub(crypto.randomUUID()), (_instance, state) => {
      const sql = state.storage.sql;
      const store = new SessionStore(sql);
      const asked = Array.from({ length: REMEMBERED_QUESTIONS + 3 }, (_, i) => `Question ${i}?`);
      for (const content of asked) store.rememberQuestion({ content, theme: null });
      const newest = asked.slice(-REMEMBERED_QUESTIONS);
      expect(storedQuestions(sql)).toEqual(newest);
      expect(store.lastAsked().map((q) => q.content)).toEqual(newest);
      // A new instance over the same storage (an eviction, a restart) starts from what is stored.
      const restarted = new SessionStore(sql);
      expect(restarted.lastAsked().map((q) => q.content)).toEqual(newest);
      restarted.rememberQuestion({ content: "After the restart?", theme: "mood" });
      expect(storedQuestions(sql)).toEqual([...newest.slice(1), "After the restart?"]);
      // Changed from outside (a test, a repair): the next event's refresh reads it again.
      sql.exec("delete from asked_questions");
      restarted.refresh();
      expect(restarted.lastAsked()).toEqual([]);
      restarted.rememberQuestion({ content: "Fresh start?", theme: null });
      expect(storedQuestions(sql)).toEqual(["Fresh start?"]);
    });
  });

  it("remembers the same questions across an eviction in the middle of a chat", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    const answers = [
      "Busy week.",
      "Quota is fine.",
      "The team is great.",
      "CRM is slow.",
      "Sleeping ok.",
      "Manager helps.",
    ];
    for (const answer of answers.slice(0, 4)) await chat.say(answer);
    await evictDurableObject(sessionStub(checkIn.id));
    const again = await open(checkIn);
    for (const answer of answers.slice(4)) await again.say(answer);
    const { stored, remembered } = await runInDurableObject(sessionStub(checkIn.id), (instance, state) => ({
      stored: storedQuestions(state.storage.sql),
      // The instance's own copy, as the next turn would use it.
      remembered: (instance as unknown as { store: SessionStore }).store.lastAsked().map((q) => q.content),
    }));
    // The greeting and one question per answer: more than are remembered, so the oldest went.
    expect(answers.length + 1).toBeGreaterThan(REMEMBERED_QUESTIONS);
    expect(stored).toHaveLength(REMEMBERED_QUESTIONS);
    expect(remembered).toEqual(stored);
  });

  it("reads the answers' sentiment into the pillars' progress once, when the chat closes", async () => {
    const checkIn = await createCheckIn({ durationMinutes: 10 });
    const chat = await open(checkIn);
    // The greeting asks about morale: a hard week is this pillar's first answer.
    const answer = "Honestly a rough week, I'm exhausted and behind on everything.";
    expect(sentimentOf(answer).score).toBeLessThan(PROBE_BELOW);
    await chat.say(answer);
    await chat.say("The CRM is so slow it eats an hour a day.");
    // The stored progress, and what reading every stored answer's sentiment into it gives.
    const progressNow = async () =>
      runInDurableObject(sessionStub(checkIn.id), (_instance, state) => {
        const store = new SessionStore(state.storage.sql);
        const progress = store.requireSession().pillar_progress;
        return { progress, read: withSentiment(progress, store.answersAfter(0)) };
      });
    // During the chat no turn reads the sentiment: nothing the interviewer plans with uses it.
    const during = (await progressNow()).progress;
    expect(during.morale.explored).toBe(true);
    expect(during.morale.sentimentScore).toBe(NEUTRAL_SENTIMENT);
    // The closing (95 % of the time) reads every answer's.
    await travel(checkIn.id, 9.6 * 60_000);
    expect((await objectTables(checkIn.id)).session?.status).toBe("closing");
    const { progress: closed, read } = await progressNow();
    expect(closed.morale.sentimentScore).toBe(sentimentOf(answer).score);
    expect(closed.morale.needsMoreExploration).toBe(true);
    expect(closed).toEqual(read);
  });

  it("keeps the chat's model-call count as stored, and reads it again after a refresh", async () => {
    await runInDurableObject(sessionStub(crypto.randomUUID()), async (_instance, state) => {
      const sql = state.storage.sql;
      const noD1 = () => {
        throw new Error("the block is reserved already: no D1 here");
      };
      const replies = () => sql.exec<{ replies: number }>("select replies from model_budget").one().replies;
      sql.exec("update model_budget set reserved = 5");
      const budget = new ModelBudget(sql, noD1);
      for (let turn = 1; turn <= 2; turn++) {
        expect(await budget.take("reply", "org-x")).toBe(true);
        budget.save();
        expect(replies()).toBe(turn);
      }
      // A restarted object counts on from what is stored.
      const restarted = new ModelBudget(sql, noD1);
      expect(restarted.spent()).toEqual({ replies: 2, judged: 0, reserved: 3 });
      // Changed from outside: the next event's refresh reads it again (here: the chat's replies are used up).
      sql.exec("update model_budget set replies = ?", MAX_MODEL_REPLIES);
      restarted.refresh();
      expect(await restarted.take("reply", "org-x")).toBe(false);
    });
  });
});
