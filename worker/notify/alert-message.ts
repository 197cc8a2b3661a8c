import { escapeHtml, layout } from "../email/templates";
import { plural } from "../shared/plural";
import type { Message } from "./channels/channel";

/**
 * The alert an Admin gets when a check-in crosses an urgent or high risk line: who, what
 * the numbers say in words a manager can act on, the themes they named, and a link to the
 * person's page. Built only from scores, categories and themes: never the salesperson's words.
 * A group conversation (a Slack channel) gets only how many alerts there are (`alertCountMessage`).
 */
export type AlertSignal = { category: string; priority: "urgent" | "high" };

export type AlertEmailInput = {
  personName: string;
  organizationName: string;
  signals: readonly AlertSignal[];
  scores: { morale: number; confidence: number; stress: number } | null;
  themes: readonly string[];
  personUrl: string;
};

type Reading = { headline: string; figure: string; action: string };

function reading(category: string, scores: AlertEmailInput["scores"]): Reading | null {
  switch (category) {
    case "burnout":
      return {
        headline: "burnout risk",
        figure: `Stress is ${scores?.stress ?? "high"}/100, in the burnout range.`,
        action:
          "Book a 1:1 this week about workload: what can come off their plate, and whether their targets still fit.",
      };
    case "low_morale":
      return {
        headline: "low morale",
        figure: `Morale is ${scores?.morale ?? "low"}/100, in the low-morale range.`,
        action: "Check in with them personally within a day or two and ask what would make next week better.",
      };
    case "low_confidence":
      return {
        headline: "low quota confidence",
        figure: `Quota confidence is ${scores?.confidence ?? "low"}/100: they doubt they will make their number.`,
        action: "Review their pipeline together and agree on the three deals to focus on first.",
      };
    default:
      return null;
  }
}

export function alertMessage(input: AlertEmailInput): Message {
  const readings = input.signals.map((s) => reading(s.category, input.scores)).filter((r): r is Reading => r !== null);
  const urgent = input.signals.some((s) => s.priority === "urgent");
  const level = urgent ? "Urgent" : "High";
  const headline = readings.map((r) => r.headline).join(", ") || "a risk alert";
  const subject = `${level}: ${input.personName} — ${headline}`;
  const themes = input.themes.length > 0 ? `Blockers they named: ${input.themes.slice(0, 5).join(", ")}.` : null;
  const intro = `${input.personName}'s latest check-in crossed ${readings.length > 1 ? "these lines" : "this line"}:`;
  const privacy = "Undertone never shares what they wrote: these are the check-in's scores and themes.";

  const list = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="border-collapse:collapse;margin:0 0 16px">${readings
    .map(
      (r) =>
        `<tr><td style="padding:10px 12px;border-left:4px solid ${urgent ? "#dc2626" : "#d97706"};background:#fef2f2;font-size:15px;line-height:1.5"><strong style="text-transform:capitalize">${escapeHtml(r.headline)}</strong><br>${escapeHtml(r.figure)}<br><span style="color:#374151">Suggested: ${escapeHtml(r.action)}</span></td></tr><tr><td style="height:8px;font-size:0;line-height:0">&nbsp;</td></tr>`,
    )
    .join("")}</table>`;

  const html = layout(
    `${level} alert: ${input.personName}`,
    [escapeHtml(intro), list, ...(themes ? [escapeHtml(themes)] : [])],
    { label: `Open ${input.personName}'s page`, url: input.personUrl },
    escapeHtml(
      `${privacy} You get these because you are an admin of ${input.organizationName}; change it in Settings.`,
    ),
  );
  const text = `${level} alert: ${input.personName}

${intro}

${readings.map((r) => `- ${capitalize(r.headline)}. ${r.figure}\n  Suggested: ${r.action}`).join("\n")}
${themes ? `\n${themes}\n` : ""}
Open ${input.personName}'s page: ${input.personUrl}

${privacy} You get these because you are an admin of ${input.organizationName}; change it in Settings.
`;
  return { title: subject, text, html, link: { label: `Open ${input.personName}'s page`, url: input.personUrl } };
}

/**
 * What a channel hears: how many alerts, where, and the way to the dashboard — no name, no
 * score, no category, no theme (issue 22 item 4): "1 urgent alert in Northwind Sales — open
 * the dashboard". Who it is and why goes to the Admins only, by email or DM.
 */
export function alertCountMessage(input: {
  organizationName: string;
  signals: readonly AlertSignal[];
  dashboardUrl: string;
}): Message {
  const total = input.signals.length;
  const urgent = input.signals.filter((s) => s.priority === "urgent").length;
  const alerts = plural(total, "alert");
  // "1 urgent alert in …", "2 high alerts in …", "2 alerts in … (1 urgent, 1 high)".
  const line =
    urgent === total || urgent === 0
      ? `${total} ${urgent > 0 ? "urgent" : "high"} ${alerts} in ${input.organizationName}`
      : `${total} ${alerts} in ${input.organizationName} (${urgent} urgent, ${total - urgent} high)`;
  return {
    title: "Undertone alert",
    text: `${line} — open the dashboard`,
    link: { label: "Open the dashboard", url: input.dashboardUrl },
  };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
