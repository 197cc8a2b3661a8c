import * as z from "zod/mini";
import { pageQuerySchema, paginated, timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. Sentiment Data
 * (/api/admin/sentiment).
 */
/** Spec 2 §3 "Sentiment summary result", plus the response volume the tab shows. */
export const sentimentSummarySchema = z.object({
  global_morale: z.number(),
  global_confidence: z.number(),
  global_stress: z.number(),
  global_sales_strength: z.number(),
  global_team_dynamics: z.number(),
  /** Blockers named in the check-ins of the same sample as the global means. */
  global_blockers_count: z.number(),
  /** How many responses the global values cover: the newest, up to 1000. */
  sample_size: z.number(),
  total_responses: z.number(),
  /** Score trends: this week's mean minus last week's, in points; blockers: a count difference. */
  trends: z.object({
    morale: z.number(),
    confidence: z.number(),
    stress: z.number(),
    sales_strength: z.number(),
    team_dynamics: z.number(),
    blockers: z.number(),
  }),
  volume: z.object({
    last_7_days: z.number(),
    previous_7_days: z.number(),
    last_30_days: z.number(),
    /** Responses per week, oldest first, the current week last. */
    weekly: z.array(z.object({ weekStart: timestamp, responses: z.number() })),
  }),
});
export type SentimentSummary = z.infer<typeof sentimentSummarySchema>;

export const COMPARISON_WINDOWS = ["7", "30", "90", "365"] as const;
export const COMPARISON_SORTS = ["responses", "morale", "confidence", "stress", "name"] as const;
export const companyComparisonQuerySchema = z.extend(pageQuerySchema, {
  days: z.optional(z.enum(COMPARISON_WINDOWS)),
  sort: z.optional(z.enum(COMPARISON_SORTS)),
});

export const companySentimentSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  responses: z.number(),
  morale: z.number(),
  confidence: z.number(),
  stress: z.number(),
  salesStrength: z.number(),
  teamDynamics: z.number(),
  blockers: z.number(),
  activeAlerts: z.number(),
  lastResponseAt: timestamp,
});
export type CompanySentiment = z.infer<typeof companySentimentSchema>;
export const companyComparisonSchema = paginated(companySentimentSchema);
