import * as z from "zod/mini";
import { ALERT_PRIORITIES, ALERT_STATUSES, ALERT_TYPES } from "./domain";
import { PILLARS, SCORE_DIMENSIONS, SCORES } from "./pillars";
import { teamMemberProfileShape, teamMemberRefShape } from "./team";

/**
 * GET /api/insights and GET /api/insights/members/:id — the dashboard's aggregates, and
 * the display rules of spec 2 §7 ("Derived values") the SPA applies to them.
 * Transcripts never appear here: scores, themes and alerts only.
 */

export const INSIGHT_RANGES = ["4w", "12w", "52w"] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
export const RANGE_WEEKS: Record<InsightRange, number> = { "4w": 4, "12w": 12, "52w": 52 };

export const insightsQuerySchema = z.object({
  range: z._default(z.enum(INSIGHT_RANGES, { error: "range must be 4w, 12w or 52w" }), "12w"),
});

/** Spec 2 §7: sales strength reads 75 when a response carries none (the pillar registry says so). */
export const DEFAULT_SALES_STRENGTH = SCORES.sales_strength.missing;

const isoDate = z.string();
const nullableNumber = z.nullable(z.number());

export const pillarCardSchema = z.object({
  pillar: z.enum(PILLARS),
  /** 0–100 for the five scores; for blockers, the number reported in the window. */
  value: nullableNumber,
  previous: nullableNumber,
  /** Week over week: percent for scores, a count difference for blockers; null without both weeks. */
  change: nullableNumber,
  changeUnit: z.enum(["percent", "count"]),
  lowerIsBetter: z.boolean(),
  /** Nobody in the window talked about it: shown as "not discussed", not as the stored neutral 50. */
  notDiscussed: z.optional(z.boolean()),
  /** A person's card (issue 24): their latest reading is uncertain / their own correction / disputed. */
  uncertain: z.optional(z.boolean()),
  corrected: z.optional(z.boolean()),
  disputed: z.optional(z.boolean()),
});
export type PillarCard = z.infer<typeof pillarCardSchema>;

