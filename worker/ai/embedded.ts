import { sentimentOf } from "../language/lexicon";
import { type TopicId, themeOf } from "../language/themes";
import type { TranscriptMessage } from "../scoring/judgement";
import { lexiconJudgement } from "../scoring/reader";
import { readAnswer } from "../scoring/reading";
import type { Pillar } from "../shared/pillars";
import { SELF_RATINGS } from "../shared/self-rating";
import { DEFAULT_GLOBAL_SETTINGS } from "../shared/settings";
import { themesCoveredByMixed } from "./covered";
import { pillarToProbe, salientConcern } from "./focus";
import { type Heard, heardAs } from "./heard";
import { type AskedQuestion, isRepetitive, pickAlternative, questionPart, wordsOf } from "./interview-rules";
import {
  nextDeepProbe,
  pillarOrder,
  probesAsked,
  shapeReply,
  styledTiers,
  styleOf,
  wantsProbe,
  wrapUpQuestions,
} from "./interviewer-style";
import type { InterviewProvider, InterviewRequest, PillarWeights, PlannedReply as Planned } from "./provider";
import { ratingDue } from "./rating-turn";
import {
  CONCERN_WORDS,
  CONFIDENT_WORDS,
  FEELING_FIRST,
  GENERIC_CONCERN,
  GENERIC_PRAISE,
  MILD_NEGATIVE,
  MILD_POSITIVE,
  mixedLines,
  NEUTRAL_ACKS,
  OWN_SKILL,
  PRAISE_WORDS,
  SOFT_CONCERN,
  STRONG_NEGATIVE,
  STRONG_POSITIVE,
  UNCERTAIN_QUOTA,
  WIN_WORDS,
} from "./reflections";

/**
 * The embedded interviewer: deterministic, offline, driven by the question bank. Each reply
 * is one reflection and one question. The reflection follows how the answer reads
 * (worker/scoring/reading.ts): the problem it named in the interviewer's own words, both sides
 * of a mixed answer, or a configured empathy phrase that fits the feeling — never warmth
 * for a worried answer, never friction for something praised. It probes once on a negative
 * answer, on the pillar its problem belongs to, then moves to the most important uncovered
 * pillar, asks its highest-priority question that does not repeat the last five (after a
 * worried answer, not one asking for good news), and turns to a wrap-up question in the
 * wrap-up phase.
 *
 * Some 350 lines: the interviewer's turn is one sequence (reflect, probe or move on,
 * wrap up) read best in one place; its parts live in interview-rules and interviewer-style.
 */
export type { PillarWeights };

