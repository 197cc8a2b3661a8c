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
  const results = await env.DB.batch<Record<string, unknown>>(
    tables.results.map(({ name }) => env.DB.prepare(`select * from "${name}" order by rowid`)),
  );
  return Object.fromEntries(tables.results.map(({ name }, i) => [name, results[i]?.results ?? []]));
}
