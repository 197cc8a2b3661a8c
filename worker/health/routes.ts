import { sql } from "drizzle-orm";
import { Hono } from "hono";
import * as z from "zod/mini";
import { parsedRows } from "../db/aggregates";
import type { Database } from "../db/client";
import { allShardDbs } from "../db/shards";
import type { AppEnv } from "../lib/app-env";
import type { HealthResponse } from "../shared/health";

const catalogRow = z.object({ tables: z.number() });

/** Whether one database answers, and has the schema (its `organizations` table). */
async function probeDatabase(db: Database): Promise<{ reachable: boolean; migrated: boolean }> {
  try {
    // A whole `sql` statement: sqlite_master is SQLite's catalog, not a table of the schema.
    const [row] = await parsedRows(
      db,
      sql`select count(*) as tables from sqlite_master where type = 'table' and name = 'organizations'`,
      catalogRow,
    );
    return { reachable: true, migrated: (row?.tables ?? 0) > 0 };
  } catch {
    return { reachable: false, migrated: false };
  }
}

/**
 * GET /api/health: the version and whether D1 answers: the platform database and every shard
 * (worker/db/shards.ts), each migrated. 503 when one does not.
 */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const started = Date.now();
  const probes = await Promise.all(allShardDbs(c.env).map(probeDatabase));
  const reachable = probes.every((probe) => probe.reachable);
  const migrated = probes.every((probe) => probe.migrated);
  const body: HealthResponse = {
    status: reachable && migrated ? "ok" : "degraded",
    version: c.var.config.APP_VERSION,
    environment: c.var.config.APP_ENV,
    database: { reachable, migrated, latencyMs: Date.now() - started },
  };
  return c.json(body, reachable && migrated ? 200 : 503);
});
