/** Slack mrkdwn treats &, < and > as control characters; names and themes are escaped. */
export const slackEscape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A plain-text email, as a Slack message: what an invitation or reminder says in a DM. */
export function slackFromEmail(subject: string, text: string): string {
  const body = slackEscape(text.trim()).replace(/(https?:\/\/\S+)/g, "<$1>");
  return `*${slackEscape(subject)}*\n\n${body}`.slice(0, 3000);
}
