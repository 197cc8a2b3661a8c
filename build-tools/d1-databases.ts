import { spawnSync } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { getPlatformProxy, unstable_readConfig, unstable_splitSqlQuery } from "wrangler";

/**
 * Every D1 database the Worker binds: the platform database (`DB`) and each shard
 * (`DB_SHARD_n`, worker/db/shards.ts). All of them get every migration in drizzle/, so a table
 * a migration adds is in each (empty where it has no rows). Read from wrangler.jsonc, the one
 * list: adding a shard is adding its binding there.
 *
 *   node build-tools/d1-databases.ts migrate --local [--persist-to DIR]  # npm run db:migrate
 *   node build-tools/d1-databases.ts migrate --remote                     # npm run deploy
 */
const root = resolve(import.meta.dirname, "..");
const wrangler = resolve(root, "node_modules/.bin/wrangler");
const configPath = resolve(root, "wrangler.jsonc");
/** Where wrangler keeps a migration's name once applied (its default `migrations_table`). */
const MIGRATIONS_TABLE = "d1_migrations";

type D1Config = { binding: string; databaseId: string | undefined; migrationsDir: string | undefined };

export function d1Databases(path = configPath): D1Config[] {
  const { d1_databases } = unstable_readConfig({ config: path }, { hideWarnings: true });
  return d1_databases.map((db: { binding: string; database_id?: string; migrations_dir?: string }) => ({
    binding: db.binding,
    databaseId: db.database_id,
    migrationsDir: db.migrations_dir,
  }));
}

export const d1Bindings = (path?: string) => d1Databases(path).map((db) => db.binding);

/**
 * The SQLite file behind one binding's local D1 in a `--persist-to` state (to seed it with
 * node:sqlite while the app is stopped). Miniflare keeps each database as a Durable Object of
 * `D1DatabaseObject` named by its database id; the file is that object's id, derived as
 * workerd derives `idFromName` (HMAC-SHA256 keyed by the namespace's unique key).
 */
export function localD1File(persistTo: string, binding: string): string {
  const database = d1Databases().find((db) => db.binding === binding);
  if (!database?.databaseId) throw new Error(`No D1 binding ${binding} with a database_id in wrangler.jsonc`);
  const key = createHash("sha256").update("miniflare-D1DatabaseObject").digest();
  const name = createHmac("sha256", key).update(database.databaseId).digest().subarray(0, 16);
  const check = createHmac("sha256", key).update(name).digest().subarray(0, 16);
  const id = Buffer.concat([name, check]).toString("hex");
  return resolve(persistTo, "v3/d1/miniflare-D1DatabaseObject", `${id}.sqlite`);
}

/** The little of a local D1 binding this file uses (it runs in Node, without the Workers types). */
type LocalStatement = {
  bind(...values: unknown[]): LocalStatement;
  run(): Promise<unknown>;
  all<Row>(): Promise<{ results: Row[] }>;
};
type LocalD1 = { prepare(query: string): LocalStatement; batch(statements: LocalStatement[]): Promise<unknown> };

/**
 * Applies the missing migrations to every database's local state (wrangler's, or the one under
 * `persistTo`, as `--persist-to` names it) in one workerd: `wrangler d1 migrations apply` starts
 * one per database, about ten seconds each on a busy machine. Each file is one batch with its
 * record in `d1_migrations`, as wrangler writes it, so wrangler agrees on what was applied.
 * Returns the migrations applied, as `binding/file`.
 */
export async function migrateLocally(persistTo?: string): Promise<string[]> {
  const databases = d1Databases();
  // A configuration of the databases alone (the same ids, so the same files), without the
  // Worker's other bindings, whose classes this process does not have.
  const scratch = mkdtempSync(resolve(tmpdir(), "undertone-d1-"));
  const d1Only = resolve(scratch, "wrangler.json");
  writeFileSync(
    d1Only,
    JSON.stringify({
      name: "undertone-migrations",
      compatibility_date: "2025-01-01",
      d1_databases: databases.map((db) => ({ binding: db.binding, database_id: db.databaseId })),
    }),
  );
  const proxy = await getPlatformProxy<Record<string, LocalD1>>({
    configPath: d1Only,
    envFiles: [],
    remoteBindings: false,
    persist: { path: persistTo ? resolve(persistTo, "v3") : resolve(root, ".wrangler/state/v3") },
  });
  const applied: string[] = [];
  try {
    for (const { binding, migrationsDir } of databases) {
      const db = proxy.env[binding];
      if (!db) throw new Error(`No local D1 binding ${binding}`);
      const dir = resolve(root, migrationsDir ?? "migrations");
      await db
        .prepare(
          `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
        )
        .run();
      const done = new Set(
        (await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all<{ name: string }>()).results.map((r) => r.name),
      );
      const files = readdirSync(dir)
        .filter((file) => file.endsWith(".sql") && !done.has(file))
        .sort();
      for (const file of files) {
        const statements: string[] = unstable_splitSqlQuery(readFileSync(resolve(dir, file), "utf8"));
        await db.batch([
          ...statements.map((statement) => db.prepare(statement)),
          db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`).bind(file),
        ]);
        applied.push(`${binding}/${file}`);
      }
    }
  } finally {
    await proxy.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
  return applied;
}

/** `wrangler d1 migrations apply --remote` on every database, in turn. */
function migrateRemotely(flags: string[]): void {
  for (const binding of d1Bindings()) {
    const result = spawnSync(wrangler, ["d1", "migrations", "apply", binding, ...flags], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, CI: "1" },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (import.meta.main) {
  const [command, ...flags] = process.argv.slice(2);
  const persistAt = flags.indexOf("--persist-to");
  if (command === "migrate" && flags.includes("--local")) {
    const applied = await migrateLocally(persistAt >= 0 ? flags[persistAt + 1] : undefined);
    console.log(applied.length > 0 ? `Applied ${applied.join(", ")}` : "Every local database is migrated.");
  } else if (command === "migrate" && flags.includes("--remote")) {
    migrateRemotely(flags);
  } else {
    console.error("usage: node build-tools/d1-databases.ts migrate --local [--persist-to DIR] | --remote");
    process.exit(2);
  }
}
