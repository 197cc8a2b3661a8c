import { base64Url } from "./base64url";
import type { AppConfig } from "./config";
import { ApiError } from "./errors";

/**
 * One key per purpose, derived from BETTER_AUTH_SECRET with HKDF-SHA256 and the purpose's
 * label (README → Configuration, "Secrets"). A key that leaks through one use (a link
 * token's HMAC, a sealed Slack token) says nothing about another, and better-auth keeps
 * the raw secret to itself.
 *
 * Rotation: BETTER_AUTH_SECRET_PREVIOUS is the secret before the current one. Whatever was
 * made under it (an open check-in's link, a sealed Slack token, a Slack install under way)
 * is still accepted while it is set; keep it for one period (the longest max response time,
 * at most 7 days), then remove it.
 */
export const KEY_PURPOSES = {
  checkInLink: "undertone/check-in-link/v2",
  checkInDevice: "undertone/check-in-device/v1",
  checkInNotMe: "undertone/check-in-not-me/v1",
  slackBotToken: "undertone/slack-bot-token/v1",
  slackOAuthState: "undertone/slack-oauth-state/v1",
} as const;
export type KeyPurpose = keyof typeof KEY_PURPOSES;

/** The value .dev.vars.example ships: refused outside development. */
export const EXAMPLE_SECRET = "dev-only-secret-change-me-0123456789abcdef0123456789abcdef";
/** Shorter than this is refused outside development (`openssl rand -hex 32` gives 64). */
export const MIN_SECRET_LENGTH = 32;

/** What a refused request says: never which rule the secret broke (that is in the log). */
export const UNSAFE_CONFIGURATION_MESSAGE =
  "This server is not configured safely yet: its operator must set a strong BETTER_AUTH_SECRET (README → Configuration).";

/** Why a secret is not fit for production, or null when it is. */
export function unsafeSecretReason(secret: string | undefined): string | null {
  if (!secret) return "BETTER_AUTH_SECRET is not set.";
  if (secret === EXAMPLE_SECRET) return "BETTER_AUTH_SECRET is the example value from .dev.vars.example.";
  if (secret.length < MIN_SECRET_LENGTH) return `BETTER_AUTH_SECRET is shorter than ${MIN_SECRET_LENGTH} characters.`;
  return null;
}

/** Null when the configuration's secrets may be used; the reason otherwise (production only). */
export function secretConfigurationProblem(config: AppConfig): string | null {
  if (config.APP_ENV === "development") return null;
  const current = unsafeSecretReason(config.BETTER_AUTH_SECRET);
  if (current) return current;
  if (config.BETTER_AUTH_SECRET_PREVIOUS && unsafeSecretReason(config.BETTER_AUTH_SECRET_PREVIOUS)) {
    return "BETTER_AUTH_SECRET_PREVIOUS is short or the example value.";
  }
  return null;
}

export type AppSecrets = { current: string; previous: string | null };

/** The secrets keys derive from; 503 when they are missing or (in production) unsafe. */
export function appSecrets(config: AppConfig): AppSecrets {
  const problem = secretConfigurationProblem(config);
  if (problem || !config.BETTER_AUTH_SECRET) {
    throw new ApiError(503, "not_configured", problem ?? "BETTER_AUTH_SECRET is not set.");
  }
  const previous = config.BETTER_AUTH_SECRET_PREVIOUS;
  return {
    current: config.BETTER_AUTH_SECRET,
    previous: previous && previous !== config.BETTER_AUTH_SECRET ? previous : null,
  };
}

/** The current secret first, then the previous one while it is kept. */
export function secretsInOrder(secrets: AppSecrets): string[] {
  return secrets.previous ? [secrets.current, secrets.previous] : [secrets.current];
}

const encoder = new TextEncoder();
const SALT = encoder.encode("undertone");
const cache = new Map<string, Promise<CryptoKey>>();

/** The purpose's key under one secret: HMAC-SHA256 or AES-GCM (256 bits), cached per isolate. */
export function purposeKey(secret: string, purpose: KeyPurpose, usage: "hmac" | "aes"): Promise<CryptoKey> {
  const id = `${purpose}\u0000${usage}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
      const params = { name: "HKDF", hash: "SHA-256", salt: SALT, info: encoder.encode(KEY_PURPOSES[purpose]) };
      return usage === "aes"
        ? crypto.subtle.deriveKey(params, base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"])
        : crypto.subtle.deriveKey(params, base, { name: "HMAC", hash: "SHA-256", length: 256 }, false, [
            "sign",
            "verify",
          ]);
    })();
    cache.set(id, key);
  }
  return key;
}

/** HMAC-SHA256 of `message` under the purpose's key, as base64url (43 characters). */
export async function purposeMac(secret: string, purpose: KeyPurpose, message: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await purposeKey(secret, purpose, "hmac"), encoder.encode(message));
  return base64Url(new Uint8Array(mac));
}
