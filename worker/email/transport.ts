import type { AppConfig } from "../lib/config";

/** One email as a transport delivers it. */
export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Sent to providers that support it, so a retried delivery is not sent twice. */
  idempotencyKey: string;
};

export type DeliveryResult = { providerMessageId: string | null };

/**
 * How mail leaves the app. Locally the outbox row *is* the delivery (read it at
 * /dev/mailbox); in production an HTTP provider sends it.
 */
export interface EmailTransport {
  readonly name: string;
  deliver(email: OutgoingEmail): Promise<DeliveryResult>;
}

/** The local transport: nothing leaves the machine; the email_outbox row is the mailbox. */
export const outboxTransport: EmailTransport = {
  name: "outbox",
  async deliver() {
    return { providerMessageId: null };
  },
};

export const DEFAULT_FROM = "Undertone <no-reply@undertone.dev>";
const RESEND_API_URL = "https://api.resend.com";
const PROVIDER_TIMEOUT_MS = 15_000;

export class EmailDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}

/**
 * Resend's HTTP API (POST /emails with a Bearer key). EMAIL_API_URL overrides the base URL,
 * which is how the tests point it at a local stand-in speaking the same protocol.
 */
export function resendTransport(apiKey: string, baseUrl = RESEND_API_URL): EmailTransport {
  const endpoint = `${baseUrl.replace(/\/+$/, "")}/emails`;
  return {
    name: "resend",
    async deliver(email) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": email.idempotencyKey,
        },
        body: JSON.stringify({
          from: email.from,
          to: [email.to],
          subject: email.subject,
          html: email.html,
          text: email.text,
        }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as { id?: unknown; message?: unknown } | null;
      if (!response.ok) {
        // The provider's message names the problem (bad key, unverified domain); never the key itself.
        const reason = typeof body?.message === "string" ? body.message : `HTTP ${response.status}`;
        throw new EmailDeliveryError(`Email provider refused the message: ${reason}`, response.status);
      }
      return { providerMessageId: typeof body?.id === "string" ? body.id : null };
    },
  };
}

/** The provider when EMAIL_API_KEY is set, otherwise the local outbox. */
export function transportFor(config: AppConfig): EmailTransport {
  if (config.EMAIL_API_KEY) return resendTransport(config.EMAIL_API_KEY, config.EMAIL_API_URL);
  return outboxTransport;
}
