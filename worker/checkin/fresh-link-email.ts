import { escapeHtml, layout, type RenderedEmail } from "../email/templates";

/**
 * The email a salesperson asks for when their check-in is open on another device (they
 * switched phones, cleared cookies, or someone else started it first). Its link moves the
 * chat to the browser that opens it and clicks "Continue my check-in here", once, within 30
 * minutes (opening it alone moves nothing: a mail scanner may open it first).
 */
export function freshLinkEmail(input: { firstName: string; organizationName: string; url: string }): RenderedEmail {
  const intro = `You asked for a fresh link to your ${input.organizationName} check-in. Open it on the device you want to use and choose "Continue my check-in here": the check-in moves there, and the device that had it can no longer see it.`;
  const note = "The link works once, for 30 minutes. If you didn't ask for it, you can ignore this email.";
  return {
    subject: `Your fresh ${input.organizationName} check-in link`,
    html: layout(
      "Continue your check-in here",
      [escapeHtml(`Hi ${input.firstName},`), escapeHtml(intro)],
      { label: "Continue my check-in", url: input.url },
      escapeHtml(note),
    ),
    text: `Hi ${input.firstName},

${intro}

Continue your check-in: ${input.url}

${note}
`,
  };
}
