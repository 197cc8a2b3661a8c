import { type AppSecrets, purposeMac } from "../lib/keys";
import type { DeviceKind } from "../shared/checkin-protocol";
import { hashCheckInToken, newCheckInToken } from "./token";

/**
 * The device that owns a check-in's chat (README → Chat ownership). The first browser that
 * claims the chat ("Start my check-in") gets a device secret in an httpOnly cookie scoped to
 * that check-in's API routes; the object keeps only its SHA-256. The secret is derived from
 * the page's claim attempt when it sends one (so a retried claim gets the same cookie), else
 * random. A fresh link (emailed to the member) carries a one-time claim secret that moves
 * ownership to the browser that uses it.
 */
export const DEVICE_COOKIE = "checkin_device";
/** The Worker → object header carrying the SHA-256 of the cookie's device secret. */
export const DEVICE_HEADER = "x-checkin-device";
/** The query parameter of a fresh link's one-time claim. */
export const CLAIM_PARAM = "claim";

/** Secrets here are 32 random bytes in base64url, as the link tokens are. */
const SECRET = /^[\w-]{43}$/;

export const newDeviceSecret = newCheckInToken;
export const hashDeviceSecret = hashCheckInToken;

/** A well-formed secret or null (length checked before the pattern, which is linear anyway). */
export function wellFormedSecret(value: string | null | undefined): string | null {
  if (value?.length !== 43) return null;
  return SECRET.test(value) ? value : null;
}

/**
 * The device secret of a claim attempt: HMAC under the device key (worker/lib/keys.ts) of the
 * check-in and the page's attempt, so the same page claiming twice gets the same secret, and
 * nobody can compute it from the attempt alone.
 */
export function attemptSecret(secrets: AppSecrets, checkInId: string, attempt: string): Promise<string> {
  return purposeMac(secrets.current, "checkInDevice", `${checkInId}:${attempt}`);
}

/** The device secret this request carries for the check-in, if any. */
export function deviceSecretOf(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header || header.length > 8192) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const secret = wellFormedSecret(part.slice(at + 1).trim());
    if (secret) return secret;
  }
  return null;
}

/**
 * The cookie: only this check-in's API routes see it (`/api/check-in/{id}`, its `/claim`, `/ws`,
 * `/fresh-link` and `/reach-out`), scripts cannot read it, no other site can send it, and over https it never
 * travels in clear. It lasts as long as the link can.
 */
export function deviceCookie(checkInId: string, secret: string, request: Request, expiresAt: number): string {
  const maxAge = Math.max(60, Math.ceil((expiresAt - Date.now()) / 1000) + 24 * 60 * 60);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${secret}; Path=/api/check-in/${encodeURIComponent(checkInId)}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

/**
 * What kind of device a browser is, from its User-Agent, coarsely (shown to the salesperson
 * so they can tell whether the device that started their chat was theirs). Plain substring
 * checks over the first 512 characters: no pattern runs over the header.
 */
export function deviceKindOf(userAgent: string | null): DeviceKind {
  const ua = (userAgent ?? "").slice(0, 512).toLowerCase();
  if (ua.includes("iphone") || ua.includes("ipod")) return "iphone";
  if (ua.includes("ipad")) return "ipad";
  if (ua.includes("android")) return ua.includes("mobile") ? "android-phone" : "android-tablet";
  if (ua.includes("cros")) return "chromebook";
  if (ua.includes("windows")) return "windows";
  // iPadOS asks for the desktop site and says "Macintosh"; it cannot be told apart here.
  if (ua.includes("macintosh") || ua.includes("mac os x")) return "mac";
  if (ua.includes("linux")) return "linux";
  return "other";
}
