/**
 * The app's emails: each returns subject, HTML and a plain-text twin. Everything a person
 * typed is escaped; links are absolute URLs built by the Worker from BETTER_AUTH_URL.
 */
export type RenderedEmail = { subject: string; html: string; text: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

export function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  footnote?: string,
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Or paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : "";
  const foot = footnote ? `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">${footnote}</p>` : "";
  return `<!doctype html><html><body style="margin:0;background:#f4f4f7;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;padding:32px 16px"><div style="background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#4f46e5">Undertone</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${body}${button}${foot}
</div></div></body></html>`;
}

export function verificationEmail(input: { firstName: string; url: string }): RenderedEmail {
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const subject = "Welcome to Undertone — please verify your email";
  return {
    subject,
    html: layout(
      "Verify your email",
      [
        escapeHtml(greeting),
        "Thanks for signing up for Undertone. Confirm your email address to activate your account; you will then log in and set up your team.",
      ],
      { label: "Verify my email", url: input.url },
      "The link works for 24 hours. If you did not create an account, you can ignore this email.",
    ),
    text: `${greeting}

Thanks for signing up for Undertone. Confirm your email address to activate your account:

${input.url}

The link works for 24 hours. If you did not create an account, you can ignore this email.
`,
  };
}

export function magicLinkEmail(input: { url: string; minutes: number }): RenderedEmail {
  const subject = "Your Undertone login link";
  return {
    subject,
    html: layout(
      "Log in to Undertone",
      ["Use the button below to log in. The link can be used once."],
      { label: "Log in", url: input.url },
      `It expires in ${input.minutes} minutes. If you did not ask for it, you can ignore this email.`,
    ),
    text: `Log in to Undertone with this link (it can be used once):

${input.url}

It expires in ${input.minutes} minutes. If you did not ask for it, you can ignore this email.
`,
  };
}

/** "Forgot password?": a one-time link to choose a new password. */
export function passwordResetEmail(input: { url: string; minutes: number }): RenderedEmail {
  const subject = "Reset your Undertone password";
  const note = `The link works once, for ${input.minutes} minutes. Choosing a new password signs you out everywhere. If you did not ask for it, you can ignore this email: your password stays as it is.`;
  return {
    subject,
    html: layout(
      "Choose a new password",
      ["Someone (we hope you) asked to reset the password of your Undertone account."],
      { label: "Choose a new password", url: input.url },
      escapeHtml(note),
    ),
    text: `Someone (we hope you) asked to reset the password of your Undertone account. Choose a new one here:

${input.url}

${note}
`,
  };
}

/** An Admin invited a colleague to be an Admin of the same organization (Settings → Admins). */
export function adminInvitationEmail(input: {
  organizationName: string;
  inviterName: string;
  url: string;
  days: number;
}): RenderedEmail {
  const subject = `${input.inviterName} invited you to ${input.organizationName} on Undertone`;
  const note = `The invitation works once, for ${input.days} days. If you did not expect it, you can ignore this email.`;
  const lead = `${input.inviterName} invited you to be an Admin of ${input.organizationName} on Undertone, where sales leaders see how their team is really doing from short private check-ins.`;
  return {
    subject,
    html: layout(
      `Join ${input.organizationName} on Undertone`,
      [escapeHtml(lead), "Accept with your existing Undertone account, or create one with this email address."],
      { label: "Accept the invitation", url: input.url },
      escapeHtml(note),
    ),
    text: `${lead}

Accept with your existing Undertone account, or create one with this email address:

${input.url}

${note}
`,
  };
}

/** An operator added this person to an organization as an Admin (Bulk Invite Users). */
export function invitationEmail(input: {
  firstName: string;
  organizationName: string;
  url: string;
  minutes: number;
  loginUrl: string;
}): RenderedEmail {
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const subject = `You're invited to ${input.organizationName} on Undertone`;
  const later = `The link works once, for ${input.minutes} minutes. After that, go to ${input.loginUrl}, choose Magic Link and enter this email address.`;
  return {
    subject,
    html: layout(
      `Join ${input.organizationName} on Undertone`,
      [
        escapeHtml(greeting),
        `You now have an Admin account for <strong>${escapeHtml(input.organizationName)}</strong> on Undertone, where sales leaders see how their team is really doing: morale, quota confidence, burnout risk and blockers, from short private check-ins.`,
      ],
      { label: "Open my dashboard", url: input.url },
      escapeHtml(later),
    ),
    text: `${greeting}

You now have an Admin account for ${input.organizationName} on Undertone, where sales leaders see how their team is really doing: morale, quota confidence, burnout risk and blockers, from short private check-ins.

Open your dashboard:

${input.url}

${later}
`,
  };
}

/** Spec 1 §7 item 7 (notify-signup): tells the operators someone signed up. */
export function signupNotificationEmail(input: {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
}): RenderedEmail {
  const name = `${input.firstName} ${input.lastName}`.trim() || "(no name given)";
  const company = input.companyName || "(no company given)";
  return {
    subject: `New Undertone sign-up: ${name} (${company})`,
    html: layout("New sign-up", [
      `<strong>Name:</strong> ${escapeHtml(name)}`,
      `<strong>Email:</strong> ${escapeHtml(input.email)}`,
      `<strong>Company:</strong> ${escapeHtml(company)}`,
    ]),
    text: `New sign-up

Name: ${name}
Email: ${input.email}
Company: ${company}
`,
  };
}