export const trendPointSchema = z.object({
  /** The 7-day window [start, end); the last point ends now. */
  start: isoDate,
  end: isoDate,
  responses: z.number(),
  morale: nullableNumber,
  confidence: nullableNumber,
  stress: nullableNumber,
  teamDynamics: nullableNumber,
  salesStrength: nullableNumber,
  blockers: z.number(),
  /** Check-ins sent in the window and how many of those were answered (pending ones excluded). */
  sent: z.number(),
  participation: nullableNumber,
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const scoreSnapshotSchema = z.object({
  morale: z.number(),
  confidence: z.number(),
  stress: z.number(),
  salesStrength: z.number(),
  blockers: z.number(),
  recordedAt: isoDate,
  /**
   * Issue 24, optional (older rows have none): the scores shown as "uncertain" instead of a
   * band (weak or conflicting evidence), the ones the salesperson corrected in their closing
   * summary (their own reading), and, on a person's view, where the LLM judge and the reader
   * disagreed (needs_review), in figures only.
   */
  uncertain: z.optional(z.array(z.enum(SCORE_DIMENSIONS))),
  corrected: z.optional(z.array(z.enum(SCORE_DIMENSIONS))),
  disputed: z.optional(z.array(z.object({ dimension: z.enum(SCORE_DIMENSIONS), llm: z.number(), reader: z.number() }))),
});
export type ScoreSnapshot = z.infer<typeof scoreSnapshotSchema>;

export const RISK_LEVELS = ["high", "watch", "ok", "unknown"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const personRowSchema = z.object({
  ...teamMemberProfileShape,
  latest: z.nullable(scoreSnapshotSchema),
  /** Stress in the check-in before the latest (the coaching says "up from …"). */
  previousStress: nullableNumber,
  completedInRange: z.number(),
  sentInRange: z.number(),
  openAlerts: z.number(),
  risk: z.enum(RISK_LEVELS),
});
export type PersonRow = z.infer<typeof personRowSchema>;

export const alertItemSchema = z.object({
  id: z.string(),
  teamMember: z.nullable(z.object(teamMemberRefShape)),
  category: z.string(),
  alertType: z.enum(ALERT_TYPES),
  priority: z.enum(ALERT_PRIORITIES),
  message: z.string(),
  status: z.enum(ALERT_STATUSES),
  createdAt: isoDate,
  resolvedAt: z.nullable(isoDate),
});
export type AlertItem = z.infer<typeof alertItemSchema>;

export const blockerThemeSchema = z.object({
  theme: z.string(),
  count: z.number(),
  people: z.number(),
  thisWeek: z.number(),
  lastWeek: z.number(),
  lastReportedAt: isoDate,
});
export type BlockerTheme = z.infer<typeof blockerThemeSchema>;

export const COACHING_PRIORITIES = ["high", "medium", "low"] as const;
export type CoachingPriority = (typeof COACHING_PRIORITIES)[number];

export const coachingActionSchema = z.object({
  id: z.string(),
  priority: z.enum(COACHING_PRIORITIES),
  pillar: z.nullable(z.enum(PILLARS)),
  title: z.string(),
  detail: z.string(),
  /** The people it is about (empty for team-wide actions). */
  teamMemberIds: z.array(z.string()),
  source: z.enum(["rules", "ai"]),
});
export type CoachingAction = z.infer<typeof coachingActionSchema>;

export const salesStrengthProfileSchema = z.object({
  average: nullableNumber,
  /** People by their latest sales strength: strong ≥ 75, solid 60–74, developing < 60. */
  bands: z.object({ strong: z.number(), solid: z.number(), developing: z.number() }),
  /** The strongest first; at most the Overview's 50 (issue 26). */
  people: z.array(z.object({ ...teamMemberRefShape, value: z.number() })),
  /** How many people the bands count, when more than `people` lists (issue 26; absent otherwise). */
  scored: z.optional(z.number()),
});
export type SalesStrengthProfile = z.infer<typeof salesStrengthProfileSchema>;

export const participationSchema = z.object({
  /** Answered ÷ (answered + expired) among check-ins sent in the range; null when none closed. */
  rate: nullableNumber,
  completed: z.number(),
  expired: z.number(),
  pending: z.number(),
  /** Active members with a completed check-in in the last 7 days. */
  membersThisWeek: z.number(),
  activeMembers: z.number(),
});
export type Participation = z.infer<typeof participationSchema>;

export const insightsResponseSchema = z.object({
  generatedAt: isoDate,
  range: z.enum(INSIGHT_RANGES),
  team: z.object({ activeMembers: z.number(), totalMembers: z.number(), anyCheckInSent: z.boolean() }),
  /** Any completed check-in ever: false shows the getting-started state. */
  hasData: z.boolean(),
  /** The window the cards describe: 0 = the last 7 days; more when the last week had no answers. */
  current: z.object({ weeksAgo: nullableNumber, responses: z.number() }),
  pillars: z.array(pillarCardSchema),
  /** The five scored pillars' weighted health (Global Settings' pillar weights), 0–100. */
  overall: z.optional(
    z.object({ value: nullableNumber, previous: nullableNumber, weights: z.record(z.string(), z.number()) }),
  ),
  participation: participationSchema,
  trend: z.array(trendPointSchema),
  blockers: z.array(blockerThemeSchema),
  alerts: z.object({ open: z.number(), items: z.array(alertItemSchema) }),
  /**
   * The ones who need you first: by risk, then stress, then name. At most 50 (issue 26: a
   * 10,000-person team is not one table); `team.totalMembers` says how many there are.
   */
  people: z.array(personRowSchema),
  /** How many people are at each risk level, all of them (issue 26; absent from an older Worker). */
  riskCounts: z.optional(z.object({ high: z.number(), watch: z.number(), ok: z.number(), unknown: z.number() })),
  salesStrength: salesStrengthProfileSchema,
  coaching: z.array(coachingActionSchema),
  /** An LLM is configured: GET /api/insights/coaching can enrich the actions. */
  aiCoachingAvailable: z.boolean(),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;

export const memberInsightsResponseSchema = z.object({
  generatedAt: isoDate,
  range: z.enum(INSIGHT_RANGES),
  member: z.object({ ...teamMemberProfileShape, email: z.nullable(z.string()) }),
  /** Their latest check-in against the one before (a person answers once a period, not daily). */
  pillars: z.array(pillarCardSchema),
  latest: z.nullable(scoreSnapshotSchema),
  trend: z.array(trendPointSchema),
  blockers: z.array(blockerThemeSchema),
  alerts: z.array(alertItemSchema),
  participation: z.object({ completed: z.number(), expired: z.number(), pending: z.number(), rate: nullableNumber }),
  risk: z.enum(RISK_LEVELS),
  coaching: z.array(coachingActionSchema),
});
export type MemberInsightsResponse = z.infer<typeof memberInsightsResponseSchema>;

export const coachingResponseSchema = z.object({
  coaching: z.array(coachingActionSchema),
  source: z.enum(["rules", "ai"]),
});
export type CoachingResponse = z.infer<typeof coachingResponseSchema>;

export const alertListQuerySchema = z.object({
  status: z._default(z.enum(["open", "resolved", "all"], { error: "status must be open, resolved or all" }), "open"),
  teamMemberId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});
export const alertListResponseSchema = z.object({ items: z.array(alertItemSchema) });
export const alertResponseSchema = z.object({ alert: alertItemSchema });

// ——— display rules (spec 2 §7), used by the cards ———

export type TrendTone = "better" | "worse" | "flat" | "none";

/** Whether a change is good news: stress and blockers going up is worse. */
export function trendTone(card: Pick<PillarCard, "change" | "lowerIsBetter">): TrendTone {
  if (card.change === null) return "none";
  if (card.change === 0) return "flat";
  const up = card.change > 0;
  return up !== card.lowerIsBetter ? "better" : "worse";
}

/**
 * 'No change from last week', '+N% from last week', '-N% from last week' (a count for
 * blockers). A person's view compares with their previous check-in instead.
 */
export function trendText(
  card: Pick<PillarCard, "change" | "changeUnit">,
  reference: "last week" | "previous check-in" = "last week",
): string {
  if (card.change === null) return reference === "last week" ? "No check-ins the week before" : "First check-in";
  const since = reference === "last week" ? "from last week" : "from the previous check-in";
  if (card.change === 0) return `No change ${since}`;
  const sign = card.change > 0 ? "+" : "-";
  const magnitude = Math.abs(card.change);
  return `${sign}${magnitude}${card.changeUnit === "percent" ? "%" : ""} ${since}`;
}
