import { env } from "cloudflare:workers";

/**
 * Every row of every D1 table, by table, for "nothing changed" checks that compare with
 * `toEqual`: an UPDATE shows as surely as an INSERT or a DELETE, and a failure names the
 * row and column that changed. rate_limits is left out: its counters are meant to move.
 */
export async function databaseRows(): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not in ('d1_migrations', 'rate_limits') order by name",
  ).all<{ name: string }>();
  const orders = await Promise.all(tables.results.map(({ name }) => stableOrder(name)));
  const results = await env.DB.batch<Record<string, unknown>>(
    tables.results.map(({ name }, i) => env.DB.prepare(`select * from "${name}" order by ${orders[i]}`)),
  );
  return Object.fromEntries(tables.results.map(({ name }, i) => [name, results[i]?.results ?? []]));
}

/**
 * An ORDER BY that lists a table's rows the same way every time: its rowid, or for a table
 * WITHOUT ROWID (the rollups, drizzle/0015_rollups.sql) its primary key's columns.
 */
export async function stableOrder(table: string): Promise<string> {
  const keys = await env.DB.prepare("select name from pragma_table_info(?) where pk > 0 order by pk")
    .bind(table)
    .all<{ name: string }>();
  const definition = await env.DB.prepare("select sql from sqlite_master where type = 'table' and name = ?")
    .bind(table)
    .first<{ sql: string }>();
  const withoutRowid = /\bwithout rowid\b/i.test(definition?.sql ?? "");
  return withoutRowid ? keys.results.map((k) => `"${k.name}"`).join(", ") : "rowid";
}
