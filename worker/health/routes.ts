import { sql } from "drizzle-orm";
import { Hono } from "hono";
import * as z from "zod/mini";
import { parsedRows } from "../db/aggregates";
import type { AppEnv } from "../lib/app-env";
import type { HealthResponse } from "../shared/health";

const catalogRow = z.object({ tables: z.number() });

/** GET /api/health: the version and whether D1 answers. 503 when it does not. */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const started = Date.now();
  let reachable = false;
  let migrated = false;
  try {
    // A whole `sql` statement: sqlite_master is SQLite's catalog, not a table of the schema.
    const [row] = await parsedRows(
      c.var.db,
      sql`select count(*) as tables from sqlite_master where type = 'table' and name = 'organizations'`,
      catalogRow,
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
