import { NEGATIVE_BELOW } from "../language/polarity";
import { wordsOf } from "../language/words";
import type { Phase } from "../shared/checkin-protocol";
import { CLOSING_PROGRESS } from "../shared/checkin-timer";
import { PILLARS, type Pillar } from "../shared/pillars";

/**
 * The interview's rules of spec 2 §4, §5 and §9 as plain functions (phases, the repetition
 * check, pillar progress, the AI context): what the interviewers plan with and the
 * check-in object applies. In ai/ so that ai/ never imports checkin/ (the object imports
 * the providers); worker/checkin/rules.ts adds the clock and closure and re-exports these.
 * tests/unit/checkin-rules.test.ts checks every number.
 */

/** Spec 2 §4: opening while progress < 0.15 and < 2 questions; wrap-up when progress > 0.95 or ≥ 10 questions. */
export function phaseFor(progress: number, questionsAsked: number): Phase {
  if (progress > CLOSING_PROGRESS || questionsAsked >= 10) return "wrap-up";
  if (progress < 0.15 && questionsAsked < 2) return "opening";
  return "core";
}

/** Spec 2 §9: the last 5 asked questions are kept for the repetition check. */
export const REMEMBERED_QUESTIONS = 5;
export const REPETITION_THRESHOLD = 0.7;
export const ALTERNATIVE_THRESHOLD = 0.6;

export type AskedQuestion = { content: string; theme: string | null };

export { wordsOf };

/** The words that count for overlap: longer than 2 characters (spec 2 §5). */
export function significantWords(text: string): Set<string> {
  return new Set(wordsOf(text).filter((w) => w.length > 2));
}

/**
 * Word overlap of a candidate with an earlier question: the share of the candidate's
 * significant words that the earlier question already used. 1 means "nothing new".
 */
export function wordOverlap(candidate: string, earlier: string): number {
  const mine = significantWords(candidate);
  if (mine.size === 0) return 0;
  const theirs = significantWords(earlier);
  let shared = 0;
  for (const word of mine) if (theirs.has(word)) shared++;
  return shared / mine.size;
}

export function firstThreeWords(text: string): string {
  return wordsOf(text).slice(0, 3).join(" ");
}

/**
 * The question inside a reply: the last sentence that ends with '?', else the whole reply.
 * Reflections before the question ("That sounds tough.") are not what repeats.
 */
export function questionPart(reply: string): string {
  const sentences = reply.match(/[^.!?\n]+[.!?]*/g)?.map((s) => s.trim()) ?? [];
  for (let i = sentences.length - 1; i >= 0; i--) {
    const sentence = sentences[i];
    if (sentence?.endsWith("?")) return sentence;
  }
  return reply.trim();
}

/**
 * Spec 2 §5: rejected if among the last 5 asked it has the same theme or the same first
 * three words, or if its word overlap with an earlier question exceeds the threshold
 * (0.7; alternatives are accepted against 0.6).
 */
export function isRepetitive(
  candidate: AskedQuestion,
  lastAsked: readonly AskedQuestion[],
  threshold = REPETITION_THRESHOLD,
): boolean {
  const recent = lastAsked.slice(-REMEMBERED_QUESTIONS);
  const opening = firstThreeWords(candidate.content);
  for (const earlier of recent) {
    if (candidate.theme && earlier.theme === candidate.theme) return true;
    if (opening.split(" ").length === 3 && firstThreeWords(earlier.content) === opening) return true;
    if (wordOverlap(candidate.content, earlier.content) > threshold) return true;
  }
  return false;
}

/** The first alternative that passes the 0.6 check, or null when every one repeats. */
export function pickAlternative(
  alternatives: readonly AskedQuestion[],
  lastAsked: readonly AskedQuestion[],
): AskedQuestion | null {
  return alternatives.find((alt) => !isRepetitive(alt, lastAsked, ALTERNATIVE_THRESHOLD)) ?? null;
}

/** Keeps the most recent questions only. */
export function rememberQuestion(lastAsked: readonly AskedQuestion[], question: AskedQuestion): AskedQuestion[] {
  return [...lastAsked, question].slice(-REMEMBERED_QUESTIONS);
}

/** A pillar's sentiment before any answer on it: neutral. */
export const NEUTRAL_SENTIMENT = 50;

export type PillarProgress = {
  questionsAsked: number;
  timeSpentMs: number;
  /** 0–100 from the answers heard so far; 50 (neutral) until there is one. */
  sentimentScore: number;
  explored: boolean;
  needsMoreExploration: boolean;
  topics: string[];
};

export function emptyPillarProgress(): Record<Pillar, PillarProgress> {
  const entry = (): PillarProgress => ({
    questionsAsked: 0,
    timeSpentMs: 0,
    sentimentScore: NEUTRAL_SENTIMENT,
    explored: false,
    needsMoreExploration: false,
    topics: [],
  });
  return Object.fromEntries(PILLARS.map((p) => [p, entry()])) as Record<Pillar, PillarProgress>;
}

export function uncoveredPillars(progress: Record<Pillar, PillarProgress>): Pillar[] {
  return PILLARS.filter((p) => !progress[p].explored);
}

export function exploredCount(progress: Record<Pillar, PillarProgress>): number {
  return PILLARS.filter((p) => progress[p].explored).length;
}

/** An answer below this sentiment (0–100) makes the interviewer probe deeper before moving on. */
export const PROBE_BELOW = NEGATIVE_BELOW;

/**
 * The AI context of spec 2 §7 and §9, in the spec's units: seconds for times, minutes for
 * the duration, and the last 5 questions for the repetition check.
 */
export type AiContext = {
  uncoveredPillars: Pillar[];
  timeElapsed: number;
  targetDuration: number;
  questionsAsked: number;
  phase: Phase;
  timeRemaining: number;
  durationMinutes: number;
  lastQuestions: string[];
};

export function aiContextFor(input: {
  elapsedMs: number;
  targetMs: number;
  questionsAsked: number;
  pillarProgress: Record<Pillar, PillarProgress>;
  lastAsked: readonly AskedQuestion[];
}): AiContext {
  const progress = input.targetMs > 0 ? input.elapsedMs / input.targetMs : 1;
  return {
    uncoveredPillars: uncoveredPillars(input.pillarProgress),
    timeElapsed: Math.round(input.elapsedMs / 1000),
    targetDuration: Math.round(input.targetMs / 1000),
    questionsAsked: input.questionsAsked,
    phase: phaseFor(progress, input.questionsAsked),
    timeRemaining: Math.max(0, Math.round((input.targetMs - input.elapsedMs) / 1000)),
    durationMinutes: Math.round(input.targetMs / 60_000),
    lastQuestions: input.lastAsked.slice(-REMEMBERED_QUESTIONS).map((q) => q.content),
  };
}
