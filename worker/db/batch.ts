import { getTableColumns, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SQLiteAsyncDialect, type SQLiteTable, type TableConfig } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";

/** D1 binds at most 100 parameters per statement. */
const D1_MAX_BOUND_PARAMETERS = 100;

/**
 * Multi-row inserts split so that no statement binds more than D1 allows. Returns the
 * statements, for the caller to run in one `db.batch` (atomic) with others.
 */
export function chunkedInserts<T extends SQLiteTable<TableConfig>>(
  db: Database,
  table: T,
  rows: T["$inferInsert"][],
  options: { ignoreConflicts?: boolean } = {},
): BatchItem<"sqlite">[] {
  const columns = Object.keys(getTableColumns(table)).length;
  const perStatement = Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / columns));
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const insert = db.insert(table).values(rows.slice(i, i + perStatement));
    statements.push(options.ignoreConflicts ? insert.onConflictDoNothing() : insert);
  }
  return statements;
}

/** Runs statements in one atomic batch (D1 has no interactive transactions). */
export async function runBatch(db: Database, statements: BatchItem<"sqlite">[]): Promise<void> {
  const [first, ...rest] = statements;
  if (!first) return;
  await db.batch([first, ...rest]);
}

/** A raw SQL statement and the shape of the rows it returns. */
export type Query<Row> = { sql: SQL; row?: Row };
export const query = <Row>(statement: SQL): Query<Row> => ({ sql: statement });
type RowsOf<Queries extends readonly Query<unknown>[]> = {
  [K in keyof Queries]: Queries[K] extends Query<infer Row> ? Row[] : never;
};

const dialect = new SQLiteAsyncDialect();

/** The SQL text and parameters D1 receives for a statement (tests read query plans with it). */
export function compile(statement: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(statement);
}

/**
 * Runs read-only `sql` statements in one D1 batch (one round trip). Drizzle's db.batch takes
 * query builders only, so these are compiled by Drizzle's dialect and sent to the D1
 * binding here, the one place outside Drizzle that touches it; each row type is the
 * caller's SELECT list.
 */
export async function allInOneTrip<const Queries extends readonly Query<unknown>[]>(
  db: Database,
  queries: Queries,
): Promise<RowsOf<Queries>> {
  const d1 = db.$client;
  const statements = queries.map(({ sql: statement }) => {
    const compiled = compile(statement);
    return d1.prepare(compiled.sql).bind(...compiled.params);
  });
  const results = await d1.batch(statements);
  return results.map((result) => result.results) as RowsOf<Queries>;
}
