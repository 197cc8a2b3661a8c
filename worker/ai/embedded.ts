import {
  type AskedQuestion,
  isRepetitive,
  PROBE_BELOW,
  pickAlternative,
  questionPart,
  wordsOf,
} from "../checkin/rules";
import { blockerThemesIn, themeOf } from "../checkin/themes";
import type { Pillar } from "../shared/pillars";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "../shared/settings";
import { sentimentOf } from "./lexicon";
import type { InterviewProvider, InterviewRequest } from "./provider";
import { lexiconJudgement, type TranscriptMessage } from "./scorer";

/**
 * The embedded interviewer: deterministic, offline, driven by the question bank. It
 * reflects what it hears (an empathy phrase picked by the sentiment of the last answer, and
 * the blocker it named), probes once on a negative answer, then moves to the most important
 * uncovered pillar, asks its highest-priority question that does not repeat the last five,
 * and turns to a wrap-up question in the wrap-up phase.
 */
export type PillarWeights = GlobalSettings["pillarWeights"];

export type PlannedReply = {
  text: string;
  /** The question inside the reply, and what it is about (for pillar progress and the repetition check). */
  question: string;
  pillar: Pillar | null;
  theme: string | null;
  bankQuestionId: string | null;
};

/** Spec 2 §8: the generic fallback questions when nothing else fits. */
export const FALLBACK_QUESTIONS: AskedQuestion[] = [
  { content: "How has your workload felt this week?", theme: "fallback:workload" },
  { content: "How is your energy holding up lately?", theme: "fallback:energy" },
  { content: "What has been on your mind most about work?", theme: "fallback:mind" },
  { content: "Is anything making your job harder than it needs to be?", theme: "fallback:harder" },
];

/** Spec 2 §8: the alternatives used when a question would repeat itself (accepted at 0.6). */
export const ALTERNATIVE_QUESTIONS: AskedQuestion[] = [
  { content: "Is there something we haven't touched on that matters to you right now?", theme: "alt:untouched" },
  { content: "What would a really good week look like for you?", theme: "alt:good-week" },
  { content: "Who or what has helped you most recently?", theme: "alt:helped" },
  { content: "Anything else you'd like your team's leadership to understand better?", theme: "alt:leadership" },
];

const WRAP_UP_QUESTIONS: AskedQuestion[] = [
  {
    content: "Before we wrap up, is there anything else on your mind that we haven't covered?",
    theme: "wrap:anything-else",
  },
  {
    content: "Last one from me: what is one thing that would make the biggest difference for you next week?",
    theme: "wrap:one-thing",
  },
];

const NEUTRAL_ACKS = [
  "Thanks, that's helpful.",
  "Got it, thank you.",
  "I appreciate you sharing that.",
  "Thanks for walking me through that.",
];
const POSITIVE_ACKS = ["That's great to hear.", "Love to hear that.", "That sounds really encouraging."];
const NEGATIVE_ACKS = [
  "That sounds genuinely hard.",
  "Thank you for being honest about that.",
  "I'm sorry it's been like that.",
];

const PROBE_TYPES = new Set(["probe", "follow_up"]);

function pickBy<T>(list: readonly T[], seed: number): T | undefined {
  if (list.length === 0) return undefined;
  return list[Math.abs(seed) % list.length];
}

/** Splits the configured empathy phrases by their own sentiment: warm ones for good news, the rest for hard news. */
function empathyPhrases(config: InterviewRequest["config"]) {
  const positive: string[] = [];
  const negative: string[] = [];
  for (const phrase of config.prompts.empathy_responses) {
    if (sentimentOf(phrase).compound >= 0.45 && !/tough|hard|weigh|carrying|sorry/i.test(phrase)) positive.push(phrase);
    else negative.push(phrase);
  }
  return { positive: positive.length ? positive : POSITIVE_ACKS, negative: negative.length ? negative : NEGATIVE_ACKS };
}

function asked(text: string, theme?: string | null): AskedQuestion {
  return { content: text, theme: theme === undefined ? (themeOf(text)?.id ?? null) : theme };
}

