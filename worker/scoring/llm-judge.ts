import { z } from "zod";
import { BLOCKER_THEMES } from "../language/themes";
import { SCORE_DIMENSIONS, SCORES, type ScoreDimension } from "../shared/pillars";
import type { Judgement, TranscriptMessage } from "./judgement";

/**
 * The LLM judge's structured output, with evidence (issue 14 item 4): every score and every
 * blocker carries the salesperson's own phrase that supports it. The server checks that
 * the phrase occurs in what the salesperson said and discards whatever it cannot find (the
 * reader's score stands in for a discarded one, review.ts). The phrases are only
 * checked, never stored nor shown: managers see themes and figures, not words.
 */
const themeNames = BLOCKER_THEMES.map((b) => b.theme) as [string, ...string[]];

const scored = z.object({ value: z.number().int().min(0).max(100), evidence: z.string().max(400) });

export const llmJudgementSchema = z.object({
  scores: z.object(
    Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, scored])) as Record<ScoreDimension, typeof scored>,
  ),
  blockers: z.array(z.object({ theme: z.enum(themeNames), evidence: z.string().max(400) })).max(BLOCKER_THEMES.length),
});

const EVIDENCE_HELP =
  "The salesperson's own words, copied exactly from one of their messages, that support this; empty when they said nothing about it.";

/** The JSON schema sent as response_format (strict structured output). */
export const LLM_JUDGEMENT_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["scores", "blockers"],
  properties: {
    scores: {
      type: "object",
      additionalProperties: false,
      required: [...SCORE_DIMENSIONS],
      properties: Object.fromEntries(
        SCORE_DIMENSIONS.map((d) => [
          d,
          {
            type: "object",
            additionalProperties: false,
            required: ["value", "evidence"],
            properties: {
              value: { type: "integer", minimum: 0, maximum: 100, description: SCORES[d].judgeHelp },
              evidence: { type: "string", description: EVIDENCE_HELP },
            },
          },
        ]),
      ),
    },
    blockers: {
      type: "array",
      description: "Obstacles the salesperson says hold them back NOW (not solved ones, not wins).",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["theme", "evidence"],
        properties: {
          theme: { type: "string", enum: themeNames },
          evidence: { type: "string", description: EVIDENCE_HELP },
        },
      },
    },
  },
} as const;

export const JUDGE_INSTRUCTIONS = `You score a private sales check-in conversation for a sentiment dashboard.
Read only what the salesperson (role "user") said. Read sarcasm, hedged or denied strain, sleep and hours, and intent to leave for what they mean.
Answer with JSON matching the schema: integers 0-100 where 50 is neutral or unknown. stress: higher means more stressed. blockers: higher means fewer or smaller blockers.
For every score and blocker, quote in "evidence" the salesperson's own words that support it, copied exactly; leave it empty when they did not talk about it.`;

/** Lower case, straight quotes, single spaces, no surrounding punctuation: how a quote is compared. */
function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, " ")
    .replace(/^[\s"'.,!?…-]+|[\s"'.,!?…-]+$/g, "");
}

/** Quotes shorter than this prove nothing ("ok", "no"). */
const MIN_EVIDENCE = 4;

/** True when `phrase` is, word for word, in something the salesperson said. */
export function occursIn(phrase: string, said: readonly string[]): boolean {
  const quote = normalised(phrase.slice(0, 400));
  if (quote.length < MIN_EVIDENCE) return false;
  return said.some((message) => normalised(message).includes(quote));
}

/**
 * The LLM's answer as a judgement: schema-checked, then each score and blocker kept only
 * when its evidence occurs in the salesperson's messages. Null when the shape is wrong.
 */
export function judgementFromLlm(value: unknown, transcript: readonly TranscriptMessage[]): Judgement | null {
  const parsed = llmJudgementSchema.safeParse(value);
  if (!parsed.success) return null;
  const said = transcript.filter((m) => m.sender === "user").map((m) => m.content);
  const raw: Judgement["raw"] = {};
  const discarded: string[] = [];
  for (const dimension of SCORE_DIMENSIONS) {
    const score = parsed.data.scores[dimension];
    if (occursIn(score.evidence, said)) raw[dimension] = score.value;
    else discarded.push(dimension);
  }
  const blockers: Judgement["blockers"] = [];
  for (const named of parsed.data.blockers) {
    const theme = BLOCKER_THEMES.find((b) => b.theme === named.theme);
    if (!theme || blockers.some((b) => b.theme === theme.theme)) continue;
    if (occursIn(named.evidence, said)) blockers.push({ theme: theme.theme, description: theme.description });
    else discarded.push(`blocker:${theme.theme}`);
  }
  return { raw, blockers, judgedBy: "llm", discarded };
}
