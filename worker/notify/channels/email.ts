import { sendEmail } from "../../email/send";
import { escapeHtml, layout } from "../../email/templates";
import type { NoticeKind } from "../messages";
import { type Channel, type Message, PermanentDeliveryError } from "./channel";

/**
 * Email: to each Admin by their own choice (alerts when "immediately", the digest unless
 * "off"), and to a salesperson at their address. Goes through sendEmail with the delivery
 * id as dedupe key (the outbox row and the provider's Idempotency-Key), so an attempt
 * repeated after a crash sends nothing twice.
 */

/** email_outbox.kind of each notice, as the mailbox and the console have always named them. */
const OUTBOX_KINDS: Record<NoticeKind, string> = {
  alert: "risk_alert",
  digest: "weekly_digest",
  check_in_invite: "check_in_invite",
  check_in_reminder: "check_in_reminder",
  trial_reminder: "trial_reminder",
  trial_ended: "trial_ended",
};

/** The text part: the message, with its link when the text does not already carry it. */
function textOf(message: Message): string {
  const link = message.link && !message.text.includes(message.link.url) ? message.link : null;
  return link ? `${message.text.trimEnd()}\n\n${link.label}: ${link.url}\n` : message.text;
}

/** A message without an HTML rendering of its own: its paragraphs in the app's email layout. */
function htmlOf(message: Message): string {
  const paragraphs = message.text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => escapeHtml(paragraph).replaceAll("\n", "<br>"));
  return layout(message.title, paragraphs, message.link);
}

export const emailChannel = {
  id: "email",

  async targets(_ctx, request) {
    switch (request.purpose) {
      case "alert":
      case "digest": {
        const wants = request.purpose === "alert" ? ["immediately"] : ["immediately", "digest"];
        return request.admins
          .filter((admin) => wants.includes(admin.mode))
          .map((admin) => ({ audience: "person" as const, address: admin.email, key: admin.id }));
      }
      case "member":
        return [{ audience: "person", address: request.email }];
    }
  },

  async deliver(ctx, target, message, delivery) {
    // An inbox is one person's; nothing addressed to a group goes by email.
    if (target.audience !== "person") throw new PermanentDeliveryError("Email goes to one person only");
    const result = await sendEmail(ctx.env, ctx.db, {
      to: target.address,
      subject: message.title,
      html: message.html ?? htmlOf(message),
      text: textOf(message),
      kind: OUTBOX_KINDS[delivery.notice],
      dedupeKey: delivery.deliveryId,
      organizationId: delivery.organizationId,
      // Invitations and reminders spent the daily cap when the queue accepted them (../mailer.ts).
      capSpent: delivery.kind === "invitation" || delivery.kind === "reminder",
    });
    if (result.status === "failed") throw new Error(result.error);
    return { status: "delivered", recipient: target.address };
  },
} satisfies Channel;
