import { base64Url } from "../../lib/base64url";

/** An invitation's secret: 32 random bytes, base64url; only its SHA-256 (hex) is stored. */
export function newInvitationToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function hashInvitationToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Where the emailed link lands: the SPA's /accept-invitation (`token=` is redacted from stored emails). */
export function invitationUrl(origin: string, token: string): string {
  const url = new URL("/accept-invitation", origin);
  url.searchParams.set("token", token);
  return url.toString();
}

/** How an invitation names who sent it, in the email and on the page: the name, else the address. */
export function inviterName(inviter: { firstName: string; lastName: string; email: string }): string {
  return `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email;
}
