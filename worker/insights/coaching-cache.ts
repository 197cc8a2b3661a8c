import { and, eq } from "drizzle-orm";
import { providerFor } from "../ai/choose-provider";
import type { Database } from "../db/client";
import { coachingCache } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { dailyCap, spendDailyCap } from "../lib/daily-caps";
import type { CoachingResponse, InsightsResponse } from "../shared/insights";
import { DAY_MS } from "../shared/time";
import { fetchCoachingReply, mergeEnrichment } from "./ai-coaching";

/** LLM calls an organization may make for coaching per UTC day (a cached week needs 1 per range). */
export const COACHING_LLM_DAILY_CAP = 12;

/** The week a reply belongs to: its Monday (UTC), as YYYY-MM-DD. Day 0 (1970-01-01) was a Thursday. */
export function weekKeyOf(now: number): string {
  const day = Math.floor(now / DAY_MS);
  return new Date((day - ((day + 3) % 7)) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * GET /api/insights/coaching's answer. The rules are computed on every request (cheap SQL);
 * the LLM's rewording is cached per organization, week and range and merged into them by
 * id, so actions that appeared since keep the rules' wording until next week. A miss costs
 * one call against coaching's daily share and one against the organization's daily model
 * calls (429 past either, rules still shown by the page). A cached reply that fits none of today's actions counts as a miss.
 */
export async function coachingFor(
  db: Database,
  config: AppConfig,
  organizationId: string,
  range: string,
  insights: InsightsResponse,
  signal?: AbortSignal,
  now = Date.now(),
): Promise<CoachingResponse> {
  const rules: CoachingResponse = { coaching: insights.coaching, source: "rules" };
  const provider = providerFor(config);
  if (provider.kind === "embedded" || insights.coaching.length === 0) return rules;
  const weekKey = weekKeyOf(now);
  const key = and(
    eq(coachingCache.organizationId, organizationId),
    eq(coachingCache.weekKey, weekKey),
    eq(coachingCache.range, range),
  );
  const [cached] = await db.select({ reply: coachingCache.reply }).from(coachingCache).where(key);
  const fromCache = cached ? mergeEnrichment(insights.coaching, cached.reply) : null;
  if (fromCache) return { coaching: fromCache, source: "ai" };

  // Coaching's own share first, then the organization's model calls of the day (chats count there too).
  await spendDailyCap(db, organizationId, "coaching", COACHING_LLM_DAILY_CAP, now);
  await spendDailyCap(db, organizationId, "llm", await dailyCap(db, organizationId, "llm"), now);
  const reply = await fetchCoachingReply(provider, insights, signal);
  const merged = reply === null ? null : mergeEnrichment(insights.coaching, reply);
  if (!merged) return rules;
  await db
    .insert(coachingCache)
    .values({ organizationId, weekKey, range, reply, createdAt: new Date(now) })
    .onConflictDoUpdate({
      target: [coachingCache.organizationId, coachingCache.weekKey, coachingCache.range],
      set: { reply, createdAt: new Date(now) },
    });
  return { coaching: merged, source: "ai" };
}
