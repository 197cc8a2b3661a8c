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
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
