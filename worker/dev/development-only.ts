import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/app-env";
import { isDevelopment } from "../lib/config";
import { noApiRoute } from "../lib/errors";

/** Demo-only API routes: outside APP_ENV=development they answer the app's own 404, as if absent. */
export const developmentOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isDevelopment(c.env)) throw noApiRoute(c.req.raw);
  await next();
});
