import { sql } from "drizzle-orm";
import { riskAlerts } from "./schema";

/**
 * An organization's alerts are found by two partial indexes, one per state: the open ones by
 * `risk_alerts_open_idx` (organization, priority, time, status; drizzle/0016 and 0018) and the
 * resolved ones by `risk_alerts_resolved_idx` (organization, time; drizzle/0018), so each alert
 * sits in one of them, never in both (issue 26 §1: the index of every alert by organization and
 * status went). SQLite uses a partial index only when the query's WHERE repeats the index's
 * condition, so these say the statuses as literals (a bound `?` would not match) and every
 * query of an organization's alerts states which of the two it reads.
 */

/** Unread or read: what the open index holds. */
export const openAlert = sql`${riskAlerts.status} in ('unread', 'read')`;

/** What the resolved index holds. */
export const resolvedAlert = sql`${riskAlerts.status} = 'resolved'`;

/**
 * Any alert, as both indexes together (SQLite reads each and joins them, a MULTI-INDEX OR);
 * `status` is one of ALERT_STATUSES, which these two cover.
 */
export const anyAlert = sql`(${openAlert} or ${resolvedAlert})`;
