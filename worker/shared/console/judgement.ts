import * as z from "zod/mini";
import { BANDS } from "../check-in-summary";
import { SCORE_DIMENSIONS } from "../pillars";
import { timestamp } from "./common";

/**
 * The console's view of where the reader is wrong in real use (issue 24 §7, §8):
 * `GET /api/admin/sentiment/judgement` — the corrections salespeople made in their closing
 * summaries, counted per score (labels only), and the latest check-ins marked for review
 * because the LLM judge and the reader disagreed (figures only, never words).
 */
export const JUDGEMENT_WINDOW_DAYS = 90;
export const DISPUTED_LIMIT = 50;

export const correctionCountSchema = z.object({
  dimension: z.enum(SCORE_DIMENSIONS),
  total: z.number(),
  /** How many picked each band instead of the one read. */
  byChosen: z.record(z.enum(BANDS), z.number()),
});

export const disputedCheckInSchema = z.object({
  checkInId: z.string(),
  organizationName: z.string(),
  completedAt: timestamp,
  disputes: z.array(z.object({ dimension: z.enum(SCORE_DIMENSIONS), llm: z.number(), reader: z.number() })),
});

export const judgementOverviewSchema = z.object({
  days: z.number(),
  /** Completed check-ins in the window: the base of both figures. */
  completed: z.number(),
  corrections: z.array(correctionCountSchema),
  /** Check-ins with at least one correction. */
  correctedCheckIns: z.number(),
  disputed: z.array(disputedCheckInSchema),
  disputedTotal: z.number(),
});
export type JudgementOverview = z.infer<typeof judgementOverviewSchema>;
