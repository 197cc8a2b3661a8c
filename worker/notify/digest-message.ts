import { escapeHtml } from "../email/templates";
import type { AlertItem, BlockerTheme, CoachingAction, Participation, PillarCard } from "../shared/insights";
import { answeredPercent, checkInsAnsweredText, peopleThisWeekText } from "../shared/participation-text";
import { PILLAR_LABELS } from "../shared/pillars";
import { plural } from "../shared/plural";
import { formatDate } from "../shared/time";
import type { Message } from "./channels/channel";

/**
 * The Monday digest. For an Admin, an email that renders in common clients: one 600-px
 * table, every style inline, no web fonts, no images, no CSS classes; and a plain-text twin.
 * Figures, themes and coaching actions only — never a salesperson's words. For a channel,
 * the team's figures alone, without names (`digestChannelMessage`).
 */
export type DigestInput = {
  organizationName: string;
  weekOf: string;
  participation: Participation;
  /** The weeks the participation counts cover (the insights' range). */
  participationWeeks: number;
  pillars: readonly PillarCard[];
  newAlerts: readonly AlertItem[];
  openAlerts: readonly AlertItem[];
  blockers: readonly BlockerTheme[];
  coaching: readonly CoachingAction[];
  dashboardUrl: string;
  personUrl: (memberId: string) => string;
};

const FONT = "font-family:Arial,Helvetica,sans-serif";
const MUTED = "color:#6b7280";

function change(card: PillarCard): { text: string; color: string } {
  if (card.change === null) return { text: "no change data", color: "#6b7280" };
  if (card.change === 0) return { text: "no change", color: "#6b7280" };
  const up = card.change > 0;
  const better = up !== card.lowerIsBetter;
  const amount = card.changeUnit === "percent" ? `${Math.abs(card.change)}%` : String(Math.abs(card.change));
  return { text: `${up ? "▲" : "▼"} ${amount} vs last week`, color: better ? "#15803d" : "#b91c1c" };
}

// The same words as the Overview's Participation card: the percent is a share of check-ins.
const participationText = (p: Participation, weeks: number) =>
  `Check-ins answered: ${answeredPercent(p)} (${checkInsAnsweredText(p, weeks)}). ${peopleThisWeekText(p)}.`;
const personName = (a: AlertItem) => (a.teamMember ? `${a.teamMember.firstName} ${a.teamMember.lastName}` : "Someone");

function section(title: string, body: string) {
  return `<tr><td style="padding:20px 32px 0;${FONT}"><h2 style="margin:0 0 10px;font-size:16px;color:#111827">${escapeHtml(title)}</h2>${body}</td></tr>`;
}

function alertRows(alerts: readonly AlertItem[], input: DigestInput) {
  if (alerts.length === 0) return `<p style="margin:0;font-size:14px;${MUTED}">None.</p>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse">${alerts
    .map((a) => {
      const url = a.teamMember ? input.personUrl(a.teamMember.id) : input.dashboardUrl;
      const dot = a.priority === "urgent" || a.priority === "high" ? "#dc2626" : "#d97706";
      return `<tr><td style="padding:6px 0;border-bottom:1px solid #e5e7eb;font-size:14px;${FONT}"><span style="color:${dot};font-weight:bold">${escapeHtml(a.priority)}</span> · <a href="${escapeHtml(url)}" style="color:#4f46e5">${escapeHtml(personName(a))}</a> — ${escapeHtml(a.message)}</td></tr>`;
    })
    .join("")}</table>`;
}

export type DigestEmail = { subject: string; html: string; text: string };

