import { checkInPath, hashCheckInToken } from "../checkin/token";
import { base64Url } from "../lib/base64url";
import { type AppSecrets, purposeMac, secretsInOrder } from "../lib/keys";

/**
 * A check-in link's token is HMAC-SHA256(K_link, id), K_link derived from BETTER_AUTH_SECRET
 * for this purpose alone (worker/lib/keys.ts): 256 bits nobody can compute without the
 * server's secret, in the same base64url form as `newCheckInToken()`. Only its SHA-256 is
 * stored (check_ins.token_hash) and the check-in route compares hashes in constant time,
 * exactly as for a random token.
 *
 * Why derived rather than random: reminders and resends must carry the same working
 * link, and storing the token (even encrypted) would be one more secret at rest. The
 * admin still sees the link only once, in the answer to POST /api/check-ins.
 */
export async function checkInLinkToken(secret: string, checkInId: string): Promise<string> {
  return purposeMac(secret, "checkInLink", checkInId);
}

/** Before keys were derived per purpose: HMAC-SHA256 under the raw secret, with a label. */
const LEGACY_LABEL = "undertone/check-in-link/v1/";
const encoder = new TextEncoder();

async function legacyLinkToken(secret: string, checkInId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(LEGACY_LABEL + checkInId))));
}

export type CheckInLink = { token: string; tokenHash: string; path: string };

async function linkOf(token: string, checkInId: string): Promise<CheckInLink> {
  return { token, tokenHash: await hashCheckInToken(token), path: checkInPath(checkInId, token) };
}

/** A new check-in's link, under the current secret. */
export async function checkInLink(secrets: AppSecrets, checkInId: string): Promise<CheckInLink> {
  return linkOf(await checkInLinkToken(secrets.current, checkInId), checkInId);
}

/**
 * The link an open check-in was sent with, for a resend or a reminder: the one whose hash
 * is stored, made under the current secret, the previous one (a rotation within the period)
 * or the derivation before per-purpose keys; so the link already in the member's inbox keeps
 * working. Null when none matches (a random token, or a secret since forgotten): the caller
 * then stores a new link's hash and sends that.
 */
export async function storedCheckInLink(
  secrets: AppSecrets,
  checkInId: string,
  tokenHash: string,
): Promise<CheckInLink | null> {
  for (const secret of secretsInOrder(secrets)) {
    for (const derive of [checkInLinkToken, legacyLinkToken]) {
      const link = await linkOf(await derive(secret, checkInId), checkInId);
      if (link.tokenHash === tokenHash) return link;
    }
  }
  return null;
}
