import * as z from "zod/mini";
import { SCORE_DIMENSIONS, SCORES, type ScoreDimension } from "./pillars";

/**
 * The summary a salesperson sees when the chat closes (issue 24 §7): each score as a band in
 * plain words ("Workload: heavy") and the blocker themes, never their words. They may mark a
 * reading wrong and pick the band they think is right, or confirm. Shared: the object builds
 * it, the page draws it and sends the corrections.
 *
 * Bands follow the dashboard's concern lines on the "higher is better" reading (red under 40,
 * amber under 60, green from 60: Meters.scoreTone), so stress turns over; sales strength uses
 * the dashboard's own profile bands (developing < 60, solid 60–74, strong ≥ 75), because its
 * clamps (45–90) leave nothing under 40. A band chosen by the rep is stored as the score
 * in `score` (inside the band and the pillar's clamps; the worst band crosses its alert line).
 */
export const BANDS = ["low", "middle", "high"] as const;
export type Band = (typeof BANDS)[number];

/** `doubtful`: the words already say doubt, so an uncertain reading adds no "(not sure)" to them. */
type BandWords = { words: string; score: number; doubtful?: true };
export type SummaryScale = { label: string; bands: Record<Band, BandWords> };

/** `low`/`middle`/`high` name where the score sits (0–100 as stored), not whether it is good. */
export const SUMMARY_SCALES: Record<ScoreDimension, SummaryScale> = {
  morale: {
    label: "Morale",
    bands: {
      low: { words: "low", score: 25 },
      middle: { words: "mixed", score: 50 },
      high: { words: "good", score: 75 },
    },
  },
  confidence: {
    label: "Hitting your number",
    bands: {
      low: { words: "unlikely", score: 30 },
      middle: { words: "unsure", score: 50, doubtful: true },
      high: { words: "confident", score: 75 },
    },
  },
  stress: {
    label: "Workload",
    bands: {
      low: { words: "manageable", score: 25 },
      middle: { words: "stretched", score: 50 },
      high: { words: "heavy", score: 80 },
    },
  },
  sales_strength: {
    label: "Your selling",
    bands: {
      low: { words: "developing", score: 52 },
      middle: { words: "solid", score: 67 },
      high: { words: "strong", score: 82 },
    },
  },
  blockers: {
    label: "Blockers",
    bands: {
      low: { words: "many", score: 25 },
      middle: { words: "some", score: 50 },
      high: { words: "few or none", score: 85 },
    },
  },
};

/** The band a stored score sits in. */
export function bandOf(dimension: ScoreDimension, score: number): Band {
  if (dimension === "sales_strength") return score < 60 ? "low" : score < 75 ? "middle" : "high";
  // The concern lines are drawn on the "higher is better" reading; stress is stored the other way.
  if (SCORES[dimension].inverted) return score > 60 ? "high" : score > 40 ? "middle" : "low";
  return score < 40 ? "low" : score < 60 ? "middle" : "high";
}

/** "Workload: heavy". */
export function bandSentence(dimension: ScoreDimension, band: Band): string {
  const scale = SUMMARY_SCALES[dimension];
  return `${scale.label}: ${scale.bands[band].words}`;
}

/** How long the summary waits for the salesperson before the check-in completes as read. */
export const SUMMARY_WAIT_MS = 2 * 60_000;

export const summaryReadingSchema = z.object({
  dimension: z.enum(SCORE_DIMENSIONS),
  /** What the reader made of it. */
  read: z.enum(BANDS),
  /** What the salesperson picked instead, when they marked it wrong. */
  corrected: z.optional(z.enum(BANDS)),
  /** Too little or conflicting evidence: the manager sees "uncertain", and so does the rep. */
  uncertain: z.boolean(),
  /** Some answer bore on it: an uncertain reading was heard both ways, not missed (absent from older objects). */
  heard: z.optional(z.boolean()),
});
export type SummaryReading = z.infer<typeof summaryReadingSchema>;

/**
 * The line the salesperson reads: their correction; an uncertain reading they spoke to, with
 * the band the manager will see beside its doubt ("Workload: heavy (not sure)"); one nobody
 * spoke to; or the band.
 */
export function readingSentence(reading: SummaryReading): string {
  if (reading.corrected) return bandSentence(reading.dimension, reading.corrected);
  if (!reading.uncertain) return bandSentence(reading.dimension, reading.read);
  if (reading.heard) {
    const sentence = bandSentence(reading.dimension, reading.read);
    return SUMMARY_SCALES[reading.dimension].bands[reading.read].doubtful ? sentence : `${sentence} (not sure)`;
  }
  return `${SUMMARY_SCALES[reading.dimension].label}: not sure — we didn't hear enough to tell`;
}

export const checkInSummarySchema = z.object({
  readings: z.array(summaryReadingSchema),
  /** Blocker themes only (fixed labels), never the salesperson's words. */
  blockers: z.array(z.string()),
  /** When the check-in completes by itself (ms since the epoch). */
  completesAt: z.number(),
});
export type CheckInSummary = z.infer<typeof checkInSummarySchema>;
