import { escapeHtml, layout, type RenderedEmail } from "../email/templates";
import { plural } from "../shared/plural";

/** The Free Trial's reminder (7, 3 and 1 days before its end) and its "trial ended" notice. */
export function trialReminderEmail(input: {
  organizationName: string;
  days: number;
  endsAt: number;
  upgradeUrl: string;
}): RenderedEmail {
  const when = new Date(input.endsAt).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, "");
  const left = `${input.days} ${plural(input.days, "day")}`;
  const subject = `Your Undertone free trial ends in ${left}`;
  const lines = [
    `The free trial of ${input.organizationName} ends in ${left} (${when}).`,
    "After that, scheduled check-ins pause and new check-ins can't be sent until you upgrade to the Pro plan. Everything your team has shared so far stays readable.",
  ];
  return {
    subject,
    html: layout(
      subject,
      lines.map(escapeHtml),
      { label: "Upgrade to Pro", url: input.upgradeUrl },
      "You get this reminder 7, 3 and 1 days before the end of the trial.",
    ),
    text: `${lines.join("\n\n")}\n\nUpgrade to Pro: ${input.upgradeUrl}\n`,
  };
}

export function trialEndedEmail(input: { organizationName: string; upgradeUrl: string }): RenderedEmail {
  const subject = "Your Undertone free trial has ended";
  const lines = [
    `The free trial of ${input.organizationName} has ended.`,
    "Scheduled check-ins are paused and new check-ins can't be sent. Your team's history stays readable, and upgrading to the Pro plan resumes your schedule as it was.",
  ];
  return {
    subject,
    html: layout(subject, lines.map(escapeHtml), { label: "Upgrade to Pro", url: input.upgradeUrl }),
    text: `${lines.join("\n\n")}\n\nUpgrade to Pro: ${input.upgradeUrl}\n`,
  };
}
