import * as z from "zod/mini";
import { ALERT_ID_SQL } from "../db/alert-id";
import { ALERT_PRIORITIES, ALERT_STATUSES, ALERT_TYPES } from "../shared/domain";
import { nullableNumber, rowsOf, type Statement } from "./statements";

/**
 * The Overview's open alerts, most urgent first and newest first within a priority, the first
 * twenty: per priority the newest twenty from `risk_alerts_open_idx` (drizzle/0016: a partial
 * index of the open alerts only, by priority and time), then the twenty of those eighty. A plain
 * ORDER BY sorted every open alert of the organization (654 in the 10,000-person bench, twice a
 * request: coaching names the people of the same twenty, people.ts).
 */
export const OPEN = "status in ('unread', 'read')";

/**
 * The first ?2 open alerts of organization ?1, in the dashboard's order, as `(select …)`: these
 * columns and `id_`, the alert's id (db/alert-id.ts, ties are broken by it).
 */
export const firstOpenAlerts = (columns: string, limit: string) => {
  const ofPriority = (priority: string) =>
    `select * from (select ${columns}, created_at as at_, ${ALERT_ID_SQL} as id_ from risk_alerts where organization_id = ?1 and ${OPEN}
       and priority = '${priority}' order by created_at desc, id_ limit ${limit})`;
  return `(select ${columns}, id_ from (${ALERT_PRIORITIES.map(ofPriority).join(" union all ")})
    order by ${PRIORITY_ORDER}, at_ desc, id_ limit ${limit})`;
};

/** The dashboard's order of priorities (ALERT_PRIORITIES: urgent first). */
export const PRIORITY_ORDER = `case priority ${ALERT_PRIORITIES.map((p, i) => `when '${p}' then ${i}`).join(" ")} else ${ALERT_PRIORITIES.length} end`;

/** ?1 organization, ?2 how many: the alerts with their salesperson's name (every alert list's columns). */
const FIRST_OPEN = `select o.id_ as id, o.team_member_id, tm.first_name, tm.last_name, o.category, o.alert_type, o.priority,
    o.message, o.facts, o.status, o.created_at, o.resolved_at
  from ${firstOpenAlerts("team_member_id, category, alert_type, priority, message, facts, status, created_at, resolved_at", "?2")} as o
  left join team_members tm on tm.id = o.team_member_id
  order by ${PRIORITY_ORDER.replace("priority", "o.priority")}, o.created_at desc, o.id_`;

export const openAlertStatement = (organizationId: string, limit: number): Statement => ({
  sql: FIRST_OPEN,
  params: [organizationId, limit],
});

const alertRow = z.object({
  id: z.string(),
  team_member_id: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  category: z.string(),
  alert_type: z.enum(ALERT_TYPES),
  priority: z.enum(ALERT_PRIORITIES),
  message: z.nullable(z.string()),
  facts: z.nullable(z.string()),
  status: z.enum(ALERT_STATUSES),
  created_at: z.number(),
  resolved_at: nullableNumber,
});
export type OpenAlertRow = z.output<typeof alertRow>;

export const openAlertRows = (result: D1Result | undefined) => rowsOf(result, alertRow);
