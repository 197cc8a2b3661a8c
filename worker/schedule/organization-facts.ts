import { and, eq, inArray, ne } from "drizzle-orm";
import { checkInsAllowedSql } from "../billing/lifecycle";
import type { Database } from "../db/client";
import { inJsonList } from "../db/fan-out";
import { organizations, slackInstallations } from "../db/schema";

/**
 * What the schedule's jobs read of organizations, from the platform database: their status,
 * plan, time zone, name and Slack installation are the platform's (worker/db/shards.ts), and
 * a shard's copy of an organization only anchors its rows' foreign keys (its status is not kept
 * there). Ids are bound as one JSON list (D1's 100-parameter limit).
 */

export type Schedulable = { timeZone: string | null; slackDm: boolean };

/**
 * Of these organizations, the ones whose schedule may create check-ins now (active or in the
 * trial, and paid or in the trial: a paused plan keeps its saved schedule), with their time
 * zone and whether they invite by Slack DM.
 */
export async function schedulableOrganizations(
  platform: Database,
  ids: readonly string[],
  now: number,
): Promise<Map<string, Schedulable>> {
  if (ids.length === 0) return new Map();
  const rows = await platform
    .select({ id: organizations.id, timeZone: organizations.timeZone, slackDm: slackInstallations.dmInvitations })
    .from(organizations)
    .leftJoin(slackInstallations, eq(slackInstallations.organizationId, organizations.id))
    .where(
      and(
        inJsonList(organizations.id, ids),
        inArray(organizations.status, ["active", "trial"]),
        // Paused after the trial or a lapsed payment; the saved schedule resumes on upgrade.
        checkInsAllowedSql(now),
      ),
    );
  return new Map(rows.map((row) => [row.id, { timeZone: row.timeZone, slackDm: row.slackDm === true }]));
}

/** Of these organizations, the ones whose links work (not suspended): no email points at another. Their names. */
export async function sendableOrganizations(platform: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await platform
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(inJsonList(organizations.id, unique), ne(organizations.status, "suspended")));
  return new Map(rows.map((row) => [row.id, row.name]));
}
