import { base64Url, fromBase64Url } from "../lib/base64url";
import { type AppSecrets, type KeyPurpose, purposeKey, secretsInOrder } from "../lib/keys";

/**
 * The small cryptography Slack needs, on Web Crypto: the bot token sealed at rest
 * (AES-GCM), the OAuth `state` signed with HMAC-SHA256, each under its own key derived from
 * BETTER_AUTH_SECRET (worker/lib/keys.ts), and Slack's request signature checked.
 * Comparisons go through crypto.subtle.verify, which is constant-time. What the previous
 * secret (a rotation) or the derivation before per-purpose keys made is still read.
 */
const encoder = new TextEncoder();

/** Before per-purpose HKDF keys: SHA-256 of "purpose:secret". Read only, never written. */
async function legacyKey(secret: string, purpose: string, usage: "aes" | "hmac"): Promise<CryptoKey> {
  const material = await crypto.subtle.digest("SHA-256", encoder.encode(`${purpose}:${secret}`));
  return usage === "aes"
    ? crypto.subtle.importKey("raw", material, { name: "AES-GCM" }, false, ["encrypt", "decrypt"])
    : crypto.subtle.importKey("raw", material, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** Every key that may have made what we read: current first, then the previous secret's, then the legacy ones. */
async function readingKeys(secrets: AppSecrets, purpose: KeyPurpose, legacy: string, usage: "aes" | "hmac") {
  const order = secretsInOrder(secrets);
  return [
    ...(await Promise.all(order.map((secret) => purposeKey(secret, purpose, usage)))),
    ...(await Promise.all(order.map((secret) => legacyKey(secret, legacy, usage)))),
  ];
}

export async function sealToken(secrets: AppSecrets, token: string): Promise<string> {
  const key = await purposeKey(secrets.current, "slackBotToken", "aes");
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(token)));
  return `${base64Url(iv)}.${base64Url(sealed)}`;
}

/** The token, and whether it was sealed under the current key (if not, the caller seals it again). */
export async function openToken(secrets: AppSecrets, sealed: string): Promise<{ token: string; current: boolean }> {
  const [ivText = "", dataText = ""] = sealed.split(".");
  const iv = fromBase64Url(ivText);
  const data = fromBase64Url(dataText);
  if (!iv || !data) throw new Error("The stored Slack token is unreadable");
  const keys = await readingKeys(secrets, "slackBotToken", "slack-bot-token", "aes");
  for (const [index, key] of keys.entries()) {
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, data);
      return { token: new TextDecoder().decode(plain), current: index === 0 };
    } catch {
      // sealed under another key: try the next
    }
  }
  throw new Error("The stored Slack token was sealed under a secret no longer configured");
}

export type OAuthState = { organizationId: string; userId: string; expiresAt: number };
const STATE_TTL_MS = 10 * 60_000;

/** The `state` of one "Add to Slack" click: whose organization, which admin, until when; signed. */
export async function signState(secrets: AppSecrets, organizationId: string, userId: string, now: number) {
  const payload = JSON.stringify({ o: organizationId, u: userId, e: now + STATE_TTL_MS, n: crypto.randomUUID() });
  const encoded = base64Url(encoder.encode(payload));
  const key = await purposeKey(secrets.current, "slackOAuthState", "hmac");
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(encoded)));
  return `${encoded}.${base64Url(signature)}`;
}

/** The state's claims when its signature holds and it has not expired; null otherwise. */
export async function verifyState(secrets: AppSecrets, state: string, now: number): Promise<OAuthState | null> {
  if (state.length > 1024) return null;
  const [encoded = "", signatureText = ""] = state.split(".");
  const signature = fromBase64Url(signatureText);
  const payloadBytes = fromBase64Url(encoded);
  if (!signature || !payloadBytes) return null;
  let signed = false;
  for (const key of await readingKeys(secrets, "slackOAuthState", "slack-oauth-state", "hmac")) {
    if (await crypto.subtle.verify("HMAC", key, signature, encoder.encode(encoded))) signed = true;
  }
  if (!signed) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(payloadBytes)) as { o?: unknown; u?: unknown; e?: unknown };
    if (typeof claims.o !== "string" || typeof claims.u !== "string" || typeof claims.e !== "number") return null;
    if (claims.e < now) return null;
    return { organizationId: claims.o, userId: claims.u, expiresAt: claims.e };
  } catch {
    return null;
  }
}

/** Slack signs `v0:{timestamp}:{raw body}`; older than five minutes is a replay. */
const MAX_SKEW_SECONDS = 300;

export async function verifySlackSignature(
  signingSecret: string,
  headers: { timestamp: string | null | undefined; signature: string | null | undefined },
  rawBody: string,
  nowMs: number,
): Promise<boolean> {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || timestamp.length > 12 || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  if (signature.length !== 67 || !/^v0=[0-9a-f]{64}$/.test(signature)) return false;
  const expected = new Uint8Array(32);
  for (let i = 0; i < 32; i++) expected[i] = Number.parseInt(signature.slice(3 + i * 2, 5 + i * 2), 16);
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(signingSecret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  return crypto.subtle.verify("HMAC", key, expected, encoder.encode(`v0:${timestamp}:${rawBody}`));
}
