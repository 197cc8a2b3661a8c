import { type AnyColumn, Column, fillPlaceholders, getTableColumns, is, SQL } from "drizzle-orm";
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

/** Columns whose values Drizzle hands on as D1 answers them (no Date, boolean or JSON decoding). */
const UNDECODED_COLUMNS = new Set(["SQLiteText", "SQLiteInteger", "SQLiteReal"]);

/**
 * The fields of a select whose rows D1 already answers in the shape the select's inferred
 * type describes: every key is the name the row carries (a column's own name, or the
 * expression's `.as()`), and no column needs decoding (expressions carry no decoder but
 * `mapWith(Number)`, which a D1 number passes unchanged). Checked when the select is built.
 */
export function plainFields<const Fields extends Record<string, AnyColumn | SQL.Aliased>>(fields: Fields): Fields {
  for (const [key, field] of Object.entries(fields)) {
    const plain = is(field, SQL.Aliased)
      ? field.fieldAlias === key
      : is(field, Column) && field.name === key && UNDECODED_COLUMNS.has(field.columnType);
    if (!plain) throw new Error(`plainFields: "${key}" is not answered by D1 under that name as it is`);
  }
  return fields;
}

export type PlainSelect = PromiseLike<unknown> & {
  toSQL(): { sql: string; params: unknown[] };
  prepare(): { all(values?: Record<string, unknown>): Promise<unknown> };
};

/**
 * Selects over `plainFields`, built once with `sql.placeholder`s for what varies per run:
 * their SQL is compiled once per isolate (Drizzle's builder costs ~1 ms for the
 * dashboard's eight statements) and each run binds its values.
 */
export type PreparedPlain<Queries extends readonly PlainSelect[]> = {
  queries: Queries;
  compiled: { sql: string; params: unknown[] }[];
};

export function preparePlain<const Queries extends readonly PlainSelect[]>(queries: Queries): PreparedPlain<Queries> {
  return { queries, compiled: queries.map((query) => query.toSQL()) };
}

/** The SQL text and parameters of each statement with `values` bound (throws on a missing value). */
export function bindPlain(prepared: PreparedPlain<readonly PlainSelect[]>, values: Record<string, unknown>) {
  return prepared.compiled.map(({ sql, params }) => ({ sql, params: fillPlaceholders(params, values) }));
}

/**
 * Prepared selects in one D1 batch (one round trip), each answering D1's rows as they come,
 * typed by its select. Drizzle's own row mapping costs about 0.5 µs a field (1.4 ms for the
 * dashboard's 200 people); `plainFields` rows need none. insights-scale.test.ts checks that
 * the rows equal Drizzle's mapping of the same statements.
 */
export async function plainRowsInOneTrip<const Queries extends readonly PlainSelect[]>(
  db: Database,
  prepared: PreparedPlain<Queries>,
  values: Record<string, unknown>,
): Promise<PlainRows<PreparedPlain<Queries>>> {
  const d1 = db.$client;
  const results = await d1.batch(bindPlain(prepared, values).map(({ sql, params }) => d1.prepare(sql).bind(...params)));
  return results.map((result) => result.results) as PlainRows<PreparedPlain<Queries>>;
}

const dialect = new SQLiteAsyncDialect();

/**
 * Raw statements (`sql\`…\``) in one D1 batch (one round trip, one transaction), answering
 * each one's rows. Drizzle's `db.batch` cannot bind a raw statement's parameters.
 */
export async function rawRowsInOneTrip(db: Database, statements: readonly SQL[]): Promise<unknown[][]> {
  if (statements.length === 0) return [];
  const d1 = db.$client;
  const results = await d1.batch(
    statements.map((statement) => {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      return d1.prepare(text).bind(...params);
    }),
  );
  return results.map((result) => result.results);
}

/** The rows of each prepared select, typed by it. */
export type PlainRows<P> =
  P extends PreparedPlain<infer Queries> ? { -readonly [K in keyof Queries]: Awaited<Queries[K]> } : never;
