import * as z from "zod/mini";
import { HOUR_MS, WEEK_MS } from "../shared/time";

/**
 * The summaries' statements (README → Decisions "The dashboards read summaries") are whole
 * SQL: CTEs, row values, `json_each` and the week arithmetic over hours, which the query
 * builder cannot say. Each is text and values, so a view runs them in its one D1 batch and
 * insights-scale.test.ts EXPLAINs them; their rows are parsed by a zod schema, never cast.
 */
export type Statement = { sql: string; params: readonly unknown[] };

export function prepare(d1: D1Database, statement: Statement): D1PreparedStatement {
  return d1.prepare(statement.sql).bind(...statement.params);
}

/** A statement's rows, parsed: a column of another type is a bug here, not data to pass on. */
export function rowsOf<Schema extends z.ZodMiniType>(result: D1Result | undefined, row: Schema): z.output<Schema>[] {
  return z.array(row).parse(result?.results ?? []);
}

export const H = HOUR_MS;
export const W = WEEK_MS;

/** The start of the hour a time falls in. */
export const hourOf = (time: number) => Math.floor(time / H) * H;

/**
 * A view's weeks: bucket k is (now − (k+1) weeks, now − k weeks], the range (rangeStart, now].
 * Every edge `now − k weeks` lies in the hour `nowHour − k weeks` (a week is whole hours):
 * those hours, one per edge (a JSON array for `json_each`), are read from the rows; every
 * other hour lies in one bucket and is read from its rollup (`NOT_AN_EDGE`).
 */
export function weekWindow(now: number, weeks: number) {
  const nowHour = hourOf(now);
  return {
    nowHour,
    wholeNow: Math.trunc(now),
    now,
    weeks,
    rangeStart: now - weeks * W,
    edges: JSON.stringify(Array.from({ length: weeks + 1 }, (_, k) => nowHour - k * W)),
  };
}
export type WeekWindow = ReturnType<typeof weekWindow>;

/** The bucket of a whole hour `column` (its rollup's), counted from `nowHour`. */
export const hourBucket = (nowHour: string, column: string) => `cast((${nowHour} - ${column}) / ${W} as integer)`;

/** An hour of the range that holds no week's edge: `column` is an hour's start. */
export const notAnEdge = (nowHour: string, weeks: string, column: string) =>
  `${column} >= ${nowHour} - ${weeks} * ${W} and ${column} <= ${nowHour} and (${nowHour} - ${column}) % ${W} != 0`;

/** The bucket of a row's own time, as the dashboard always counted it. */
export const rowBucket = (wholeNow: string, column: string) => `cast((${wholeNow} - ${column}) / ${W} as integer)`;

/**
 * The rows of the edge hours only: `json_each(edges) as j` CROSS JOINed first, so SQLite seeks
 * each hour in the index instead of scanning the range and probing the edges (the plan it
 * chose for a plain join read every row of the range: 1.5 s on 10,000 members × 52 weeks).
 */
export const inEdgeHour = (column: string) => `${column} >= j.value and ${column} < j.value + ${H}`;

export const count = z.number();
export const nullableNumber = z.nullable(z.number());