export function digestContent(input: DigestInput): DigestEmail {
  const weekOf = formatDate(input.weekOf);
  const subject = `${input.organizationName}: your weekly Undertone digest (week of ${weekOf})`;
  const scores = input.pillars.filter((p) => p.pillar !== "blockers");
  const p = input.participation;
  const participationLine = participationText(p, input.participationWeeks);

  const numbers = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse">${scores
    .map((card) => {
      const c = change(card);
      return `<tr><td style="padding:6px 0;border-bottom:1px solid #e5e7eb;font-size:14px;${FONT}">${escapeHtml(PILLAR_LABELS[card.pillar])}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #e5e7eb;font-size:16px;font-weight:bold;${FONT}">${card.value ?? "—"}</td><td align="right" width="150" style="padding:6px 0 6px 12px;border-bottom:1px solid #e5e7eb;font-size:13px;color:${c.color};${FONT}">${escapeHtml(c.text)}</td></tr>`;
    })
    .join("")}</table>`;
  const blockers =
    input.blockers.length === 0
      ? `<p style="margin:0;font-size:14px;${MUTED}">No blockers reported.</p>`
      : `<ol style="margin:0;padding-left:20px;font-size:14px;line-height:1.6">${input.blockers
          .slice(0, 5)
          .map(
            (b) =>
              `<li>${escapeHtml(b.theme)} — ${b.count} ${plural(b.count, "mention")}, ${b.people} ${plural(b.people, "person", "people")}</li>`,
          )
          .join("")}</ol>`;
  const coaching =
    input.coaching.length === 0
      ? `<p style="margin:0;font-size:14px;${MUTED}">Nothing to act on this week.</p>`
      : `<ol style="margin:0;padding-left:20px;font-size:14px;line-height:1.6">${input.coaching
          .slice(0, 3)
          .map(
            (a) =>
              `<li><strong>${escapeHtml(a.title)}</strong><br><span style="${MUTED}">${escapeHtml(a.detail)}</span></li>`,
          )
          .join("")}</ol>`;

  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f7"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;max-width:100%;background:#ffffff;border-radius:8px;color:#111827">
<tr><td style="padding:28px 32px 0;${FONT}"><p style="margin:0;font-size:18px;font-weight:bold;color:#4f46e5">Undertone</p><h1 style="margin:12px 0 4px;font-size:22px">Weekly digest — ${escapeHtml(input.organizationName)}</h1><p style="margin:0;font-size:14px;${MUTED}">Week of ${escapeHtml(weekOf)}</p></td></tr>
${section("Participation", `<p style="margin:0;font-size:14px;line-height:1.5">${escapeHtml(participationLine)}</p>`)}
${section("The five numbers", numbers)}
${section(`New alerts (${input.newAlerts.length})`, alertRows(input.newAlerts, input))}
${section(`Still open (${input.openAlerts.length})`, alertRows(input.openAlerts, input))}
${section("Top blockers", blockers)}
${section("Top coaching actions", coaching)}
<tr><td style="padding:24px 32px 28px;${FONT}"><a href="${escapeHtml(input.dashboardUrl)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;font-size:14px">Open the dashboard</a><p style="margin:16px 0 0;font-size:12px;${MUTED}">Scores, themes and alerts only: what people wrote stays private. Change what you receive in Settings.</p></td></tr>
</table></td></tr></table></body></html>`;

  const lines = (alerts: readonly AlertItem[]) =>
    alerts.length === 0 ? "None." : alerts.map((a) => `- [${a.priority}] ${a.message}`).join("\n");
  const text = `Weekly digest — ${input.organizationName}
Week of ${weekOf}

PARTICIPATION
${participationLine}

THE FIVE NUMBERS
${scores.map((c) => `- ${PILLAR_LABELS[c.pillar]}: ${c.value ?? "—"} (${change(c).text})`).join("\n")}

NEW ALERTS (${input.newAlerts.length})
${lines(input.newAlerts)}

STILL OPEN (${input.openAlerts.length})
${lines(input.openAlerts)}

TOP BLOCKERS
${
  input.blockers.length === 0
    ? "No blockers reported."
    : input.blockers
        .slice(0, 5)
        .map((b, i) => `${i + 1}. ${b.theme} — ${b.count} mentions, ${b.people} people`)
        .join("\n")
}

TOP COACHING ACTIONS
${
  input.coaching.length === 0
    ? "Nothing to act on this week."
    : input.coaching
        .slice(0, 3)
        .map((a, i) => `${i + 1}. ${a.title} — ${a.detail}`)
        .join("\n")
}

Open the dashboard: ${input.dashboardUrl}

Scores, themes and alerts only: what people wrote stays private. Change what you receive in Settings.
`;
  return { subject, html, text };
}

export function digestMessage(input: DigestInput): Message {
  const email = digestContent(input);
  return {
    title: email.subject,
    text: email.text,
    html: email.html,
    link: { label: "Open the dashboard", url: input.dashboardUrl },
  };
}

/**
 * Below this many people answering in the week, the team's figures are nearly someone's
 * own: a channel then hears that the digest is out, not the numbers or the themes.
 */
export const MIN_PEOPLE_FOR_CHANNEL_FIGURES = 3;

/** The digest as a channel hears it: team figures, alert counts, blocker themes; no names, no one's own score. */
export function digestChannelMessage(input: DigestInput): Message {
  const p = input.participation;
  const lines = [participationText(p, input.participationWeeks)];
  if (p.membersThisWeek >= MIN_PEOPLE_FOR_CHANNEL_FIGURES) {
    const scores = input.pillars.filter((card) => card.pillar !== "blockers");
    lines.push(...scores.map((c) => `- ${PILLAR_LABELS[c.pillar]}: ${c.value ?? "—"} (${change(c).text})`));
    const themes = input.blockers.slice(0, 3).map((b) => b.theme);
    if (themes.length > 0) lines.push(`Top blockers: ${themes.join(", ")}.`);
  } else {
    lines.push("Too few people answered this week to share the team's figures here.");
  }
  lines.push(`Alerts: ${input.newAlerts.length} new, ${input.openAlerts.length} still open.`);
  return {
    title: `Weekly digest — ${input.organizationName} (week of ${formatDate(input.weekOf)})`,
    text: lines.join("\n"),
    link: { label: "Open the dashboard", url: input.dashboardUrl },
  };
}
