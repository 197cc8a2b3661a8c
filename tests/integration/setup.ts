import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";

/**
 * Runs before each test file. The files of a project share one workerd, one after another
 * (`isolate: false` in tests/vitest.integration.config.ts), so each file first removes what
 * the file before it left, and starts as it would in a workerd of its own:
 * - `reset()` deletes every Durable Object's storage and cancels its alarms (the check-in
 *   objects, the queues);
 * - D1 is emptied by dropping its tables (reset() once left a large database in place), and the
 *   migrations are applied again;
 * - a row still there fails the file before any of its tests run.
 */
const userTables = async (): Promise<string[]> => {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
  ).all<{ name: string }>();
  return results.map(({ name }) => name);
};

/** The tables in an order D1 can drop them: a table after every table whose foreign keys point at it. */
const childrenFirst = async (names: string[]): Promise<string[]> => {
  const keys = await env.DB.batch<{ table: string }>(
    names.map((name) => env.DB.prepare(`pragma foreign_key_list("${name}")`)),
  );
  const parents = new Map(names.map((name, i) => [name, new Set(keys[i]?.results.map((key) => key.table))]));
  const order: string[] = [];
  const pending = new Set(names);
  while (pending.size > 0) {
    const free = [...pending].filter((name) =>
      [...pending].every((other) => other === name || !parents.get(other)?.has(name)),
    );
    if (free.length === 0) throw new Error(`foreign keys in a cycle: ${[...pending].join(", ")}`);
    for (const name of free) {
      order.push(name);
      pending.delete(name);
    }
  }
  return order;
};

await reset();
const left = await userTables();
if (left.length > 0) {
  await env.DB.batch((await childrenFirst(left)).map((name) => env.DB.prepare(`drop table "${name}"`)));
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

const tables = (await userTables()).filter((name) => name !== "d1_migrations");
const counts = await env.DB.batch<{ n: number }>(
  tables.map((name) => env.DB.prepare(`select count(*) as n from "${name}"`)),
);
const filled = tables.filter((_, i) => (counts[i]?.results[0]?.n ?? 0) > 0);
if (filled.length > 0) throw new Error(`D1 is not empty before this file: ${filled.join(", ")}`);
