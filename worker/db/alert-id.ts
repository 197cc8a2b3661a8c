import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { riskAlerts } from "./schema";

/**
 * An alert's id, as clients hold it (issue 26 §1, drizzle/0021). An alert written since is
 * addressed by its check-in and category, which the table's unique index already keys:
 * `{checkInId}.{category}`, never stored. An alert written before keeps the id it was given
 * (a compact id, a UUID or `{checkInId}-alert-{category}`), stored in `id`; none of those holds a
 * dot, which check-in ids (`s0-` + base64url, UUIDs) never hold either. Ids stay opaque strings.
 */
export const ALERT_ID_SEPARATOR = ".";

export function alertIdOf(checkInId: string, category: string): string {
  return `${checkInId}${ALERT_ID_SEPARATOR}${category}`;
}

/** The id every reader selects: the stored one, else the one spelled from its key (as SQL text, for raw statements). */
export const ALERT_ID_SQL = `coalesce(id, check_in_id || '${ALERT_ID_SEPARATOR}' || category)`;
export const alertId = sql<string>`coalesce(${riskAlerts.legacyId}, ${riskAlerts.checkInId} || ${sql.raw(`'${ALERT_ID_SEPARATOR}'`)} || ${riskAlerts.category})`;

/**
 * The condition that finds the alert with this id, by the index that holds it: the (check-in,
 * category) key for an id spelled from it, the stored ids' index for the others. Callers add
 * their own tenancy condition (organization) beside it.
 */
export function alertIdIs(id: string): SQL {
  const at = id.lastIndexOf(ALERT_ID_SEPARATOR);
  if (at <= 0 || at === id.length - 1) return eq(riskAlerts.legacyId, id);
  return and(
    eq(riskAlerts.checkInId, id.slice(0, at)),
    eq(riskAlerts.category, id.slice(at + 1)),
    isNull(riskAlerts.legacyId),
  ) as SQL;
}
