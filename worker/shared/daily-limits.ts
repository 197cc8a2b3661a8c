import * as z from "zod/mini";

/**
 * What an organization may spend per UTC day (README → Decisions, "Daily caps"): check-ins
 * created (every route: the Admin's, the operator's bulk invite, the schedule), model calls
 * (each interview reply, each check-in's judgement, coaching's rewording) and outbound
 * email. Sized to the team: a base plus so much per active salesperson, so a real schedule
 * fits and a create-and-revoke loop does not.
 */
export const DAILY_CAP_SIZES = {
  check_in: { base: 20, perMember: 3 },
  llm: { base: 200, perMember: 40 },
  email: { base: 50, perMember: 5 },
} as const;
export type SizedCapKind = keyof typeof DAILY_CAP_SIZES;

export function dailyCapFor(kind: SizedCapKind, activeMembers: number): number {
  const size = DAILY_CAP_SIZES[kind];
  return size.base + size.perMember * Math.max(0, activeMembers);
}

const usageSchema = z.object({ used: z.number(), limit: z.number() });
export type DailyUsage = z.infer<typeof usageSchema>;

/** Today's use of each cap, shown in Settings and in the console's organization details. */
export const dailyLimitsSchema = z.object({
  /** The UTC day the figures are for (YYYY-MM-DD); they start again at midnight UTC. */
  day: z.string(),
  checkIns: usageSchema,
  aiRequests: usageSchema,
  emails: usageSchema,
});
export type DailyLimits = z.infer<typeof dailyLimitsSchema>;
