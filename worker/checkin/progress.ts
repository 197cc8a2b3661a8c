import { sentimentOf } from "../language/lexicon";
import { themeOf } from "../language/themes";
import type { Pillar } from "../shared/pillars";
import { NEUTRAL_SENTIMENT, type PillarProgress, PROBE_BELOW } from "./rules";

/**
 * Pillar progress, as pure functions: the object hands in the answers not yet counted and
 * stores what comes back (with the reply, or before closing). Until it does, its
 * `processed_seq` stays put, so an interrupted turn simply counts the same answers again.
 */
export type ProgressByPillar = Record<Pillar, PillarProgress>;

/** A user message not yet counted, with the time of the question it answers. */
export type FreshAnswer = {
  seq: number;
  content: string;
  pillar: Pillar | null;
  createdAt: number;
  askedAt: number | null;
};

export type AbsorbedProgress = { progress: ProgressByPillar; processedSeq: number };

/**
 * Credits each answer to the pillar of the question it answers (explored, time spent, its
 * theme); an answer that talks about another pillar covers that one too. The input progress
 * is not modified. The answers' sentiment is not read here: nothing the interviewer plans
 * with uses it, so it is read once, when the chat closes (`withSentiment`), instead of on
 * every message (README → Performance).
 */
export function absorbAnswers(
  current: ProgressByPillar,
  processedSeq: number,
  answers: readonly FreshAnswer[],
): AbsorbedProgress {
  const progress = structuredClone(current);
  let lastSeq = processedSeq;
  for (const answer of answers) {
    lastSeq = answer.seq;
    const pillar = answer.pillar;
    if (!pillar || !progress[pillar]) continue;
    const entry = progress[pillar];
    entry.explored = true;
    entry.timeSpentMs += Math.max(0, answer.createdAt - (answer.askedAt ?? answer.createdAt));
    const theme = themeOf(answer.content);
    if (theme && !entry.topics.includes(theme.id)) entry.topics.push(theme.id);
    if (theme && theme.pillar !== pillar && progress[theme.pillar]) progress[theme.pillar].explored = true;
  }
  return { progress, processedSeq: lastSeq };
}

/**
 * Each pillar's sentiment over the whole conversation (`sentimentScore`, `needsMoreExploration`),
 * read when the chat closes from all its answers, in order: what crediting each answer as it
 * came used to store, the same figures (an answer averages with the pillar's score once the
 * pillar has been explored, by an answer on it or one that talked about it).
 */
export function withSentiment(current: ProgressByPillar, answers: readonly FreshAnswer[]): ProgressByPillar {
  const progress = structuredClone(current);
  const explored = new Set<Pillar>();
  for (const entry of Object.values(progress)) {
    entry.sentimentScore = NEUTRAL_SENTIMENT;
    entry.needsMoreExploration = false;
  }
  for (const answer of answers) {
    const pillar = answer.pillar;
    if (!pillar || !progress[pillar]) continue;
    const entry = progress[pillar];
    const score = sentimentOf(answer.content).score;
    const answered = explored.has(pillar) ? 1 : 0;
    entry.sentimentScore = Math.round((entry.sentimentScore * answered + score) / (answered + 1));
    entry.needsMoreExploration = score < PROBE_BELOW;
    explored.add(pillar);
    const theme = themeOf(answer.content);
    if (theme && theme.pillar !== pillar && progress[theme.pillar]) {
      explored.add(theme.pillar);
      progress[theme.pillar].needsMoreExploration ||= score < PROBE_BELOW;
    }
  }
  return progress;
}

/** The greeting asks how the week has been: a morale question, whatever words it uses. */
export function withQuestionCounted(progress: ProgressByPillar, pillar: Pillar | null): ProgressByPillar {
  if (!pillar) return progress;
  const next = structuredClone(progress);
  next[pillar].questionsAsked += 1;
  return next;
}
