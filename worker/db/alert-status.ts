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

/** What the resolved index holds; over every organization, risk_alerts_resolved_time_idx. */
export const resolvedAlert = sql`${riskAlerts.status} = 'resolved'`;

/**
 * Every organization's alerts by status (the console and retention) are found by three more
 * partial indexes, one per status, by time alone (drizzle/0022: a new alert's entry is the unread
 * one's, with no status in it): risk_alerts_unread_idx, risk_alerts_read_idx and
 * risk_alerts_resolved_time_idx. None holds two statuses: a query over every organization's open
 * alerts reads the unread and the read apart (OPEN_BY_STATUS) and adds or merges them.
 */
export const unreadAlert = sql`${riskAlerts.status} = 'unread'`;
export const readAlert = sql`${riskAlerts.status} = 'read'`;
export const OPEN_BY_STATUS = [unreadAlert, readAlert] as const;

/**
 * Any alert, as both indexes together (SQLite reads each and joins them, a MULTI-INDEX OR);
 * `status` is one of ALERT_STATUSES, which these two cover.
 */
export const anyAlert = sql`(${openAlert} or ${resolvedAlert})`;
