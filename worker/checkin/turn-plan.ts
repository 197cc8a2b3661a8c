import { closingFor } from "../ai/agent-config";
import { interviewRequest } from "../ai/interview-request";
import type { InterviewProvider, InterviewRequest, PlannedReply } from "../ai/provider";
import { COMPLETION_DELAY_MS } from "../shared/checkin-timer";
import { timerOf } from "./frames";
import { type AbsorbedProgress, absorbAnswers, withQuestionCounted, withSentiment } from "./progress";
import { closureReached, elapsedMs, exploredCount, phaseFor } from "./rules";
import type { SessionState, SessionStore } from "./store";

/**
 * What a turn does, read from the store: close the chat (spec 2 §4 closure), or reply to
 * this interview request. The answers' pillar progress is kept in memory and stored with
 * the reply: one storage commit per turn instead of two.
 */
export type TurnPlan =
  | { kind: "close" }
  | { kind: "reply"; session: SessionState; absorbed: AbsorbedProgress; request: InterviewRequest };

/** The answers not yet credited to their pillars (nothing written: the caller stores it). */
export function absorbedProgress(
  store: SessionStore,
  session: SessionState,
  answers = store.answersAfter(session.processed_seq),
): AbsorbedProgress {
  return absorbAnswers(session.pillar_progress, session.processed_seq, answers);
}

export function planTurn(store: SessionStore, now: number): TurnPlan {
  const session = store.requireSession();
  // The messages are read once for the whole plan (store.turnMessages).
  const { transcript, answers, ratings } = store.turnMessages(session.processed_seq);
  const absorbed = absorbedProgress(store, session, answers);
  const elapsed = elapsedMs(timerOf(session), now);
  const progress = session.target_ms > 0 ? elapsed / session.target_ms : 1;
  if (closureReached(progress, exploredCount(absorbed.progress), session.questions_asked)) return { kind: "close" };
  const request = interviewRequest({
    checkInId: session.check_in_id,
    firstName: session.first_name,
    messages: transcript.map((m) => ({ role: m.sender, content: m.content })),
    elapsedMs: elapsed,
    targetMs: session.target_ms,
    questionsAsked: session.questions_asked,
    pillarProgress: absorbed.progress,
    lastAsked: store.lastAsked(),
    askedBankIds: session.asked_bank_ids,
    currentPillar: store.questionPillar(),
    facts: store.sessionFacts(),
    ratings,
  });
  return { kind: "reply", session, absorbed, request };
}

/**
 * The LLM's judgement, fetched during the 4 s between the closing message and completion;
 * stored with the number of messages it saw (it counts only if it saw them all).
 */
export function judgeWhileClosing(provider: InterviewProvider, store: SessionStore, warn: (error: unknown) => void) {
  const transcript = store.transcript();
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(), COMPLETION_DELAY_MS + 2000);
  return provider
    .judge(transcript, abort.signal)
    .then((judgement) => store.saveJudgement(transcript.length, judgement))
    .catch(warn)
    .finally(() => clearTimeout(timeout));
}

/** Stores a reply with the turn's progress (one commit); true when the phase changed. */
export function recordReply(
  store: SessionStore,
  messageId: string,
  reply: PlannedReply,
  absorbed: AbsorbedProgress,
  now: number,
): boolean {
  const session = store.requireSession();
  const questionsAsked = session.questions_asked + 1;
  const phase = phaseFor(elapsedMs(timerOf(session), now) / session.target_ms, questionsAsked);
  store.insertAssistant(messageId, reply.text, reply.pillar, now, reply.rating ?? null);
  store.rememberQuestion({ content: reply.question, theme: reply.theme });
  store.update({
    questions_asked: questionsAsked,
    pillar_progress: withQuestionCounted(absorbed.progress, reply.pillar),
    processed_seq: absorbed.processedSeq,
    asked_bank_ids: reply.bankQuestionId ? [...session.asked_bank_ids, reply.bankQuestionId] : session.asked_bank_ids,
    phase,
  });
  return phase !== session.phase;
}

/**
 * Stores the mandatory closing message (the configured closing statement) and the status
 * `closing`. The last answers count for the scores' pillar coverage even though no reply
 * follows them, and every answer's sentiment is read into the pillars' progress now, once
 * (`withSentiment`).
 */
export function recordClosing(store: SessionStore, session: SessionState, now: number) {
  const absorbed = absorbedProgress(store, session);
  store.update({
    pillar_progress: withSentiment(absorbed.progress, store.answersAfter(0)),
    processed_seq: absorbed.processedSeq,
  });
  const content = closingFor(store.sessionFacts().config, session.first_name);
  const messageId = crypto.randomUUID();
  store.insertAssistant(messageId, content, null, now);
  store.update({ status: "closing", closing_at: now, phase: "wrap-up" });
  return { messageId, content };
}
