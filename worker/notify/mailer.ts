import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { slackInstallations } from "../db/schema";
import { dailyEmailCap, type EmailMessage, type SendResult } from "../email/send";
import { DailyCapReached, spendDailyCap } from "../lib/daily-caps";
import { enqueueSends, notifyQueue } from "./enqueue";
import type { DeliveryRef } from "./messages";
import { slackFromEmail } from "./slack-text";

/**
 * Check-in invitations and reminders through the notifications queue: the same Mailer the
 * schedule and "Send check-in" already call, so their dedupe keys become delivery keys.
 * "sent" here means accepted by the queue, which then delivers it (as a Slack DM when the
 * organization chose that and the workspace knows the address, else by email).
 *
 * The organization's daily email cap is spent here, when the message is accepted, so the
 * Admin's request gets its 429 at once (a create-and-revoke loop stops); the consumer then
 * sends without counting it again. The cron passes `{ capAsFailure: true }`: a capped
 * organization's invitation is a failed send, and the run goes on for everyone else.
 */
export function queueMailer(
  env: { NOTIFY_QUEUE: Queue },
  db: Database,
  options: { capAsFailure?: boolean } = {},
): (message: EmailMessage) => Promise<SendResult> {
  return async (message: EmailMessage): Promise<SendResult> => {
    const id = message.dedupeKey;
    const organizationId = message.organizationId;
    if (!id || !organizationId) throw new Error("A queued email needs a dedupe key and an organization");
    try {
      await spendDailyCap(db, organizationId, "email", await dailyEmailCap(db, organizationId));
    } catch (error) {
      if (options.capAsFailure && error instanceof DailyCapReached)
        return { status: "failed", id, error: error.message };
      throw error;
    }
    // A check-in's link keeps the route stored on the check-in (issue 22 item 1).
    const route = message.route ?? ((await dmInvitations(db, organizationId)) ? "slack_dm" : "email");
    const reminder = message.kind === "check_in_reminder";
    const delivery: DeliveryRef = {
      id,
      organizationId,
      kind: reminder ? "reminder" : "invitation",
      route,
      recipient: message.to,
      label: reminder ? "Check-in reminder" : "Check-in invitation",
    };
    const content = {
      subject: message.subject,
      html: message.html,
      text: message.text,
      slackText: slackFromEmail(message.subject, message.text),
      emailKind: message.kind,
    };
    try {
      const enqueued = await enqueueSends(notifyQueue(env), db, [{ delivery, content }]);
      return enqueued > 0 ? { status: "sent", id } : { status: "duplicate", id };
    } catch (error) {
      return { status: "failed", id, error: error instanceof Error ? error.message : "queue unavailable" };
    }
  };
}

async function dmInvitations(db: Database, organizationId: string): Promise<boolean> {
  const [slack] = await db
    .select({ dm: slackInstallations.dmInvitations })
    .from(slackInstallations)
    .where(eq(slackInstallations.organizationId, organizationId));
  return slack?.dm ?? false;
}
