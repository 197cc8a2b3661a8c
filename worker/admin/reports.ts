import { type AnyColumn, and, between, count, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { avgOf, epochMs, fullName } from "../db/aggregates";
import type { Database } from "../db/client";
import { inJsonList, mergeSorted, OrganizationNameCache } from "../db/fan-out";
import { checkIns, organizations, riskAlerts, sentimentScores, teamMembers, user } from "../db/schema";
import { allShardDbs } from "../db/shards";
import { recordAudit } from "../lib/audit";
import { badRequest } from "../lib/errors";
import { zv } from "../lib/validate";
import { REPORT_KINDS, type ReportKind, reportQuerySchema } from "../shared/console/reports";
import { alertPriorityForType } from "../shared/domain";
import { DAY_MS, utcDay } from "../shared/time";
import { type CsvValue, csvResponse, toCsv } from "./csv";
import { organizationProfileColumns } from "./organizations";
import { dayBoundary, num } from "./sql";
import { allPeople, PEOPLE_CSV_HEADERS, personCsvRow } from "./users";

/** A report never grows past this many rows; the range should be narrowed instead. */
export const REPORT_ROW_LIMIT = 50_000;
const CHUNK = 1000;

export type ReportRange = { from: number; to: number };

/** Missing ends default to the last 30 days up to today (UTC days, both inclusive). */
export function reportRange(
  query: { from?: string | undefined; to?: string | undefined },
  now = Date.now(),
): ReportRange {
  const to = query.to ? dayBoundary(query.to, true) : dayBoundary(utcDay(now), true);
  const from = query.from ? dayBoundary(query.from) : to + 1 - 30 * DAY_MS;
  if (Number.isNaN(from) || Number.isNaN(to)) throw badRequest("Choose real dates for the report.");
  if (from > to) throw badRequest("The start date must be on or before the end date.");
  return { from, to };
}

const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : "");

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
          .where(and(inJsonList(riskAlerts.organizationId, ids), during(riskAlerts.createdAt)))
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
async function organizationsReport(db: Database, shards: readonly Database[], range: ReportRange) {
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

/** People who joined during the range. */
async function usersReport(db: Database, shards: readonly Database[], range: ReportRange) {
  const rows: CsvValue[][] = [];
  for await (const person of allPeople(db, shards, { createdFrom: range.from, createdTo: range.to })) {
    rows.push(personCsvRow(person));
    if (rows.length >= REPORT_ROW_LIMIT) break;
  }
  return { headers: PEOPLE_CSV_HEADERS, rows };
}

/** Oldest first, then by id: the order of every shard's report query. */
const oldestFirst = <Row extends { at: number; id: string }>(a: Row, b: Row) =>
  a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every shard's rows in order, up to the report's limit, with their organizations' names from the platform. */
async function mergedReportRows<Row extends { at: number; id: string; organizationId: string }>(
  db: Database,
  shards: readonly Database[],
  read: (shard: Database, limit: number, offset: number) => Promise<Row[]>,
) {
  const rows: Row[] = [];
  const readers = shards.map((shard) => (limit: number, offset: number) => read(shard, limit, offset));
  for await (const row of mergeSorted(readers, oldestFirst, CHUNK)) {
    rows.push(row);
    if (rows.length >= REPORT_ROW_LIMIT) break;
  }
  const names = await new OrganizationNameCache(db).load(rows.map((row) => row.organizationId));
  return rows.map((row) => ({ ...row, organization: names.get(row.organizationId) }));
}

/** One line per check-in response recorded during the range. */
async function sentimentReport(db: Database, shards: readonly Database[], range: ReportRange) {
  const rows = await mergedReportRows(db, shards, (shard, limit, offset) =>
    shard
      .select({
        at: epochMs(sentimentScores.recordedAt),
        id: sentimentScores.id,
        organizationId: sentimentScores.organizationId,
        member: fullName(teamMembers.firstName, teamMembers.lastName),
        checkInId: sentimentScores.checkInId,
        morale: sentimentScores.morale,
        confidence: sentimentScores.confidence,
        stress: sentimentScores.stress,
        salesStrength: sentimentScores.salesStrength,
        blockers: sentimentScores.blockers,
        quality: sentimentScores.conversationQualityScore,
      })
      .from(sentimentScores)
      .innerJoin(teamMembers, eq(teamMembers.id, sentimentScores.teamMemberId))
      .where(between(sentimentScores.recordedAt, new Date(range.from), new Date(range.to)))
      .orderBy(sentimentScores.recordedAt, sentimentScores.id)
      .limit(limit)
      .offset(offset),
  );
  return {
    headers: [
      "Recorded",
      "Organization",
      "Salesperson",
      "Check-in ID",
      "Morale",
      "Confidence",
      "Stress",
      "Sales strength",
      "Blockers",
      "Conversation quality",
    ],
    rows: rows.map((r): CsvValue[] => [
      iso(r.at),
      r.organization ?? "Unknown Organization",
      r.member,
      r.checkInId,
      r.morale,
      r.confidence,
      r.stress,
      r.salesStrength,
      r.blockers,
      r.quality,
    ]),
  };
}

/** Alerts raised during the range, whatever their status now. */
async function alertsReport(db: Database, shards: readonly Database[], range: ReportRange) {
  const rows = await mergedReportRows(db, shards, (shard, limit, offset) =>
    shard
      .select({
        at: epochMs(riskAlerts.createdAt),
        id: riskAlerts.id,
        organizationId: riskAlerts.organizationId,
        alertType: riskAlerts.alertType,
        category: riskAlerts.category,
        status: riskAlerts.status,
        member: sql<string | null>`nullif(${fullName(teamMembers.firstName, teamMembers.lastName)}, '')`,
        message: riskAlerts.message,
        resolvedAt: epochMs<true>(riskAlerts.resolvedAt),
      })
      .from(riskAlerts)
      .leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId))
      .where(between(riskAlerts.createdAt, new Date(range.from), new Date(range.to)))
      .orderBy(riskAlerts.createdAt, riskAlerts.id)
      .limit(limit)
      .offset(offset),
  );
  return {
    headers: [
      "Alert ID",
      "Raised",
      "Type",
      "Priority",
      "Category",
      "Status",
      "Organization",
      "Salesperson",
      "Message",
      "Resolved",
    ],
    rows: rows.map((r): CsvValue[] => [
      r.id,
      iso(r.at),
      r.alertType,
      alertPriorityForType(r.alertType),
      r.category,
      r.status,
      r.organization ?? "Unknown Organization",
      r.member ?? "Unknown User",
      r.message,
      iso(r.resolvedAt),
    ]),
  };
}

