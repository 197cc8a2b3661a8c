import { z } from "zod";
import { BLOCKER_THEMES, blockerThemesIn, mentionsAny } from "../checkin/themes";
import type { Pillar } from "../shared/pillars";
import type { DimensionScores } from "../shared/scores";
import { sentimentOf } from "./lexicon";

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

const STRESS_CUES = [
  "overwhelm",
  "exhaust",
  "burned out",
  "burnt out",
  "burnout",
  "stressed",
  "stressful",
  "swamped",
  "drowning",
  "long hours",
  "weekends",
  "can't sleep",
  "cannot sleep",
  "anxious",
  "anxiety",
  "no time",
  "too much",
  "pressure",
];
const CALM_CUES = ["balanced", "manageable", "rested", "relaxed", "calm", "under control", "good balance"];
const CONFIDENT_CUES = [
  "on track",
  "ahead",
  "confident",
  "crushing",
  "exceed",
  "will hit",
  "going to hit",
  "comfortably",
];
const DOUBT_CUES = [
  "behind",
  "miss",
  "won't hit",
  "not going to hit",
  "worried",
  "short of",
  "at risk",
  "slipping",
  "gap",
];

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

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** The embedded scorer: lexicon sentiment of the answers, credited to the pillar each one answers, plus cues. */
export function lexiconJudgement(transcript: readonly TranscriptMessage[]): Judgement {
  const answers = answersOf(transcript).map((a) => ({ ...a, sentiment: sentimentOf(a.content) }));
  const on = (pillar: Pillar) => answers.filter((a) => a.pillar === pillar);
  const compoundOf = (list: typeof answers) =>
    mean(list.filter((a) => a.sentiment.hits > 0).map((a) => a.sentiment.compound));
  const cueCount = (cues: string[], list = answers) => list.filter((a) => mentionsAny(a.content, cues)).length;

  const raw: Judgement["raw"] = {};

  // Morale: every answer says something about how the person is; morale answers count double.
  const moraleAnswers = [...answers, ...on("morale")];
  const moraleMean = compoundOf(moraleAnswers);
  if (moraleMean !== null) raw.morale = 50 + 45 * moraleMean;

  const quota = on("quota_confidence");
  const quotaMean = compoundOf(quota);
  const confidenceCues = 8 * (cueCount(CONFIDENT_CUES) - cueCount(DOUBT_CUES));
  if (quotaMean !== null || confidenceCues !== 0) raw.confidence = 50 + 40 * (quotaMean ?? 0) + confidenceCues;

  const burnout = on("burnout_risks");
  const burnoutMean = compoundOf(burnout);
  const stressCues = Math.min(30, 10 * cueCount(STRESS_CUES)) - 8 * cueCount(CALM_CUES);
  if (burnoutMean !== null || stressCues !== 0) raw.stress = 50 - 40 * (burnoutMean ?? 0) + stressCues;

  const strengthMean = compoundOf(on("sales_strength"));
  if (strengthMean !== null) raw.sales_strength = 60 + 35 * strengthMean;

  const blockers = blockerThemesIn(
    answers.map((a) => ({ content: a.content, answersBlockersQuestion: a.pillar === "blockers" })),
  );
  const blockerMean = compoundOf(on("blockers"));
  if (blockerMean !== null || blockers.length > 0) raw.blockers = 60 + 30 * (blockerMean ?? 0) - 12 * blockers.length;

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
