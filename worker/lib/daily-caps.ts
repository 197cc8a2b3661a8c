import type { Database } from "../db/client";
import { DAY_MS } from "../shared/time";
import { recordAudit } from "./audit";
import { ApiError } from "./errors";
import { log } from "./log";
import { hitRateLimit } from "./rate-limit";

/**
 * Per-organization daily caps on what costs us money or reputation: LLM calls and outbound
 * email. Counted in rate_limits under a key per organization and UTC day. The first refusal
 * of the day is written to audit_logs (`organization.daily_cap_reached`), so the operator
 * sees in the console's Audit Logs which organization hit which cap.
 */
export type DailyCapKind = "llm" | "email";

export const DAILY_CAP_MESSAGES: Record<DailyCapKind, (limit: number) => string> = {
  llm: (limit) =>
    `Your organization has used today's ${limit} AI requests. The rule-based coaching is shown; AI wording is back tomorrow (UTC).`,
  email: (limit) => `Your organization has sent today's ${limit} emails. Please try again tomorrow (UTC).`,
};

export class DailyCapReached extends ApiError {
  constructor(
    readonly kind: DailyCapKind,
    readonly limit: number,
  ) {
    super(429, "daily_limit_reached", DAILY_CAP_MESSAGES[kind](limit), { kind, limit });
    this.name = "DailyCapReached";
  }
}

/** Counts one use; throws DailyCapReached (429) past `limit` for the organization's UTC day. */
export async function spendDailyCap(
  db: Database,
  organizationId: string,
  kind: DailyCapKind,
  limit: number,
  now = Date.now(),
): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  const result = await hitRateLimit(db, `cap:${kind}:${organizationId}:${day}`, { limit, windowMs: DAY_MS }, now);
  if (result.allowed) return;
  if (result.count === limit + 1) {
    await recordAudit(db, {
      actorUserId: null,
      actorEmail: null,
      action: "organization.daily_cap_reached",
      targetType: "organization",
      targetId: organizationId,
      organizationId,
      details: { kind, limit, day },
    });
    log("warn", "daily_cap_reached", { organizationId, kind, limit });
  }
  throw new DailyCapReached(kind, limit);
}
