import { badRequest } from "../lib/errors";
import { DAY_MS, utcDay } from "../shared/time";
import { dayBoundary } from "./sql";

/** A report's range and limits (reports.ts, organizations-report.ts). */

/** A report never grows past this many rows; the range should be narrowed instead. */
export const REPORT_ROW_LIMIT = 50_000;
/** Rows read per query of a report. */
export const CHUNK = 1000;

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

export const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : "");
