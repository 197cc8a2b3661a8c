import { z } from "zod";
import { BLOCKER_THEMES, blockerThemesIn } from "../checkin/themes";
import type { DimensionScores, Pillar } from "../shared/pillars";
import type { Signal } from "./lexicon";
import { readAnswer } from "./reading";

/**
 * Judging a conversation: raw per-dimension scores and the blockers named. The LLM does it
 * when a provider is configured (structured output, validated below); the embedded lexicon
 * scorer always can, and is the fallback. The spec's clamps come after (checkin/scoring.ts).
 */
export type TranscriptMessage = { sender: "user" | "assistant"; content: string; pillar: Pillar | null };

export type Judgement = {
  raw: Partial<Record<keyof DimensionScores, number>>;
  blockers: { theme: string; description: string }[];
  judgedBy: "llm" | "lexicon";
};

/** Each user message with the pillar of the question it answers. */
export function answersOf(transcript: readonly TranscriptMessage[]) {
  const answers: { content: string; pillar: Pillar | null }[] = [];
  let pillar: Pillar | null = null;
  for (const message of transcript) {
    if (message.sender === "assistant") pillar = message.pillar;
    else answers.push({ content: message.content, pillar });
  }
  return answers;
}

/** A piece of evidence for a dimension: a value on the −1…+1 scale and how much it counts. */
type Evidence = { value: number; weight: number };

/**
 * The weighted mean of the evidence, pulled towards neutral by a prior worth `prior`
 * pieces of evidence: one stray "tired" moves stress a little, a conversation full of
 * exhaustion moves it a lot. Null when there is no evidence at all (the score stays 50).
 */
function pooled(evidence: readonly Evidence[], prior: number): number | null {
  const weight = evidence.reduce((sum, e) => sum + e.weight, 0);
  if (weight === 0) return null;
  return evidence.reduce((sum, e) => sum + e.value * e.weight, 0) / (weight + prior);
}

/** How much one signal counts against the prior (a direct answer on the pillar counts 1.5). */
const SIGNAL = 0.6;
const ON_PILLAR = 1.5;
const PRIOR = 2;
/**
 * Strain is said plainly ("exhausted", "can't sleep", "working weekends"), so each sign
 * counts more than a hedge does: one remark stays below the burnout line (stress 70), two
 * or more cross it, and a conversation full of them goes well past it.
 */
const STRAIN_SIGNAL = 0.8;

/**
 * The embedded scorer. Every answer is read (worker/ai/reading.ts) with the pillar of the
 * question it answers, then:
 * - morale: how every answer feels (answers to morale questions count double), less for
 *   each sign of leaving;
 * - confidence: answers to quota questions, and every sign of doubt or confidence about
 *   the number anywhere ("maybe 60 % at best", "on track"), with wins as a little support;
 * - stress: answers to burnout questions (inverted), and every sign of strain or of rest;
 * - sales strength: answers to sales-strength questions and wins;
 * - blockers: answers to blocker questions, less for each distinct blocker named.
 * Raw values; the spec's clamps come after (checkin/scoring.ts).
 */