export type PlannedReply = Planned & {
  /** How the reply met the answer: warmly, plainly, with empathy, or both sides of a mixed one. */
  reaction: Reaction;
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

const PROBE_TYPES = new Set(["probe", "follow_up"]);
/**
 * Question themes (language/themes.ts) that ask for good news: a win, what satisfies, a
 * strength. After a worried answer such a question waits for a later turn, so the reply does
 * not jump cheerfully from "everything is slipping" to "tell me about a recent win".
 */
const GOOD_NEWS_THEMES = new Set(["wins", "satisfaction", "strengths"]);

export type Reaction = "positive" | "neutral" | "negative" | "mixed";

function asked(text: string, theme?: string | null): AskedQuestion {
  return { content: text, theme: theme === undefined ? (themeOf(text)?.id ?? null) : theme };
}

/** The configured empathy phrases, sorted by what they fit. */
type PhraseFit = "achievement" | "positive" | "load" | "disclosure" | "hard";
function fitOf(phrase: string): PhraseFit {
  const hard = /tough|hard|weigh|carrying|sorry|difficult|easy to say|a lot/i.test(phrase);
  if (!hard && sentimentOf(phrase).compound >= 0.3) {
    return /earned|deserve|congrat|well done|proud|result|\bwin/i.test(phrase) ? "achievement" : "positive";
  }
  if (/carrying|a lot\b|plate/i.test(phrase)) return "load";
  if (/open|honest|sharing|easy to say|trust/i.test(phrase)) return "disclosure";
  return "hard";
}
function configured(config: InterviewRequest["config"], ...fits: PhraseFit[]): string[] {
  return config.prompts.empathy_responses.map((p) => p.trim()).filter((p) => p && fits.includes(fitOf(p)));
}

const STRESS_TOPICS = new Set<TopicId>(["energy", "workload", "rest", "capacity", "stress"]);

/**
 * Candidate reflections for an answer, best fit first (each inner list one tier): a line
 * about the problem it named, the configured empathy phrases that fit its feeling, then
 * plain ones. A mixed answer gets both sides in one sentence.
 */
function reflectionTiers(reading: Heard, config: InterviewRequest["config"]): string[][] {
  // A worry with no named subject still has one: doubt is about the quarter, strain about energy.
  const concern =
    salientConcern(reading) ??
    (reading.signals.includes("confidence_low") ? "quota" : reading.signals.includes("stress_high") ? "stress" : null);
  // "Not sure", "fingers crossed", "maybe 60 %": doubt about the outcome, not a gap already known.
  const quotaDoubt = (concern === "quota" || concern === "deals") && reading.hedged;
  // Their own skill ("I struggle with negotiation") is said back as that, never as a blocker.
  const concernWords = concern
    ? quotaDoubt
      ? UNCERTAIN_QUOTA
      : CONCERN_WORDS[concern]
    : reading.ownSkill
      ? OWN_SKILL
      : null;
  const personPraise = reading.praise.find((t) => t === "manager" || t === "team");
  const otherPraise = reading.praise.find((t) => PRAISE_WORDS[t]);
  const praiseWords = reading.signals.includes("win")
    ? WIN_WORDS
    : personPraise
      ? PRAISE_WORDS[personPraise]
      : reading.signals.includes("confidence_high")
        ? CONFIDENT_WORDS
        : otherPraise
          ? PRAISE_WORDS[otherPraise]
          : undefined;

  if (reading.mixed) {
    // A "but" whose other side names no feeling claims no rough patch.
    const otherSide = concernWords ?? (reading.contrast ? SOFT_CONCERN : GENERIC_CONCERN);
    return [mixedLines(praiseWords?.clause ?? GENERIC_PRAISE, otherSide, reading.mixed.outcome)];
  }
  if (reading.polarity === "positive") {
    const win = reading.signals.includes("win");
    const special = praiseWords ? [praiseWords.line] : [];
    if (reading.strong || win) {
      return [
        [...special, ...(win ? configured(config, "achievement") : [])],
        configured(config, "positive"),
        STRONG_POSITIVE,
      ];
    }
    return [MILD_POSITIVE, special];
  }
  if (reading.polarity === "neutral") {
    // Naming a problem without feeling ("Approvals, mostly."): say back what was heard.
    if (!concern && reading.ownSkill) return [OWN_SKILL.lines, NEUTRAL_ACKS];
    return concernWords && !quotaDoubt ? [[`Got it, ${concernWords.np}.`], NEUTRAL_ACKS] : [NEUTRAL_ACKS];
  }
  const topicLines = concernWords?.lines ?? [];
  if (concern === "career" || reading.signals.includes("flight_risk")) {
    return [configured(config, "disclosure"), CONCERN_WORDS.career.lines, configured(config, "hard")];
  }
  const stressed = reading.signals.includes("stress_high") || (concern !== null && STRESS_TOPICS.has(concern));
  // A mild worry about strain ("a little anxious") gets a mild answer, not "a lot of pressure to carry".
  if (!reading.strong && stressed) return [MILD_NEGATIVE, topicLines, configured(config, "disclosure")];
  if (!reading.strong) return [topicLines, MILD_NEGATIVE, configured(config, "disclosure")];
  // A hard time that also names a practical problem: the feeling first, then the problem, in one sentence.
  const feelingFirst =
    reading.moodLow && !stressed && !quotaDoubt
      ? topicLines.flatMap((line) =>
          FEELING_FIRST.map((lead) => `${lead}; ${line.charAt(0).toLowerCase()}${line.slice(1)}`),
        )
      : topicLines;
  return [
    feelingFirst,
    configured(config, ...(stressed ? (["load", "hard"] as const) : (["hard"] as const))),
    STRONG_NEGATIVE,
    configured(config, "disclosure"),
  ];
}

/** The first two words of a reply, for keeping openings varied. */
function openingOf(text: string, words = 2): string {
  return wordsOf(text).slice(0, words).join(" ");
}
const soundsLikeCount = (text: string) => (text.match(/sounds like/gi) ?? []).length;

/**
 * Picks a lead (a reflection or a transition) for the question: never one already said in
 * this conversation, never opening like the last replies, and never a second "sounds like"
 * in the reply. Each rule relaxes only when nothing else fits.
 */
function chooseLead(tiers: readonly string[][], question: string, previous: readonly string[], seed: number): string {
  const last = previous.at(-1) ?? "";
  const recentOpenings = previous.slice(-3).map((r) => openingOf(r));
  const used = (c: string) => previous.some((reply) => reply.includes(c));
  const soundsOk = (c: string) => soundsLikeCount(`${c} ${question}`) <= 1;
  const rules: ((c: string) => boolean)[] = [
    (c) => !used(c) && soundsOk(c) && openingOf(c, 1) !== openingOf(last, 1) && !recentOpenings.includes(openingOf(c)),
    (c) => !used(c) && soundsOk(c) && openingOf(c) !== openingOf(last),
    (c) => soundsOk(c) && openingOf(c) !== openingOf(last),
    soundsOk,
  ];
  for (const rule of rules) {
    for (const tier of tiers) {
      const fitting = [...new Set(tier)].filter(rule);
      if (fitting.length > 0) return fitting[seed % Math.min(2, fitting.length)] ?? fitting[0] ?? "";
    }
  }
  return "";
}

export function planReply(request: InterviewRequest): PlannedReply {
  const { context, bank, lastAsked, askedBankIds, pillarProgress, config } = request;
  const lastUser = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const reading = heardAs(readAnswer(lastUser, request.currentPillar), lastUser);
  const reaction: Reaction = reading.mixed ? "mixed" : reading.polarity;
  const seed = context.questionsAsked + wordsOf(lastUser).length;
  const previous = request.messages.filter((m) => m.role === "assistant").map((m) => m.content);
  // The AI agent configuration's tone, length, follow-ups and closure (worker/ai/interviewer-style.ts).
  const style = styleOf(config);

  const fresh = (candidate: AskedQuestion) => !isRepetitive(candidate, lastAsked);
  const compose = (
    question: AskedQuestion,
    pillar: Pillar | null,
    bankQuestionId: string | null,
    transition = false,
  ) => {
    // A plain answer moving to a new pillar gets a configured transition; anything with feeling gets a reflection.
    const transitions =
      transition && reaction === "neutral" && reading.concerns.length === 0 && !reading.ownSkill
        ? config.prompts.transition_phrases
            .map((p) => p.trim())
            .filter((p) => p && !(wordsOf(lastUser).length < 12 && /honest|context/i.test(p)))
        : [];
    const tiers = styledTiers(
      transitions.length > 0 ? [transitions, ...reflectionTiers(reading, config)] : reflectionTiers(reading, config),
      reaction,
      style,
      { empathyPhrases: config.prompts.empathy_responses, terse: reading.terse },
    );
    const lead = chooseLead(tiers, question.content, previous, seed);
    return {
      // "…something a bit different, how manageable…": a lead ending in a comma runs into the question.
      text: shapeReply(lead, question.content, reaction, style, seed),
      question: question.content,
      pillar,
      theme: question.theme,
      bankQuestionId,
      reaction,
    };
  };

  // A one-tap rating, once each, after the answer on its pillar (rating-turn.ts).
  const rating = ratingDue(request);
  if (rating) {
    const { question, pillar } = SELF_RATINGS[rating];
    return { ...compose({ content: question, theme: `rating:${rating}` }, pillar, null), rating };
  }

  if (context.phase === "wrap-up") {
    const wrap = wrapUpQuestions(style.closure).find(
      (q) => fresh(q) && !lastAsked.some((l) => l.content === q.content),
    );
    if (wrap) return compose(wrap, null, null);
  }

  // Follow up as the configuration asks, on the pillar the answer's problem belongs to (else the question's).
  const current = pillarToProbe(reading) ?? themeOf(lastUser)?.pillar ?? request.currentPillar;
  const worried = reading.polarity === "negative" && reading.mixed?.outcome !== "positive";
  const bankProbeIds = bank.filter((q) => q.pillar === current && PROBE_TYPES.has(q.questionType)).map((q) => q.id);
  const probesSoFar = current ? probesAsked(current, bankProbeIds, askedBankIds, lastAsked) : 0;
  if (
    current &&
    context.phase !== "wrap-up" &&
    wantsProbe(style, { reaction, worried, strong: reading.strong }, probesSoFar)
  ) {
    const probe = bank
      .filter((q) => q.pillar === current && PROBE_TYPES.has(q.questionType) && !askedBankIds.includes(q.id))
      .sort((a, b) => a.priorityOrder - b.priorityOrder)
      .map((q) => ({ q, candidate: asked(q.questionText, `probe:${q.id}`) }))
      .find(({ candidate }) => fresh(candidate));
    if (probe) return compose(probe.candidate, current, probe.q.id);
    const deep = style.probesPerPillar > 1 ? nextDeepProbe(current, lastAsked) : null;
    if (deep) return compose(deep, current, null);
  }

  // The weightiest uncovered pillar, then the one furthest below its weighted share of the questions.
  // After a worried answer, first without the good-news questions; they stay for a later turn.
  const weights = request.pillarWeights ?? DEFAULT_GLOBAL_SETTINGS.pillarWeights;
  const order = pillarOrder([...new Set(bank.map((q) => q.pillar))], pillarProgress, weights);
  // First also without what a recent mixed answer already told (covered.ts), then with it.
  const covered = themesCoveredByMixed(request.messages.filter((m) => m.role === "user").map((m) => m.content));
  const passes = [
    { skipGoodNews: worried, skipCovered: true },
    ...(worried ? [{ skipGoodNews: true, skipCovered: false }] : []),
    { skipGoodNews: false, skipCovered: false },
  ];
  for (const { skipGoodNews, skipCovered } of passes) {
    for (const pillar of order) {
      const next = bank
        .filter((q) => q.pillar === pillar && !PROBE_TYPES.has(q.questionType) && !askedBankIds.includes(q.id))
        .sort((a, b) => a.priorityOrder - b.priorityOrder)
        .map((q) => ({ q, candidate: asked(q.questionText, themeOf(q.questionText)?.id ?? `bank:${q.id}`) }))
        .find(
          ({ candidate }) =>
            fresh(candidate) &&
            !(skipGoodNews && GOOD_NEWS_THEMES.has(candidate.theme ?? "")) &&
            !(skipCovered && covered.has(candidate.theme ?? "")),
        );
      if (next) return compose(next.candidate, pillar, next.q.id, pillar !== current);
    }
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

/** Its replies are planned to avoid repetition, so planning is its review; sent word by word. */
export const embeddedProvider: InterviewProvider = {
  kind: "embedded",
  label: "Embedded interviewer (offline)",
  async reply(request, _signal, onDelta) {
    const planned = planReply(request);
    for (const chunk of chunksOf(planned.text)) onDelta(chunk);
    return planned;
  },
  async judge(transcript: readonly TranscriptMessage[]) {
    return lexiconJudgement(transcript);
  },
  // No model to ask: callers keep what they had (coaching keeps the rules' wording).
  async structured() {
    return null;
  },
};

/** What a free-form (LLM) reply asked about: its question's theme and pillar, if any cue matches. */
export function classifyReply(reply: string): { question: string; theme: string | null; pillar: Pillar | null } {
  const question = questionPart(reply);
  const theme = themeOf(question);
  return { question, theme: theme?.id ?? null, pillar: theme?.pillar ?? null };
}
