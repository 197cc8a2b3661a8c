import { base64Url } from "../lib/base64url";

/**
 * Check-in link tokens: 256 random bits, shown once in the link, stored only as a SHA-256
 * hash and compared in constant time.
 */
export function newCheckInToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function hashCheckInToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  if (left.length !== right.length) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}

export function checkInPath(id: string, token: string): string {
  return `/check-in/${id}?token=${encodeURIComponent(token)}`;
}
