import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shardNames } from "../../worker/db/shards";

/**
 * Runs before each test file. The files of a project share one workerd, one after another
 * (`isolate: false` in tests/vitest.integration.config.ts), so each file first removes what
 * the file before it left, and starts as it would in a workerd of its own:
 * - `reset()` deletes every Durable Object's storage and cancels its alarms (the check-in
 *   objects, the queues);
 * - every D1 database — the platform's and each shard, as the Worker lists them
 *   (worker/db/shards.ts; build-tools/d1-databases.ts does the same for dev and deploy) — is
 *   emptied by dropping its tables (reset() empties D1 too, its databases being Durable
 *   Objects in miniflare, but once left a large database in place), and the migrations are
 *   applied to each again;
 * - a row still there, in any database, fails the file before any of its tests run.
 */
const bindings = env as unknown as Record<string, D1Database>;
const databases = shardNames(env).map((name) => {
  const db = bindings[name];
  if (!db) throw new Error(`No D1 binding ${name}`);
  return { name, db };
});

const userTables = async (db: D1Database): Promise<string[]> => {
  const { results } = await db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
    )
    .all<{ name: string }>();
  return results.map(({ name }) => name);
};

/** The tables in an order D1 can drop them: a table after every table whose foreign keys point at it. */
const childrenFirst = async (db: D1Database, names: string[]): Promise<string[]> => {
  const keys = await db.batch<{ table: string }>(names.map((name) => db.prepare(`pragma foreign_key_list("${name}")`)));
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

/** Drops every table of one database and applies the migrations again. */
const recreate = async (db: D1Database) => {
  const left = await userTables(db);
  if (left.length > 0) {
    await db.batch((await childrenFirst(db, left)).map((name) => db.prepare(`drop table "${name}"`)));
  }
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
};

/** The tables of one database that hold a row, as `binding.table`. */
const filledTables = async (name: string, db: D1Database): Promise<string[]> => {
  const tables = (await userTables(db)).filter((table) => table !== "d1_migrations");
  const counts = await db.batch<{ n: number }>(
    tables.map((table) => db.prepare(`select count(*) as n from "${table}"`)),
  );
  return tables.filter((_, i) => (counts[i]?.results[0]?.n ?? 0) > 0).map((table) => `${name}.${table}`);
};

await reset();
await Promise.all(databases.map(({ db }) => recreate(db)));
const filled = (await Promise.all(databases.map(({ name, db }) => filledTables(name, db)))).flat();
if (filled.length > 0) throw new Error(`D1 is not empty before this file: ${filled.join(", ")}`);
