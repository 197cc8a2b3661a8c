import { checkInPath, hashCheckInToken } from "../checkin/token";

/**
 * A check-in link's token is HMAC-SHA256(BETTER_AUTH_SECRET, "check-in link" + id): 256
 * bits nobody can compute without the server's secret, in the same base64url form as
 * `newCheckInToken()`. Only its SHA-256 is stored (check_ins.token_hash) and the check-in
 * route compares hashes in constant time, exactly as for a random token.
 *
 * Why derived rather than random: reminders and resends must carry the same working
 * link, and storing the token (even encrypted) would be one more secret at rest. The
 * admin still sees the link only once, in the answer to POST /api/check-ins.
 */
const LABEL = "undertone/check-in-link/v1/";
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

function base64Url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export async function checkInLinkToken(secret: string, checkInId: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(LABEL + checkInId));
  return base64Url(mac);
}

export type CheckInLink = { token: string; tokenHash: string; path: string };

export async function checkInLink(secret: string, checkInId: string): Promise<CheckInLink> {
  const token = await checkInLinkToken(secret, checkInId);
  return { token, tokenHash: await hashCheckInToken(token), path: checkInPath(checkInId, token) };
}
