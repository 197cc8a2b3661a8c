import { escapeHtml, layout, type RenderedEmail } from "../email/templates";

/**
 * The check-in invitation and its reminders. They promise what the product keeps: the
 * manager sees scores and themes, never the conversation.
 */
export type CheckInEmailInput = {
  firstName: string;
  organizationName: string;
  /** Absolute link with the token. */
  url: string;
  durationMinutes: number;
  expiresAt: Date;
};

const PRIVACY =
  "It's private: your manager sees overall scores and themes from your team's check-ins, never what you write.";

/**
 * Made once: `toLocaleString` with these options builds a formatter on every call, ~3 ms of
 * CPU in workerd, twice per email (a 10,000-member Monday spent 14 s of its 109 s on it).
 */
const UNTIL = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

function until(date: Date): string {
  return UNTIL.format(date);
}

export function checkInInviteEmail(input: CheckInEmailInput): RenderedEmail {
  const subject = `${input.organizationName}: your ${input.durationMinutes}-minute check-in is ready`;
  const intro = `${input.organizationName} uses Undertone for short, private check-ins about how work is going. Yours takes about ${input.durationMinutes} minutes: a conversation with an AI assistant, on your phone or computer.`;
  return {
    subject,
    html: layout(
      "Your check-in is ready",
      [escapeHtml(`Hi ${input.firstName},`), escapeHtml(intro), escapeHtml(PRIVACY)],
      { label: "Start my check-in", url: input.url },
      escapeHtml(`The link is yours alone and works until ${until(input.expiresAt)}.`),
    ),
    text: `Hi ${input.firstName},

${intro}

${PRIVACY}

Start your check-in: ${input.url}

The link is yours alone and works until ${until(input.expiresAt)}.
`,
  };
}

export function checkInReminderEmail(input: CheckInEmailInput): RenderedEmail {
  const subject = `Reminder: your ${input.organizationName} check-in is waiting`;
  const intro = `Your check-in is still open. It takes about ${input.durationMinutes} minutes, and your answers help your team get the right support at the right time.`;
  return {
    subject,
    html: layout(
      "Your check-in is waiting",
      [escapeHtml(`Hi ${input.firstName},`), escapeHtml(intro), escapeHtml(PRIVACY)],
      { label: "Start my check-in", url: input.url },
      escapeHtml(`The link works until ${until(input.expiresAt)}.`),
    ),
    text: `Hi ${input.firstName},

${intro}

${PRIVACY}

Start your check-in: ${input.url}

The link works until ${until(input.expiresAt)}.
`,
  };
}
