import type { Database } from "../db/client";
import { sendEmail } from "../email/send";
import type { AppConfig } from "../lib/config";
import type { DeliveryChannel } from "../shared/notifications";
import { lookupUserByEmail, postMessage, SlackApiError } from "../slack/api";
import { slackConnection } from "../slack/installation";
import type { SendMessage } from "./messages";

/** A failure no retry can fix (Slack disconnected, a channel gone): recorded as failed at once. */
export class PermanentDeliveryError extends Error {
  override name = "PermanentDeliveryError";
}

export type Delivered = { channel: DeliveryChannel; recipient: string };

/**
 * One attempt at one delivery, through its route. Email goes through sendEmail with the
 * delivery id as dedupe key (the outbox row and the provider's Idempotency-Key), so an
 * attempt repeated after a crash sends nothing twice. Throws on failure.
 */
export async function attemptDelivery(
  env: object,
  db: Database,
  config: AppConfig,
  { delivery, content }: SendMessage,
): Promise<Delivered> {
  const byEmail = async (): Promise<Delivered> => {
    const result = await sendEmail(env, db, {
      to: delivery.recipient,
      subject: content.subject,
      html: content.html,
      text: content.text,
      kind: content.emailKind,
      dedupeKey: delivery.id,
      organizationId: delivery.organizationId,
      // Invitations and reminders spent the daily cap when the queue accepted them.
      capSpent: delivery.kind === "invitation" || delivery.kind === "reminder",
    });
    if (result.status === "failed") throw new Error(result.error);
    return { channel: "email", recipient: delivery.recipient };
  };

  try {
    switch (delivery.route) {
      case "email":
        return await byEmail();
      case "slack": {
        const slack = await slackConnection(db, config, delivery.organizationId);
        if (!slack) throw new PermanentDeliveryError("Slack is no longer connected");
        await postMessage(config, slack.token, { channel: delivery.recipient, text: content.slackText });
        return { channel: "slack", recipient: slack.channelName ? `#${slack.channelName}` : delivery.recipient };
      }
      case "slack_dm": {
        // A DM when the workspace knows this address and the organization wants DMs; email otherwise.
        const slack = await slackConnection(db, config, delivery.organizationId);
        if (!slack?.dmInvitations) return await byEmail();
        const userId = await lookupUserByEmail(config, slack.token, delivery.recipient);
        if (!userId) return await byEmail();
        await postMessage(config, slack.token, { channel: userId, text: content.slackText });
        return { channel: "slack", recipient: delivery.recipient };
      }
    }
  } catch (error) {
    if (error instanceof SlackApiError && !error.transient) {
      throw new PermanentDeliveryError(`Slack refused it: ${error.code}`);
    }
    throw error;
  }
}