const BUILDERS: Record<
  ReportKind,
  (db: Database, shards: readonly Database[], range: ReportRange) => Promise<{ headers: string[]; rows: CsvValue[][] }>
> = {
  organizations: organizationsReport,
  users: usersReport,
  sentiment: sentimentReport,
  alerts: alertsReport,
};

/**
 * A report's CSV. `db` is the platform database (organizations, accounts and their names);
 * `shards` every database holding organizations' rows, read and merged (worker/db/fan-out.ts).
 */
export async function buildReport(
  db: Database,
  kind: ReportKind,
  range: ReportRange,
  shards: readonly Database[] = [db],
) {
  const { headers, rows } = await BUILDERS[kind](db, shards, range);
  return { csv: toCsv(headers, rows), rowCount: rows.length };
}

export const reportRoutes = new Hono<ConsoleEnv>().get("/:kind", zv("query", reportQuerySchema), async (c) => {
  const kind = c.req.param("kind").replace(/\.csv$/, "") as ReportKind;
  if (!REPORT_KINDS.includes(kind)) throw badRequest(`Unknown report. Choose one of: ${REPORT_KINDS.join(", ")}`);
  const range = reportRange(c.req.valid("query"));
  const { csv, rowCount } = await buildReport(c.var.db, kind, range, allShardDbs(c.env));
  // Not a change, but data leaving the platform: on the record too.
  await recordAudit(c.var.db, {
    actorUserId: c.var.user.id,
    actorEmail: c.var.user.email,
    action: `export.${kind}`,
    targetType: "export",
    details: { from: utcDay(range.from), to: utcDay(range.to), rows: rowCount },
  });
  return csvResponse(`${kind}-${utcDay(range.from)}-to-${utcDay(range.to)}.csv`, csv);
});
