import { type AnyColumn, and, between, count, eq, sql } from "drizzle-orm";
import { avgOf } from "../db/aggregates";
import { anyAlert } from "../db/alert-status";
import type { Database } from "../db/client";
import { inJsonList } from "../db/fan-out";
import { checkIns, organizations, riskAlerts, sentimentScores, teamMembers, user } from "../db/schema";
import type { CsvValue } from "./csv";
import { organizationProfileColumns } from "./organizations";
import { CHUNK, iso, REPORT_ROW_LIMIT, type ReportRange } from "./report-range";
import { num } from "./sql";

type ShardFigures = {
  teamMembers: number;
  checkInsCompleted: number;
  avgMorale: number | null;
  avgConfidence: number | null;
  avgStress: number | null;
  alertsRaised: number;
};

const NO_FIGURES: ShardFigures = {
  teamMembers: 0,
  checkInsCompleted: 0,
  avgMorale: null,
  avgConfidence: null,
  avgStress: null,
  alertsRaised: 0,
};

/**
 * What happened in these organizations during the range, asked of every shard (worker/db/shards.ts)
 * in one batch each: an organization's rows are all in one of them, so its figures come from one.
 */
async function shardFigures(shards: readonly Database[], ids: string[], range: ReportRange) {
  const figures = new Map<string, ShardFigures>();
  if (ids.length === 0) return figures;
  const during = (column: AnyColumn) => between(column, new Date(range.from), new Date(range.to));
  const perShard = await Promise.all(
    shards.map((shard) =>
      shard.batch([
        shard
          .select({ id: teamMembers.organizationId, n: count().as("n") })
          .from(teamMembers)
          .where(and(inJsonList(teamMembers.organizationId, ids), eq(teamMembers.status, "active")))
          .groupBy(teamMembers.organizationId),
        shard
          .select({ id: checkIns.organizationId, n: count().as("n") })
          .from(checkIns)
          .where(
            and(
              inJsonList(checkIns.organizationId, ids),
              eq(checkIns.status, "completed"),
              during(checkIns.completedAt),
            ),
          )
          .groupBy(checkIns.organizationId),
        shard
          .select({
            id: sentimentScores.organizationId,
            morale: avgOf(sentimentScores.morale).as("morale"),
            confidence: avgOf(sentimentScores.confidence).as("confidence"),
            stress: avgOf(sentimentScores.stress).as("stress"),
          })
          .from(sentimentScores)
          .where(and(inJsonList(sentimentScores.organizationId, ids), during(sentimentScores.recordedAt)))
          .groupBy(sentimentScores.organizationId),
        shard
          .select({ id: riskAlerts.organizationId, n: count().as("n") })
          .from(riskAlerts)
          .where(and(inJsonList(riskAlerts.organizationId, ids), anyAlert, during(riskAlerts.createdAt)))
          .groupBy(riskAlerts.organizationId),
      ]),
    ),
  );
  const update = (id: string, change: Partial<ShardFigures>) =>
    figures.set(id, { ...(figures.get(id) ?? NO_FIGURES), ...change });
  for (const [members, completed, means, alerts] of perShard) {
    for (const row of members) update(row.id, { teamMembers: num(row.n) });
    for (const row of completed) update(row.id, { checkInsCompleted: num(row.n) });
    for (const row of means) {
      update(row.id, { avgMorale: row.morale, avgConfidence: row.confidence, avgStress: row.stress });
    }
    for (const row of alerts) update(row.id, { alertsRaised: num(row.n) });
  }
  return figures;
}

/** Every organization (the platform database), with what happened in it during the range (its shard). */
export async function organizationsReport(db: Database, shards: readonly Database[], range: ReportRange) {
  const rows: (Awaited<ReturnType<typeof organizationRows>>[number] & ShardFigures)[] = [];
  const organizationRows = (limit: number, offset: number) =>
    db
      .select({
        ...organizationProfileColumns(Date.now()),
        accounts: db.$count(user, eq(user.organizationId, organizations.id)),
      })
      .from(organizations)
      .orderBy(sql`${organizations.name} collate nocase`, organizations.id)
      .limit(limit)
      .offset(offset);
  for (let offset = 0; offset < REPORT_ROW_LIMIT; offset += CHUNK) {
    const chunk = await organizationRows(Math.min(CHUNK, REPORT_ROW_LIMIT - offset), offset);
    const figures = await shardFigures(
      shards,
      chunk.map((row) => row.id),
      range,
    );
    for (const row of chunk) rows.push({ ...row, ...(figures.get(row.id) ?? NO_FIGURES) });
    if (chunk.length < CHUNK) break;
  }
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  return {
    headers: [
      "Organization ID",
      "Name",
      "Domain",
      "Industry",
      "Status",
      "Plan",
      "Created",
      "Accounts",
      "Active team members",
      "Check-ins completed",
      "Avg morale",
      "Avg confidence",
      "Avg stress",
      "Alerts raised",
    ],
    rows: rows.map((r): CsvValue[] => [
      r.id,
      r.name,
      r.domain,
      r.industry,
      r.status,
      r.subscriptionTier,
      iso(r.createdAt),
      num(r.accounts),
      num(r.teamMembers),
      num(r.checkInsCompleted),
      round(r.avgMorale),
      round(r.avgConfidence),
      round(r.avgStress),
      num(r.alertsRaised),
    ]),
  };
}
