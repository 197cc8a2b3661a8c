import { eq } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { emailOutbox } from "../db/schema";
import { isDevelopment, readConfig } from "../lib/config";
import { dailyCap, spendDailyCap } from "../lib/daily-caps";
import { describeError, log } from "../lib/log";
import { withoutLinkSecrets } from "./redact";
import { DEFAULT_FROM, type EmailTransport, transportFor } from "./transport";

export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the email is for: "verification", "magic_link", "signup_notification", "check_in_invite", … */
  kind: string;
  /** The same key sent twice delivers once (a cron re-run, a double click). */
  dedupeKey?: string | undefined;
  organizationId?: string | null | undefined;
  /** Counted against the daily cap already, when the queue accepted it (worker/notify/mailer.ts). */
  capSpent?: boolean | undefined;
  /** A check-in's link: the route stored on the check-in (worker/team/check-ins.ts), which the queue keeps to. */
  route?: "email" | "slack_dm" | undefined;
};

/** 50 emails a day, plus 5 per active salesperson (an invitation and reminders each): worker/shared/daily-limits.ts. */
export function dailyEmailCap(db: Database, organizationId: string): Promise<number> {
  return dailyCap(db, organizationId, "email");
}

export type SendResult =
  | { status: "sent"; id: string }
  | { status: "failed"; id: string; error: string }
  /** Already sent (or being sent) under the same dedupeKey: nothing was done. */
  | { status: "duplicate"; id: string };

/**
 * Every email the app sends goes through here: a row in email_outbox first (the record,
 * and locally the mailbox itself; outside development without its link secrets), then the
 * transport, which gets the whole message. A failed delivery is recorded on the
 * row and returned, never thrown, so a caller decides whether it matters; sending again
 * with the same dedupeKey retries a failed row and is a no-op for a sent one.
 */
export async function sendEmail(
  env: object,
  db: Database,
  message: EmailMessage,
  transport: EmailTransport = transportFor(readConfig(env)),
): Promise<SendResult> {
  const config = readConfig(env);
  // An organization's email is capped per day (429 past it): sized to its team, so the
  // schedule and reminders fit and a create-and-revoke loop does not.
  if (message.organizationId && !message.capSpent) {
    await spendDailyCap(db, message.organizationId, "email", await dailyEmailCap(db, message.organizationId));
  }
  // The email log is the platform's, whichever handle the caller holds (worker/db/client.ts).
  const outbox = platformOf(db);
  const id = crypto.randomUUID();
  // Locally the row is the mailbox (/dev/mailbox), so it keeps working links; anywhere
  // else the stored copy has its link secrets removed (worker/email/redact.ts).
  const stored = isDevelopment(env)
    ? message
    : { html: withoutLinkSecrets(message.html), text: withoutLinkSecrets(message.text) };
  const inserted = await outbox
    .insert(emailOutbox)
    .values({
      id,
      organizationId: message.organizationId ?? null,
      toAddress: message.to,
      subject: message.subject,
      html: stored.html,
      text: stored.text,
      kind: message.kind,
      dedupeKey: message.dedupeKey ?? null,
      status: "queued",
      provider: transport.name,
    })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });

  let rowId = inserted[0]?.id;
  if (!rowId) {
    if (!message.dedupeKey) throw new Error("email_outbox refused a row without a dedupe key");
    const [existing] = await outbox
      .select({ id: emailOutbox.id, status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, message.dedupeKey));
    if (!existing) throw new Error("email_outbox lost a deduplicated row");
    if (existing.status !== "failed") return { status: "duplicate", id: existing.id };
    rowId = existing.id;
  }

  try {
    await transport.deliver({
      from: config.EMAIL_FROM ?? DEFAULT_FROM,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      idempotencyKey: message.dedupeKey ?? rowId,
    });
    await outbox
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date(), error: null, provider: transport.name })
      .where(eq(emailOutbox.id, rowId));
    return { status: "sent", id: rowId };
  } catch (error) {
    const reason = describeError(error);
    await outbox
      .update(emailOutbox)
      .set({ status: "failed", error: reason.slice(0, 500) })
      .where(eq(emailOutbox.id, rowId));
    log("error", "email_delivery_failed", { kind: message.kind, error });
    return { status: "failed", id: rowId, error: reason };
  }
}
