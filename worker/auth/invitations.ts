/**
 * An operator's invitation rides on better-auth's magic link (one-time, hashed token, the
 * same /auth/callback): the account exists already, so the link signs the person in and
 * proves their address. Only the email's words differ. The invitation is attached to the
 * very Request object this module hands better-auth, so no header or body a browser could
 * send can turn an ordinary magic link into an "invitation".
 */
export type Invitation = { organizationName: string; firstName: string };

const invitations = new WeakMap<Request, Invitation>();

export function invitationRequest(url: string, invitation: Invitation): Request {
  const request = new Request(new URL("/api/auth/sign-in/magic-link", url), { method: "POST" });
  invitations.set(request, invitation);
  return request;
}

export function invitationOf(request: Request | undefined): Invitation | undefined {
  return request ? invitations.get(request) : undefined;
}
