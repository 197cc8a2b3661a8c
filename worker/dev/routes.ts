import { Hono } from "hono";
import type { AppEnv } from "../lib/app-env";
import { DEMO_OPERATOR_TOTP_SECRET, ensureDemoOperatorTwoFactor } from "./demo-two-factor";
import { developmentOnly } from "./development-only";
import { listMailbox } from "./mailbox";
import { seedDemo } from "./seed";

/** Demo-only helpers: they exist only when APP_ENV=development and answer 404 otherwise. */
export const devRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .post("/seed", async (c) => {
    const result = await seedDemo(c.env, c.var.db, new URL(c.req.url).origin);
    await ensureDemoOperatorTwoFactor(c.env, c.var.db);
    return c.json({ ...result, operatorTotpSecret: DEMO_OPERATOR_TOTP_SECRET });
  })
  // The mailbox as JSON, for the browser tests (and anyone scripting the local app).
  .get("/emails", async (c) => {
    const messages = await listMailbox(c.var.db, c.req.query("to") || undefined);
    return c.json({
      emails: messages.map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        kind: m.kind,
        text: m.text,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
      })),
    });
  });
