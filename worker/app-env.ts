import type { Database } from "./db/client";
import type { AppConfig } from "./lib/config";

/** Hono's typing for every route: the bindings plus what middleware puts on the context. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Database;
    config: AppConfig;
  };
};
