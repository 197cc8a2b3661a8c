import { and, eq, gte } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";
import { allShardDbs } from "../db/shards";
import type { AppConfig } from "../lib/config";
import type { ProviderStatus, SystemStatus } from "../shared/console/system";
import { DAY_MS } from "../shared/time";
import { healthChecks, readHealthSignals } from "./health-checks";

const PROBE_TIMEOUT_MS = 4000;
const DEFAULT_OPENAI_BASE = "https://api.openai.com/v1";
const DEFAULT_STRIPE_BASE = "https://api.stripe.com";
/** Resend, the HTTP provider worker/email uses; EMAIL_API_URL overrides it. */
const DEFAULT_EMAIL_API = "https://api.resend.com";

/** A host to show the operator: never a path, query or credential. */
export function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

type Probe = { reachable: boolean; latencyMs: number; detail: string };

/**
 * One HTTP request with a deadline. Reachable means the service answered at all and did
 * not refuse our credentials; the answer's body is never read or shown.
 */
async function probe(url: string, init: RequestInit, fetcher: typeof fetch, sendOnlyKeysOk = false): Promise<Probe> {
  const started = Date.now();
  try {
    const response = await fetcher(url, { ...init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    const latencyMs = Date.now() - started;
    await response.body?.cancel();
    if (sendOnlyKeysOk && (response.status === 401 || response.status === 403)) {
      return { reachable: true, latencyMs, detail: `Reachable in ${latencyMs} ms (the key may be limited to sending)` };
    }
    if (response.status === 401 || response.status === 403) {
      return { reachable: false, latencyMs, detail: `Reachable, but the key was refused (HTTP ${response.status})` };
    }
    if (response.status >= 500)
      return { reachable: false, latencyMs, detail: `The service answered HTTP ${response.status}` };
    return { reachable: true, latencyMs, detail: `Answered in ${latencyMs} ms` };
  } catch (error) {
    const latencyMs = Date.now() - started;
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      reachable: false,
      latencyMs,
      detail: timedOut ? `No answer within ${PROBE_TIMEOUT_MS / 1000} s` : "Could not connect",
    };
  }
}

function status(configured: boolean, detail: string, probed?: Probe): ProviderStatus {
  if (!probed) return { configured, reachable: null, latencyMs: null, detail };
  return { configured, reachable: probed.reachable, latencyMs: probed.latencyMs, detail: probed.detail };
}

/**
 * Which AI, email and payment providers are configured and, when asked (`probe`), whether
 * they answer; and the Overview's health checks from real signals (./health-checks.ts).
 * Only presence, hosts and models are reported — never a key.
 */
export async function systemStatus(
  db: Database,
  config: AppConfig,
  options: { probe: boolean; fetcher?: typeof fetch; shards?: readonly Database[] } = { probe: false },
): Promise<SystemStatus> {
  const fetcher = options.fetcher ?? fetch;
  const dbStarted = Date.now();
  let databaseReachable = true;
  let queued = 0;
  let failed = 0;
  try {
    [queued, failed] = await Promise.all([
      db.$count(emailOutbox, eq(emailOutbox.status, "queued")),
      db.$count(
        emailOutbox,
        and(eq(emailOutbox.status, "failed"), gte(emailOutbox.createdAt, new Date(Date.now() - 7 * DAY_MS))),
      ),
    ]);
  } catch {
    databaseReachable = false;
  }
  const databaseLatency = Date.now() - dbStarted;

  const aiConfigured = Boolean(config.OPENAI_API_KEY);
  const aiBase = (config.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE).replace(/\/+$/, "");
  const emailConfigured = Boolean(config.EMAIL_API_KEY);
  const emailUrl = config.EMAIL_API_URL ?? DEFAULT_EMAIL_API;
  const stripeConfigured = Boolean(config.STRIPE_SECRET_KEY);
  const stripeBase = (config.STRIPE_API_BASE ?? DEFAULT_STRIPE_BASE).replace(/\/+$/, "");

  const [aiProbe, emailProbe, stripeProbe] = await Promise.all([
    options.probe && aiConfigured
      ? probe(`${aiBase}/models`, { headers: { Authorization: `Bearer ${config.OPENAI_API_KEY}` } }, fetcher)
      : undefined,
    // Resend's GET /domains lists the sending domains: harmless, and it proves the key works.
    options.probe && emailConfigured
      ? probe(
          `${emailUrl.replace(/\/+$/, "")}/domains`,
          { headers: { Authorization: `Bearer ${config.EMAIL_API_KEY}` } },
          fetcher,
          true,
        )
      : undefined,
    options.probe && stripeConfigured
      ? probe(`${stripeBase}/v1/balance`, { headers: { Authorization: `Bearer ${config.STRIPE_SECRET_KEY}` } }, fetcher)
      : undefined,
  ]);

  const operatorCount = config.SUPERADMIN_EMAILS.length;
  const checks = healthChecks(await readHealthSignals(db, aiConfigured, Date.now(), options.shards), Date.now());
  return {
    environment: config.APP_ENV,
    version: config.APP_VERSION,
    checkedAt: Date.now(),
    database: { reachable: databaseReachable, latencyMs: databaseLatency },
    ai: {
      ...status(
        aiConfigured,
        aiConfigured
          ? "OpenAI-compatible provider with a key set in the server secrets"
          : "No OPENAI_API_KEY: check-ins use the embedded offline interviewer",
        aiProbe,
      ),
      provider: aiConfigured ? "openai-compatible" : "embedded",
      model: aiConfigured ? (config.OPENAI_MODEL ?? "gpt-4o-mini") : null,
      host: aiConfigured ? hostOf(aiBase) : null,
    },
    email: {
      ...status(
        emailConfigured,
        emailConfigured
          ? "HTTP email provider with a key set in the server secrets"
          : "No EMAIL_API_KEY: email goes to the local outbox",
        emailProbe,
      ),
      provider: emailConfigured ? "http" : "outbox",
      from: config.EMAIL_FROM ?? null,
      queued,
      failedLast7Days: failed,
    },
    payments: {
      ...status(
        stripeConfigured,
        stripeConfigured
          ? "Stripe with a secret key set in the server secrets"
          : "No STRIPE_SECRET_KEY: the Pro plan says payments are not configured",
        stripeProbe,
      ),
      priceConfigured: Boolean(config.STRIPE_PRICE_ID),
      webhookConfigured: Boolean(config.STRIPE_WEBHOOK_SECRET),
    },
    auth: {
      secretConfigured: Boolean(config.BETTER_AUTH_SECRET),
      publicUrl: config.BETTER_AUTH_URL ?? null,
      operatorCount,
    },
    healthy: checks.every((check) => check.ok),
    checks,
  };
}

export const systemRoutes = new Hono<ConsoleEnv>().get("/", async (c) =>
  c.json(
    await systemStatus(c.var.db, c.var.config, { probe: c.req.query("probe") === "1", shards: allShardDbs(c.env) }),
  ),
);
