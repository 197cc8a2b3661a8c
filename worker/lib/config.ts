import { z } from "zod";
import { isPlausibleEmail } from "../shared/auth";

/**
 * The Worker's configuration, parsed once per request from the bindings. Optional
 * secrets arrive as empty strings locally and as undefined when deployed without them;
 * both mean "not configured".
 */
const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim().length > 0 ? v.trim() : undefined));

/** A plain address (the sign-up form's check); anything else reads as not configured. */
const email = z
  .string()
  .optional()
  .transform((v) => {
    const trimmed = v?.trim() ?? "";
    return isPlausibleEmail(trimmed) && !/[<>"]/.test(trimmed) ? trimmed : undefined;
  });
/** An https address (http only for localhost); anything else reads as not configured. */
const publicUrl = z
  .string()
  .optional()
  .transform((v) => {
    const trimmed = v?.trim() ?? "";
    if (!trimmed || trimmed.length > 2000) return undefined;
    try {
      const url = new URL(trimmed);
      const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
      return url.protocol === "https:" || (local && url.protocol === "http:") ? url.href : undefined;
    } catch {
      return undefined;
    }
  });

const configSchema = z.object({
  APP_ENV: z.enum(["development", "production"]).catch("production"),
  APP_VERSION: z.string().default("0.0.0"),
  /** "1": each response says how many D1 rows it read (npm run bench; worker/lib/d1-metrics.ts). */
  D1_METRICS: z.enum(["0", "1"]).catch("0"),
  BETTER_AUTH_SECRET: optional,
  /** The secret before the current one, kept for one period after a rotation (worker/lib/keys.ts). */
  BETTER_AUTH_SECRET_PREVIOUS: optional,
  BETTER_AUTH_URL: optional,
  SUPERADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e.length > 0),
    ),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  OPENAI_MODEL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_ID: optional,
  /** Where Stripe's API lives; only tests point it at a local stand-in. */
  STRIPE_API_BASE: optional,
  EMAIL_API_KEY: optional,
  EMAIL_FROM: optional,
  /** Where the email provider's API lives; only tests point it at a local stand-in. */
  EMAIL_API_URL: optional,
  /** Slack app credentials ("Add to Slack"); without all three the Slack section says Slack is not available yet. */
  SLACK_CLIENT_ID: optional,
  SLACK_CLIENT_SECRET: optional,
  SLACK_SIGNING_SECRET: optional,
  /** Where Slack lives (https://slack.com); tests and dev point it at tests/fixtures/servers/slack-stand-in.ts. */
  SLACK_BASE_URL: optional,
  /** Where people write when something goes wrong; shown on the legal pages and in setup errors. */
  SUPPORT_EMAIL: email,
  /** The external scheduling page "Book a demo" opens; without it the link is not shown. */
  DEMO_URL: publicUrl,
  /** Members per schedule job (worker/schedule/jobs.ts); tests set a small one to see many batches. */
  SCHEDULE_BATCH_SIZE: z.coerce.number().int().min(1).max(500).optional().catch(undefined),
});

export type AppConfig = z.infer<typeof configSchema>;

const cache = new WeakMap<object, AppConfig>();

export function readConfig(env: object): AppConfig {
  let config = cache.get(env);
  if (!config) {
    config = configSchema.parse(env);
    cache.set(env, config);
  }
  return config;
}

export function isDevelopment(env: object): boolean {
  return readConfig(env).APP_ENV === "development";
}

export function isSuperAdminEmail(env: object, email: string | null | undefined): boolean {
  if (!email) return false;
  return readConfig(env).SUPERADMIN_EMAILS.includes(email.trim().toLowerCase());
}
