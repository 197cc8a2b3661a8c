import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../lib/app-env";
import type { HealthResponse } from "../shared/health";

/** GET /api/health: the version and whether D1 answers. 503 when it does not. */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const started = Date.now();
  let reachable = false;
  let migrated = false;
  try {
    const row = await c.var.db.get<{ tables: number }>(
      sql`select count(*) as tables from sqlite_master where type = 'table' and name = 'organizations'`,
    );
    reachable = true;
    migrated = (row?.tables ?? 0) > 0;
  } catch {
    reachable = false;
  }
  const body: HealthResponse = {
    status: reachable && migrated ? "ok" : "degraded",
    version: c.var.config.APP_VERSION,
    environment: c.var.config.APP_ENV,
    database: { reachable, migrated, latencyMs: Date.now() - started },
  };
  return c.json(body, reachable && migrated ? 200 : 503);
});
