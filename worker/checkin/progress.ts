import { sentimentOf } from "../language/lexicon";
import { themeOf } from "../language/themes";
import type { Pillar } from "../shared/pillars";
import { type PillarProgress, PROBE_BELOW } from "./rules";

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

export type AbsorbedProgress = { progress: ProgressByPillar; processedSeq: number; changed: boolean };

/**
 * Credits each answer to the pillar of the question it answers (explored, time spent,
 * sentiment); an answer that talks about another pillar covers that one too. The input
 * progress is not modified.
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
    const sentiment = sentimentOf(answer.content);
    const answered = entry.explored ? 1 : 0;
    entry.sentimentScore = Math.round((entry.sentimentScore * answered + sentiment.score) / (answered + 1));
    entry.explored = true;
    entry.needsMoreExploration = sentiment.score < PROBE_BELOW;
    entry.timeSpentMs += Math.max(0, answer.createdAt - (answer.askedAt ?? answer.createdAt));
    const theme = themeOf(answer.content);
    if (theme && !entry.topics.includes(theme.id)) entry.topics.push(theme.id);
    if (theme && theme.pillar !== pillar && progress[theme.pillar]) {
      progress[theme.pillar].explored = true;
      progress[theme.pillar].needsMoreExploration ||= sentiment.score < PROBE_BELOW;
    }
  }
  return { progress, processedSeq: lastSeq, changed: answers.length > 0 };
}

/** The greeting asks how the week has been: a morale question, whatever words it uses. */
export function withQuestionCounted(progress: ProgressByPillar, pillar: Pillar | null): ProgressByPillar {
  if (!pillar) return progress;
  const next = structuredClone(progress);
  next[pillar].questionsAsked += 1;
  return next;
}
