import { escapeHtml, layout, type RenderedEmail } from "../email/templates";

/**
 * The email every move of a chat sends to the check-in's stored address (issue 22 item 3):
 * the check-in moved to a new device, and if that was not the member, "This wasn't me"
 * closes it on both devices and alerts the operator. Its link opens a page that asks first
 * (a mail scanner that opens it changes nothing).
 */
export function movedEmail(input: {
  firstName: string;
  organizationName: string;
  movedAt: number;
  notMeUrl: string;
}): RenderedEmail {
  const when = new Date(input.movedAt).toISOString().slice(0, 16).replace("T", " ");
  const intro = `Your ${input.organizationName} check-in moved to a new device at ${when} UTC, using a fresh link sent to this address. The earlier messages stay on the device it moved from unless that device chooses to show them.`;
  const ifYou = "If that was you, there is nothing to do.";
  const ifNot =
    "If it wasn't you, close the check-in: neither device can continue it, and we alert the people who run Undertone.";
  return {
    subject: `Your ${input.organizationName} check-in moved to a new device`,
    html: layout(
      "Your check-in moved to a new device",
      [escapeHtml(`Hi ${input.firstName},`), escapeHtml(intro), escapeHtml(ifYou), escapeHtml(ifNot)],
      { label: "This wasn't me", url: input.notMeUrl },
      escapeHtml("The link works for 7 days and asks you to confirm before anything is closed."),
    ),
    text: `Hi ${input.firstName},

${intro}

${ifYou}

${ifNot}

This wasn't me: ${input.notMeUrl}

The link works for 7 days and asks you to confirm before anything is closed.
`,
  };
}
