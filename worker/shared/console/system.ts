import * as z from "zod/mini";
import { timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. System Settings: which providers
 * are configured and reachable (/api/admin/system).
 */
/** What runs on its own and reports its last success and failure (system_signals rows). */
export const SYSTEM_SIGNALS = ["schedule", "ai_provider"] as const;
export type SystemSignalName = (typeof SYSTEM_SIGNALS)[number];

const providerStatus = z.object({
  configured: z.boolean(),
  /** null when not probed (not configured, or the probe was not asked for). */
  reachable: z.nullable(z.boolean()),
  latencyMs: z.nullable(z.number()),
  /** Human-readable, never a secret. */
  detail: z.string(),
});
export type ProviderStatus = z.infer<typeof providerStatus>;

/** The Overview's health checks (issue 25 §7): each read from a real signal, never a constant. */
export const HEALTH_CHECKS = ["database", "schedule", "deliveries", "ai"] as const;
export type HealthCheckId = (typeof HEALTH_CHECKS)[number];

export const healthCheckSchema = z.object({
  id: z.enum(HEALTH_CHECKS),
  label: z.string(),
  ok: z.boolean(),
  /** What the signal says, for the operator (times, counts, a step or an error's name). */
  detail: z.string(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/** A scheduled run (every 15 minutes) not seen for this long is a fault. */
export const SCHEDULE_STALE_AFTER_MS = 30 * 60 * 1000;
/** Delivery failures count over this window. */
export const DELIVERY_FAILURE_WINDOW_MS = 60 * 60 * 1000;

export const systemStatusSchema = z.object({
  environment: z.string(),
  version: z.string(),
  checkedAt: timestamp,
  database: z.object({ reachable: z.boolean(), latencyMs: z.number() }),
  ai: z.extend(providerStatus, {
    provider: z.enum(["openai-compatible", "embedded"]),
    model: z.nullable(z.string()),
    host: z.nullable(z.string()),
  }),
  email: z.extend(providerStatus, {
    provider: z.enum(["http", "outbox"]),
    from: z.nullable(z.string()),
    queued: z.number(),
    failedLast7Days: z.number(),
  }),
  payments: z.extend(providerStatus, { priceConfigured: z.boolean(), webhookConfigured: z.boolean() }),
  auth: z.object({ secretConfigured: z.boolean(), publicUrl: z.nullable(z.string()), operatorCount: z.number() }),
  /** "System healthy" only when every check is ok. */
  healthy: z.boolean(),
  checks: z.array(healthCheckSchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
