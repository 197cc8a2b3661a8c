import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { slackInstallations } from "../db/schema";
import type { EmailMessage, SendResult } from "../email/send";
import { enqueueSends, notifyQueue } from "./enqueue";
import type { DeliveryRef } from "./messages";
import { slackFromEmail } from "./slack-text";

/**
 * Check-in invitations and reminders through the notifications queue: the same Mailer the
 * schedule and "Send check-in" already call, so their dedupe keys become delivery keys.
 * "sent" here means accepted by the queue, which then delivers it (as a Slack DM when the
 * organization chose that and the workspace knows the address, else by email).
 */
export function queueMailer(
  env: { NOTIFY_QUEUE: Queue },
  db: Database,
): (message: EmailMessage) => Promise<SendResult> {
  return async (message: EmailMessage): Promise<SendResult> => {
    const id = message.dedupeKey;
    const organizationId = message.organizationId;
    if (!id || !organizationId) throw new Error("A queued email needs a dedupe key and an organization");
    const [slack] = await db
      .select({ dm: slackInstallations.dmInvitations })
      .from(slackInstallations)
      .where(eq(slackInstallations.organizationId, organizationId));
    const reminder = message.kind === "check_in_reminder";
    const delivery: DeliveryRef = {
      id,
      organizationId,
      kind: reminder ? "reminder" : "invitation",
      route: slack?.dm ? "slack_dm" : "email",
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
