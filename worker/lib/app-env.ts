import type { Database } from "../db/client";
import type { AppConfig } from "./config";

/**
 * Hono's typing for every route: the bindings plus what middleware puts on the context.
 * Signed-in routers use the envs of worker/auth/middleware.ts instead (UserEnv, AdminEnv,
 * SuperAdminEnv), which add `user`, `session` and, for admins, `organizationId`.
 */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    /**
     * The organization's shard behind requireAdmin (worker/db/shards.ts); elsewhere the
     * platform database, where a route reaches a shard only through dbFor or the console's fan-out.
     */
    db: Database;
    /** The platform database: accounts, organizations, billing, audit, rate limits, global settings. */
    platform: Database;
    config: AppConfig;
  };
};
