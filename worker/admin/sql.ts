import { type AnyColumn, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { DAY_MS, utcDay } from "../shared/time";

/** Small helpers for the console's queries (the builder's aggregates are in db/aggregates.ts). */

/** SQLite returns null for an aggregate over no rows; the console shows zeros (spec 2 §8). */
export const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/**
 * `expression` contains the `containsPattern` text, ignoring case. Drizzle's `like` has no
 * ESCAPE clause, so this one condition is an `sql` fragment inside the builder's where.
 */
export const contains = (expression: SQLWrapper | AnyColumn, pattern: string): SQL =>
  sql`lower(${expression}) like ${pattern} escape '\\'`;

/** A LIKE pattern matching `text` anywhere, with the wildcards in it taken literally (escape '\'). */
export function containsPattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function pageWindow(query: { page?: number | undefined; pageSize?: number | undefined }, defaultSize: number) {
  const pageSize = query.pageSize ?? defaultSize;
  const page = query.page ?? 1;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * 'YYYY-MM-DD' as UTC midnight; `endOfDay` gives the last millisecond of that day instead.
 * NaN for a day that does not exist (Date.parse would roll 02-31 over into March).
 */
export function dayBoundary(date: string, endOfDay = false): number {
  const start = Date.parse(`${date}T00:00:00.000Z`);
  if (Number.isNaN(start) || utcDay(start) !== date) return Number.NaN;
  return endOfDay ? start + DAY_MS - 1 : start;
}
