import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { unstable_readConfig } from "wrangler";

/**
 * Every D1 database the Worker binds: the platform database (`DB`) and each shard
 * (`DB_SHARD_n`, worker/db/shards.ts). All of them get every migration in drizzle/, so a table
 * a migration adds is in each (empty where it has no rows). Read from wrangler.jsonc, the one
 * list: adding a shard is adding its binding there.
 *
 *   node build-tools/d1-databases.ts migrate --local   # npm run db:migrate
 *   node build-tools/d1-databases.ts migrate --remote  # npm run deploy
 */
const root = resolve(import.meta.dirname, "..");
const wrangler = resolve(root, "node_modules/.bin/wrangler");

type D1Database = { binding: string; migrationsDir: string | undefined };

export function d1Databases(configPath = resolve(root, "wrangler.jsonc")): D1Database[] {
  const { d1_databases } = unstable_readConfig({ config: configPath }, { hideWarnings: true });
  return d1_databases.map((db: { binding: string; migrations_dir?: string }) => ({
    binding: db.binding,
    migrationsDir: db.migrations_dir,
  }));
}

export const d1Bindings = (configPath?: string) => d1Databases(configPath).map((db) => db.binding);

/** `wrangler d1 migrations apply` on every database, in turn; `extra` are its flags (--local, --persist-to …). */
export function migrateEveryDatabase(extra: string[], run = runWrangler): void {
  for (const binding of d1Bindings()) run(["d1", "migrations", "apply", binding, ...extra]);
}

function runWrangler(args: string[]): void {
  const result = spawnSync(wrangler, args, { cwd: root, stdio: "inherit", env: { ...process.env, CI: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.main) {
  const [command, ...flags] = process.argv.slice(2);
  if (command !== "migrate" || !flags.some((flag) => flag === "--local" || flag === "--remote")) {
    console.error("usage: node build-tools/d1-databases.ts migrate --local|--remote [wrangler flags]");
    process.exit(2);
  }
  migrateEveryDatabase(flags);
}