export function lexiconJudgement(transcript: readonly TranscriptMessage[]): Judgement {
  const answers = answersOf(transcript).map((a) => ({ ...a, reading: readAnswer(a.content, a.pillar) }));
  const felt = answers.filter((a) => a.reading.sentiment.hits > 0 || a.reading.signals.length > 0);
  const compound = (a: (typeof answers)[number]) => a.reading.sentiment.compound;
  const has = (a: (typeof answers)[number], signal: Signal) => a.reading.signals.includes(signal);
  const signalEvidence = (up: Signal, down: Signal, strength = SIGNAL): Evidence[] =>
    answers.flatMap((a) => [
      ...(has(a, up) ? [{ value: strength, weight: 1 }] : []),
      ...(has(a, down) ? [{ value: -strength, weight: 1 }] : []),
    ]);

  const raw: Judgement["raw"] = {};

  const moraleAnswers = [...felt, ...felt.filter((a) => a.pillar === "morale")];
  if (moraleAnswers.length > 0) {
    const mean = moraleAnswers.reduce((sum, a) => sum + compound(a), 0) / moraleAnswers.length;
    const leaving = Math.min(2, answers.filter((a) => has(a, "flight_risk")).length);
    raw.morale = 50 + 45 * mean - 12 * leaving;
  }

  const confidence = pooled(
    [
      ...felt.filter((a) => a.pillar === "quota_confidence").map((a) => ({ value: compound(a), weight: ON_PILLAR })),
      ...signalEvidence("confidence_high", "confidence_low"),
      ...answers.filter((a) => has(a, "win")).map(() => ({ value: SIGNAL, weight: 0.5 })),
    ],
    PRIOR,
  );
  if (confidence !== null) raw.confidence = 50 + 45 * confidence;

  const stress = pooled(
    [
      ...felt.filter((a) => a.pillar === "burnout_risks").map((a) => ({ value: -compound(a), weight: ON_PILLAR })),
      ...signalEvidence("stress_high", "stress_low", STRAIN_SIGNAL),
    ],
    PRIOR - 0.5,
  );
  if (stress !== null) raw.stress = 50 + 45 * stress;

  const strength = pooled(
    [
      ...felt.filter((a) => a.pillar === "sales_strength").map((a) => ({ value: compound(a), weight: ON_PILLAR })),
      ...answers.filter((a) => has(a, "win")).map(() => ({ value: SIGNAL, weight: 1 })),
    ],
    1,
  );
  if (strength !== null) raw.sales_strength = 60 + 35 * strength;

  const blockers = blockerThemesIn(
    answers.map((a) => ({ content: a.content, answersBlockersQuestion: a.pillar === "blockers" })),
  );
  const onBlockers = felt.filter((a) => a.pillar === "blockers");
  const blockerMean =
    onBlockers.length > 0 ? onBlockers.reduce((sum, a) => sum + compound(a), 0) / onBlockers.length : null;
  if (blockerMean !== null || blockers.length > 0) {
    raw.blockers = 60 + 30 * (blockerMean ?? 0) - 12 * Math.min(4, blockers.length);
  }

  return { raw, blockers, judgedBy: "lexicon" };
}

const themeNames = BLOCKER_THEMES.map((b) => b.theme) as [string, ...string[]];

/** What the LLM must answer: 0–100 per dimension and blockers from our theme list. */
export const llmJudgementSchema = z.object({
  morale: z.number().min(0).max(100),
  confidence: z.number().min(0).max(100),
  stress: z.number().min(0).max(100),
  sales_strength: z.number().min(0).max(100),
  blockers: z.number().min(0).max(100),
  blocker_themes: z.array(z.enum(themeNames)).max(BLOCKER_THEMES.length),
});

/** The JSON schema sent as response_format (strict structured output). */
export const LLM_JUDGEMENT_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["morale", "confidence", "stress", "sales_strength", "blockers", "blocker_themes"],
  properties: {
    morale: {
      type: "integer",
      minimum: 0,
      maximum: 100,
      description: "How positive they feel about work; 50 neutral.",
    },
    confidence: { type: "integer", minimum: 0, maximum: 100, description: "Confidence in hitting quota; 50 neutral." },
    stress: {
      type: "integer",
      minimum: 0,
      maximum: 100,
      description: "Stress and burnout risk; HIGHER means MORE stressed.",
    },
    sales_strength: {
      type: "integer",
      minimum: 0,
      maximum: 100,
      description: "Self-assessed selling skill and recent wins.",
    },
    blockers: {
      type: "integer",
      minimum: 0,
      maximum: 100,
      description: "HIGHER means FEWER blockers; 50 when none discussed.",
    },
    blocker_themes: { type: "array", items: { type: "string", enum: themeNames }, description: "Blockers they named." },
  },
} as const;

export const JUDGE_INSTRUCTIONS = `You score a private sales check-in conversation for a sentiment dashboard.
Read only what the salesperson (role "user") said. Answer with JSON matching the schema: integers 0-100 where 50 is neutral or unknown.
stress: higher means more stressed. blockers: higher means fewer or smaller blockers. blocker_themes: only themes the salesperson actually named as obstacles.`;

export function judgementFromLlm(value: unknown): Judgement | null {
  const parsed = llmJudgementSchema.safeParse(value);
  if (!parsed.success) return null;
  const { blocker_themes, ...raw } = parsed.data;
  const blockers = BLOCKER_THEMES.filter((b) => blocker_themes.includes(b.theme)).map((b) => ({
    theme: b.theme,
    description: b.description,
  }));
  return { raw, blockers, judgedBy: "llm" };
}
