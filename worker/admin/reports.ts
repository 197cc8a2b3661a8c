import { between, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { epochMs, fullName } from "../db/aggregates";
import { alertId } from "../db/alert-id";
import { alertTextFields, withMessage } from "../db/alert-text";
import type { Database } from "../db/client";
import { mergeSorted, OrganizationNameCache } from "../db/fan-out";
import { riskAlerts, sentimentScores, teamMembers } from "../db/schema";
import { allShardDbs } from "../db/shards";
import { recordAudit } from "../lib/audit";
import { badRequest } from "../lib/errors";
import { zv } from "../lib/validate";
import { REPORT_KINDS, type ReportKind, reportQuerySchema } from "../shared/console/reports";
import { alertPriorityForType } from "../shared/domain";
import { utcDay } from "../shared/time";
import { type CsvValue, csvResponse, toCsv } from "./csv";
import { organizationsReport } from "./organizations-report";
import { PEOPLE_CSV_HEADERS, personCsvRow } from "./people-csv";
import { CHUNK, iso, REPORT_ROW_LIMIT, type ReportRange, reportRange } from "./report-range";
import { allPeople } from "./users";

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
        // The merge's tie-break: a score row is keyed by its check-in (drizzle/0019).
        id: sentimentScores.checkInId,
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
      .orderBy(sentimentScores.recordedAt, sentimentScores.checkInId)
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
        id: alertId,
        organizationId: riskAlerts.organizationId,
        alertType: riskAlerts.alertType,
        category: riskAlerts.category,
        status: riskAlerts.status,
        member: sql<string | null>`nullif(${fullName(teamMembers.firstName, teamMembers.lastName)}, '')`,
        ...alertTextFields,
        resolvedAt: epochMs<true>(riskAlerts.resolvedAt),
      })
      .from(riskAlerts)
      .leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId))
      .where(between(riskAlerts.createdAt, new Date(range.from), new Date(range.to)))
      .orderBy(riskAlerts.createdAt, alertId)
      .limit(limit)
      .offset(offset)
      .then((found) => found.map(withMessage)),
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