export function planReply(request: InterviewRequest): PlannedReply {
  const { context, bank, lastAsked, askedBankIds, pillarProgress, config } = request;
  const lastUser = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const sentiment = sentimentOf(lastUser);
  const seed = context.questionsAsked + wordsOf(lastUser).length;
  const phrases = empathyPhrases(config);

  // Reflection: what the answer sounded like (never the phrase used in the last few replies), and a blocker it named.
  const recentReplies = request.messages
    .filter((m) => m.role === "assistant")
    .slice(-3)
    .map((m) => m.content);
  const unused = (list: readonly string[]) => {
    const fresh = list.filter((phrase) => !recentReplies.some((reply) => reply.includes(phrase)));
    return pickBy(fresh.length > 0 ? fresh : list, seed);
  };
  let reflection: string;
  if (sentiment.score < PROBE_BELOW) reflection = unused([...phrases.negative, ...NEGATIVE_ACKS]) ?? "";
  else if (sentiment.score >= 75) reflection = unused([...phrases.positive, ...POSITIVE_ACKS]) ?? "";
  else reflection = unused(NEUTRAL_ACKS) ?? "";
  const blocker = blockerThemesIn([
    { content: lastUser, answersBlockersQuestion: request.currentPillar === "blockers" },
  ])[0];
  if (blocker && sentiment.score < 60) {
    const name = /^[A-Z][a-z]/.test(blocker.theme) ? blocker.theme.toLowerCase() : blocker.theme;
    reflection += ` It sounds like ${name} ${/s$/.test(blocker.theme) ? "are" : "is"} a real source of friction.`;
  }

  const fresh = (candidate: AskedQuestion) => !isRepetitive(candidate, lastAsked);
  const compose = (
    question: AskedQuestion,
    pillar: Pillar | null,
    bankQuestionId: string | null,
    transition = false,
  ) => {
    const lead =
      transition && sentiment.score >= PROBE_BELOW && sentiment.score < 65
        ? (pickBy(config.prompts.transition_phrases, seed) ?? reflection)
        : reflection;
    // "…something a bit different, how manageable…": a lead ending in a comma runs into the question.
    const body = lead.trim().endsWith(",")
      ? question.content.charAt(0).toLowerCase() + question.content.slice(1)
      : question.content;
    return {
      text: `${lead} ${body}`.trim(),
      question: question.content,
      pillar,
      theme: question.theme,
      bankQuestionId,
    };
  };

  if (context.phase === "wrap-up") {
    const wrap = WRAP_UP_QUESTIONS.find((q) => fresh(q) && !lastAsked.some((l) => l.content === q.content));
    if (wrap) return compose(wrap, null, null);
  }

  // Probe once on a negative answer, on the pillar it is about (its own theme, else the question's).
  const current = themeOf(lastUser)?.pillar ?? request.currentPillar;
  if (current && sentiment.hits > 0 && sentiment.score < PROBE_BELOW && context.phase !== "wrap-up") {
    const alreadyProbed = bank.some(
      (q) => q.pillar === current && PROBE_TYPES.has(q.questionType) && askedBankIds.includes(q.id),
    );
    if (!alreadyProbed) {
      const probe = bank
        .filter((q) => q.pillar === current && PROBE_TYPES.has(q.questionType) && !askedBankIds.includes(q.id))
        .sort((a, b) => a.priorityOrder - b.priorityOrder)
        .map((q) => ({ q, candidate: asked(q.questionText, `probe:${q.id}`) }))
        .find(({ candidate }) => fresh(candidate));
      if (probe) return compose(probe.candidate, current, probe.q.id);
    }
  }

  // The most important pillar still uncovered (bank priority, then the pillar weights), then any pillar.
  const weights = request.pillarWeights ?? DEFAULT_GLOBAL_SETTINGS.pillarWeights;
  const pillarOrder = [...new Set(bank.map((q) => q.pillar))].sort((a, b) => {
    const uncoveredA = pillarProgress[a].explored ? 1 : 0;
    const uncoveredB = pillarProgress[b].explored ? 1 : 0;
    if (uncoveredA !== uncoveredB) return uncoveredA - uncoveredB;
    return (weights[b] ?? 1) - (weights[a] ?? 1);
  });
  for (const pillar of pillarOrder) {
    const next = bank
      .filter((q) => q.pillar === pillar && !PROBE_TYPES.has(q.questionType) && !askedBankIds.includes(q.id))
      .sort((a, b) => a.priorityOrder - b.priorityOrder)
      .map((q) => ({ q, candidate: asked(q.questionText, themeOf(q.questionText)?.id ?? `bank:${q.id}`) }))
      .find(({ candidate }) => fresh(candidate));
    if (next) return compose(next.candidate, pillar, next.q.id, pillar !== current);
  }

  const alternative = pickAlternative(ALTERNATIVE_QUESTIONS, lastAsked);
  if (alternative) return compose(alternative, null, null);
  const fallback =
    FALLBACK_QUESTIONS.find(fresh) ?? FALLBACK_QUESTIONS[seed % FALLBACK_QUESTIONS.length] ?? FALLBACK_QUESTIONS[0];
  return compose(fallback ?? asked("How are you feeling right now?"), null, null);
}

/** Word-by-word chunks, so the page renders the embedded reply the same way as a streamed one. */
export function* chunksOf(text: string): Generator<string> {
  for (const piece of text.match(/\S+\s*/g) ?? []) yield piece;
}

export const embeddedProvider: InterviewProvider = {
  kind: "embedded",
  async *streamReply(request) {
    yield* chunksOf(planReply(request).text);
  },
  async judge(transcript: readonly TranscriptMessage[]) {
    return lexiconJudgement(transcript);
  },
};

/** What a free-form (LLM) reply asked about: its question's theme and pillar, if any cue matches. */
export function classifyReply(reply: string): { question: string; theme: string | null; pillar: Pillar | null } {
  const question = questionPart(reply);
  const theme = themeOf(question);
  return { question, theme: theme?.id ?? null, pillar: theme?.pillar ?? null };
}
