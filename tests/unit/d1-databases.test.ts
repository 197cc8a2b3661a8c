import { describe, expect, it } from "vitest";
import { d1Databases } from "../../build-tools/d1-databases.ts";

/**
 * Every migration run (npm run db:migrate, npm run deploy, the e2e app server) walks the D1
 * bindings of wrangler.jsonc (build-tools/d1-databases.ts). A shard added there is migrated
 * with the rest, from drizzle/ like the platform database, and the Worker finds it by its name
 * (worker/db/shards.ts: DB_SHARD_n).
 */
describe("the D1 databases", () => {
  it("are the platform database and its shards, each migrated from drizzle/", () => {
    const databases = d1Databases();
    expect(databases[0]?.binding).toBe("DB");
    expect(databases.length).toBeGreaterThanOrEqual(3);
    for (const shard of databases.slice(1)) expect(shard.binding).toMatch(/^DB_SHARD_\d{1,3}$/);
    for (const database of databases) expect(database.migrationsDir, database.binding).toBe("drizzle");
  });
});
