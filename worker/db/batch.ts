import { getTableColumns } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable, TableConfig } from "drizzle-orm/sqlite-core";
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
