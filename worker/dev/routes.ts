import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { isDevelopment } from "../lib/config";
import { notFound } from "../lib/errors";
import { seedDemo } from "./seed";

/** Demo-only helpers: they exist only when APP_ENV=development and answer 404 otherwise. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw notFound(`No API route for ${c.req.method} ${new URL(c.req.url).pathname}`);
    await next();
  })
  .post("/seed", async (c) => {
    const result = await seedDemo(c.var.db, new URL(c.req.url).origin);
    return c.json(result);
  });
