/**
 * What an email_outbox row keeps of a body: everything but the secrets its links carry
 * (the check-in link's `token`, a fresh link's `claim`, a moved check-in's "This wasn't me"
 * signature `notme`, the verification and magic link's `token_hash`). The
 * delivered email has them; the stored copy is a record of what was sent, not a second way
 * in. One linear pattern: a literal parameter name, then a run of characters that cannot
 * end a URL parameter.
 */
const LINK_SECRET = /([?&](?:amp;)?(?:token|token_hash|claim|notme)=)[^&\s"'<>]+/g;
export const REDACTED = "[removed]";

export function withoutLinkSecrets(body: string): string {
  return body.replace(LINK_SECRET, `$1${REDACTED}`);
}
