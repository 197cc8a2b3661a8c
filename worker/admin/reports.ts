import { type AnyColumn, and, between, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { avgOf, epochMs, fullName } from "../db/aggregates";
import { anyAlert } from "../db/alert-status";
import type { Database } from "../db/client";
import { checkIns, organizations, riskAlerts, sentimentScores, teamMembers, user } from "../db/schema";
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

/** Reads a query in chunks (D1 answers stay small) up to the report limit. */
async function chunked<Row>(read: (limit: number, offset: number) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; offset < REPORT_ROW_LIMIT; offset += CHUNK) {
    const batch = await read(Math.min(CHUNK, REPORT_ROW_LIMIT - offset), offset);
    rows.push(...batch);
    if (batch.length < CHUNK) break;
  }
  return rows;
}

/** Every organization, with what happened in it during the range. */
async function organizationsReport(db: Database, range: ReportRange) {
  const during = (column: AnyColumn) => between(column, new Date(range.from), new Date(range.to));
  const ofOrganization = (column: AnyColumn) => eq(column, organizations.id);
  const scoresDuring = and(ofOrganization(sentimentScores.organizationId), during(sentimentScores.recordedAt));
  const meanDuring = (score: AnyColumn) =>
    sql<number | null>`${db
      .select({ mean: avgOf(score) })
      .from(sentimentScores)
      .where(scoresDuring)}`.mapWith(Number);
  const rows = await chunked((limit, offset) =>
    db
      .select({
        ...organizationProfileColumns(Date.now()),
        accounts: db.$count(user, ofOrganization(user.organizationId)),
        teamMembers: db.$count(
          teamMembers,
          and(ofOrganization(teamMembers.organizationId), eq(teamMembers.status, "active")),
        ),
        checkInsCompleted: db.$count(
          checkIns,
          and(ofOrganization(checkIns.organizationId), eq(checkIns.status, "completed"), during(checkIns.completedAt)),
        ),
        avgMorale: meanDuring(sentimentScores.morale),
        avgConfidence: meanDuring(sentimentScores.confidence),
        avgStress: meanDuring(sentimentScores.stress),
        alertsRaised: db.$count(
          riskAlerts,
          and(ofOrganization(riskAlerts.organizationId), anyAlert, during(riskAlerts.createdAt)),
        ),
      })
      .from(organizations)
      .orderBy(sql`${organizations.name} collate nocase`, organizations.id)
      .limit(limit)
      .offset(offset),
  );
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
async function usersReport(db: Database, range: ReportRange) {
  const rows: CsvValue[][] = [];
  for await (const person of allPeople(db, {}, range.from, range.to)) {
    rows.push(personCsvRow(person));
    if (rows.length >= REPORT_ROW_LIMIT) break;
  }
  return { headers: PEOPLE_CSV_HEADERS, rows };
}

/** One line per check-in response recorded during the range. */
async function sentimentReport(db: Database, range: ReportRange) {
  const rows = await chunked((limit, offset) =>
    db
      .select({
        recordedAt: epochMs(sentimentScores.recordedAt),
        organization: organizations.name,
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
      .innerJoin(organizations, eq(organizations.id, sentimentScores.organizationId))
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
      iso(r.recordedAt),
      r.organization,
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
async function alertsReport(db: Database, range: ReportRange) {
  const rows = await chunked((limit, offset) =>
    db
      .select({
        id: riskAlerts.id,
        createdAt: epochMs(riskAlerts.createdAt),
        alertType: riskAlerts.alertType,
        category: riskAlerts.category,
        status: riskAlerts.status,
        organization: organizations.name,
        member: sql<string | null>`nullif(${fullName(teamMembers.firstName, teamMembers.lastName)}, '')`,
        message: riskAlerts.message,
        resolvedAt: epochMs<true>(riskAlerts.resolvedAt),
      })
      .from(riskAlerts)
      .leftJoin(organizations, eq(organizations.id, riskAlerts.organizationId))
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
      iso(r.createdAt),
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
  (db: Database, range: ReportRange) => Promise<{ headers: string[]; rows: CsvValue[][] }>
> = {
  organizations: organizationsReport,
  users: usersReport,
  sentiment: sentimentReport,
  alerts: alertsReport,
};

export async function buildReport(db: Database, kind: ReportKind, range: ReportRange) {
  const { headers, rows } = await BUILDERS[kind](db, range);
  return { csv: toCsv(headers, rows), rowCount: rows.length };
}

export const reportRoutes = new Hono<ConsoleEnv>().get("/:kind", zv("query", reportQuerySchema), async (c) => {
  const kind = c.req.param("kind").replace(/\.csv$/, "") as ReportKind;
  if (!REPORT_KINDS.includes(kind)) throw badRequest(`Unknown report. Choose one of: ${REPORT_KINDS.join(", ")}`);
  const range = reportRange(c.req.valid("query"));
  const { csv, rowCount } = await buildReport(c.var.db, kind, range);
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
