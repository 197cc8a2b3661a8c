import { type AnyColumn, getTableName, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { Database } from "./client";

/**
 * Column expressions for the Drizzle builder's aggregates (README → Decisions "One
 * data-access style per layer"): each carries its row type, so a `db.select({ … })` using
 * them needs no hand-written row interface. SQLite answers integers; `mapWith(Number)`
 * keeps them numbers, and the coalesces make an aggregate over no rows read 0.
 *
 * In a `db.batch`, D1 answers rows as objects and Drizzle reads them by position: two
 * selected columns of the same name collapse into one and shift the rest. So every
 * expression in a batched select gets its own `.as("name")`, unique in that select.
 */

/** How many rows of the group meet `condition` (0 over no rows). */
export const countWhere = (condition: SQL | undefined) =>
  sql<number>`coalesce(sum(case when ${condition ?? sql`1`} then 1 else 0 end), 0)`.mapWith(Number);

/** The sum of an integer expression (0 over no rows). */
export const sumOf = (expression: SQLWrapper | AnyColumn) =>
  sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/** The mean of an expression, or null over no rows. */
export const avgOf = (expression: SQLWrapper | AnyColumn) => sql<number | null>`avg(${expression})`.mapWith(Number);

/** The largest value, or null over no rows. */
export const maxOf = (expression: SQLWrapper | AnyColumn) => sql<number | null>`max(${expression})`.mapWith(Number);

/**
 * A `timestamp_ms` column as the epoch milliseconds the wire carries (the column itself
 * decodes to a Date). Null stays null.
 */
export const epochMs = <Nullable extends boolean = false>(column: AnyColumn) =>
  sql<Nullable extends true ? number | null : number>`${column}`.mapWith(Number);

/** `trim(first || ' ' || last)` of a person's name columns. */
export const fullName = (first: AnyColumn, last: AnyColumn) => sql<string>`trim(${first} || ' ' || ${last})`;

/**
 * A whole `sql` statement's rows, parsed by their schema: the one way a statement the
 * builder cannot say gets typed rows (the type is the schema's, never a cast).
 */
export async function parsedRows<Schema extends z.ZodMiniType>(
  db: Database,
  statement: SQL,
  row: Schema,
): Promise<z.output<Schema>[]> {
  return z.array(row).parse(await db.all(statement));
}

/**
 * A column always written as "table"."column". Drizzle leaves a column unqualified in an
 * UPDATE or a single-table select, and inside a correlated subquery an unqualified name
 * resolves to the subquery's own table first (`where s.organization_id = "id"` reads s.id):
 * an outer column referenced from a subquery must be this.
 */
export const qualified = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
