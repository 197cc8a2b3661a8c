import { type AnyColumn, sql } from "drizzle-orm";
import { avgOf } from "../db/aggregates";
import { num } from "./sql";

/** The console's sentiment means (sentiment.ts, company-comparison.ts). */

/** Spec 2 §7: a missing sales strength reads as 75. */
export const DEFAULT_SALES_STRENGTH = 75;

/** The four means over a set of score rows (a missing sales strength reads as 75). */
export const averagesOf = (scores: {
  morale: AnyColumn;
  confidence: AnyColumn;
  stress: AnyColumn;
  salesStrength: AnyColumn;
}) => ({
  morale: avgOf(scores.morale).as("morale"),
  confidence: avgOf(scores.confidence).as("confidence"),
  stress: avgOf(scores.stress).as("stress"),
  salesStrength: avgOf(sql`coalesce(${scores.salesStrength}, ${DEFAULT_SALES_STRENGTH})`).as("sales_strength"),
});

export type Averages = {
  morale: number | null;
  confidence: number | null;
  stress: number | null;
  salesStrength: number | null;
};

/** Team dynamics is the average of morale and confidence (spec 2 §7). */
export const teamDynamics = (a: Averages | undefined) => (num(a?.morale) + num(a?.confidence)) / 2;
