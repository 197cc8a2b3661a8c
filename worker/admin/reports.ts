import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { recordAudit } from "../lib/audit";
import { badRequest } from "../lib/errors";
import { zv } from "../lib/validate";
import { REPORT_KINDS, type ReportKind, reportQuerySchema } from "../shared/console/reports";
import { alertPriorityForType } from "../shared/domain";
import { DAY_MS, utcDay } from "../shared/time";
import { type CsvValue, csvResponse, toCsv } from "./csv";
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
  const rows = await chunked((limit, offset) =>
    db.all<{
      id: string;
      name: string;
      domain: string | null;
      industry: string | null;
      status: string;
      subscription_tier: string;
      created_at: number;
      accounts: number;
      team_members: number;
      check_ins_completed: number;
      avg_morale: number | null;
      avg_confidence: number | null;
      avg_stress: number | null;
      alerts_raised: number;
    }>(sql`
      select o.id, o.name, o.domain, o.industry, o.status, o.subscription_tier, o.created_at,
        (select count(*) from user u where u.organization_id = o.id) as accounts,
        (select count(*) from team_members t where t.organization_id = o.id and t.status = 'active') as team_members,
        (select count(*) from check_ins c where c.organization_id = o.id and c.status = 'completed'
           and c.completed_at between ${range.from} and ${range.to}) as check_ins_completed,
        (select avg(morale) from sentiment_scores s where s.organization_id = o.id and s.recorded_at between ${range.from} and ${range.to}) as avg_morale,
        (select avg(confidence) from sentiment_scores s where s.organization_id = o.id and s.recorded_at between ${range.from} and ${range.to}) as avg_confidence,
        (select avg(stress) from sentiment_scores s where s.organization_id = o.id and s.recorded_at between ${range.from} and ${range.to}) as avg_stress,
        (select count(*) from risk_alerts a where a.organization_id = o.id and a.created_at between ${range.from} and ${range.to}) as alerts_raised
      from organizations o order by o.name collate nocase, o.id limit ${limit} offset ${offset}`),
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
      r.subscription_tier,
      iso(r.created_at),
      num(r.accounts),
      num(r.team_members),
      num(r.check_ins_completed),
      round(r.avg_morale),
      round(r.avg_confidence),
      round(r.avg_stress),
      num(r.alerts_raised),
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
    db.all<{
      recorded_at: number;
      organization: string;
      member: string;
      check_in_id: string;
      morale: number;
      confidence: number;
      stress: number;
      sales_strength: number;
      blockers: number;
      quality: number;
    }>(sql`
      select s.recorded_at, o.name as organization, trim(t.first_name || ' ' || t.last_name) as member, s.check_in_id,
             s.morale, s.confidence, s.stress, s.sales_strength, s.blockers, s.conversation_quality_score as quality
      from sentiment_scores s
      join organizations o on o.id = s.organization_id
      join team_members t on t.id = s.team_member_id
      where s.recorded_at between ${range.from} and ${range.to}
      order by s.recorded_at, s.id limit ${limit} offset ${offset}`),
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
      iso(r.recorded_at),
      r.organization,
      r.member,
      r.check_in_id,
      r.morale,
      r.confidence,
      r.stress,
      r.sales_strength,
      r.blockers,
      r.quality,
    ]),
  };
}

/** Alerts raised during the range, whatever their status now. */
async function alertsReport(db: Database, range: ReportRange) {
  const rows = await chunked((limit, offset) =>
    db.all<{
      id: string;
      created_at: number;
      alert_type: string;
      category: string;
      status: string;
      organization: string | null;
      member: string | null;
      message: string;
      resolved_at: number | null;
    }>(sql`
      select a.id, a.created_at, a.alert_type, a.category, a.status, o.name as organization,
             nullif(trim(t.first_name || ' ' || t.last_name), '') as member, a.message, a.resolved_at
      from risk_alerts a
      left join organizations o on o.id = a.organization_id
      left join team_members t on t.id = a.team_member_id
      where a.created_at between ${range.from} and ${range.to}
      order by a.created_at, a.id limit ${limit} offset ${offset}`),
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
      iso(r.created_at),
      r.alert_type,
      alertPriorityForType(r.alert_type),
      r.category,
      r.status,
      r.organization ?? "Unknown Organization",
      r.member ?? "Unknown User",
      r.message,
      iso(r.resolved_at),
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
