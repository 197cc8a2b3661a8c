import { lookupUserByEmail, postMessage, SlackApiError } from "../../slack/api";
import { type SlackConnection, slackConnection } from "../../slack/installation";
import type { Channel, FoundTarget, Message } from "./channel";
import { PermanentDeliveryError } from "./channel";

/**
 * Slack, through the organization's installation (worker/slack): alerts and the digest in
 * the chosen channel (public or private, and either way it hears no names: the renderers
 * give a group only counts and team figures), alert details as DMs to Admins, invitations
 * and reminders as DMs to members. A person is found by email (users.lookupByEmail): an
 * Admin when the alert is fanned out, a member when the invitation is sent (their email
 * when Slack has no such member).
 */

/** Slack's limit is far above this; a notice is a few lines. */
export const MAX_SLACK_TEXT = 3000;

/** Slack mrkdwn treats &, < and > as control characters; everything we did not write is escaped. */
const slackEscape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A message as mrkdwn: the title in bold, the text with its URLs as links, then the link. */
export function slackText(message: Message): string {
  const text = slackEscape(message.text.trim()).replace(/(https?:\/\/\S+)/g, "<$1>");
  const link = message.link && !message.text.includes(message.link.url) ? message.link : null;
  const lines = [`*${slackEscape(message.title)}*`, "", text];
  if (link) lines.push("", `<${link.url}|${slackEscape(link.label)}>`);
  return lines.join("\n").slice(0, MAX_SLACK_TEXT);
}

const channelTarget = (slack: SlackConnection): FoundTarget[] =>
  slack.channelId ? [{ audience: "group", address: slack.channelId }] : [];

export const slackChannel = {
  id: "slack",

  async targets(ctx, request) {
    const slack = await slackConnection(ctx.db, ctx.config, request.organizationId);
    if (!slack) return [];
    switch (request.purpose) {
      case "digest":
        return channelTarget(slack);
      case "alert": {
        // The channel hears a count; who and why go to the Admins who want alerts at once, by DM.
        const targets = channelTarget(slack);
        if (!slack.alertDms) return targets;
        for (const admin of request.admins.filter((a) => a.mode === "immediately")) {
          const userId = await lookupUserByEmail(ctx.config, slack.token, admin.email);
          if (userId) targets.push({ audience: "person", address: userId, display: admin.email, key: admin.id });
        }
        return targets;
      }
      case "member":
        return slack.dmInvitations ? [{ audience: "person", address: request.email }] : [];
    }
  },

  async deliver(ctx, target, message, delivery) {
    const slack = await slackConnection(ctx.db, ctx.config, delivery.organizationId);
    if (!slack) {
      // A person still has their email (the fallback); a channel's post has nowhere else to go.
      if (target.audience === "person") return { status: "unreachable", reason: "Slack is no longer connected" };
      throw new PermanentDeliveryError("Slack is no longer connected");
    }
    try {
      let conversation = target.address;
      if (target.audience === "person" && target.address.includes("@")) {
        const userId = await lookupUserByEmail(ctx.config, slack.token, target.address);
        if (!userId) return { status: "unreachable", reason: "Slack has no member with this address" };
        conversation = userId;
      }
      await postMessage(ctx.config, slack.token, { channel: conversation, text: slackText(message) });
    } catch (error) {
      if (error instanceof SlackApiError && !error.transient) {
        throw new PermanentDeliveryError(`Slack refused it: ${error.code}`);
      }
      throw error;
    }
    const recipient =
      target.audience === "group"
        ? slack.channelId === target.address && slack.channelName
          ? `#${slack.channelName}`
          : target.address
        : (target.display ?? target.address);
    return { status: "delivered", recipient };
  },
} satisfies Channel;
