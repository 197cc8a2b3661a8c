import type {
  AlertItem,
  BlockerTheme,
  CoachingAction,
  CoachingPriority,
  Participation,
  PersonRow,
  PillarCard,
} from "../shared/insights";
import type { Pillar } from "../shared/pillars";
import { plural } from "../shared/plural";
import { RISK_RULES, SALES_STRENGTH_BANDS } from "./compute";

/**
 * Coaching actions: concrete things a manager can do this week, derived by rules from the
 * scores, blockers and alerts (never from a transcript). Each rule names the people and
 * figures behind it, so the manager sees why. An LLM, when configured, may rephrase and
 * deepen them (worker/insights/ai-coaching.ts); these stand alone without one.
 *
 * | rule                 | fires when                                                     | priority |
 * | reach out            | an open reach_out alert                                        | high     |
 * | workload 1:1         | latest stress ≥ 70 or an open burnout alert                    | high     |
 * | morale check-in      | latest morale < 35 or an open low_morale alert                 | high     |
 * | top blocker          | a theme reported ≥ 2 times in the range                        | medium (high when ≥ 3 people and rising) |
 * | team pressure        | team stress ≥ 60, or up ≥ 10 % week over week                  | medium   |
 * | morale dip           | team morale down ≥ 10 % week over week                         | medium   |
 * | pipeline review      | people with quota confidence < 40 (or the team < 55)           | medium   |
 * | participation        | under 60 % of closed check-ins answered (≥ 3 closed)           | medium   |
 * | pair for skills      | people with sales strength < 60 and a colleague ≥ 75           | low      |
 * | keep the rhythm      | nothing above fired and there is data                          | low      |
 *
 * Over 300 lines: the rule table above and each rule's playbook text are data; the
 * logic is one short function per rule.
 */

/** What the rules read of a person. */
export type CoachingPerson = Pick<PersonRow, "id" | "firstName" | "lastName" | "status" | "latest" | "previousStress">;

/**
 * How many active people each counted rule has in all, when `people` holds only the first of
 * each rule (worker/insights/people.ts reads each rule's first 20, never the whole team):
 * stress ≥ 70, quota confidence < 40, sales strength < 60; and whether anyone has a check-in.
 */
export type CoachingTotals = { highStress: number; lowConfidence: number; developing: number; hasData: boolean };

export type CoachingInput = {
  rangeWeeks: number;
  pillars: readonly PillarCard[];
  /** In the dashboard's order (the ones who need you first). */
  people: readonly CoachingPerson[];
  blockers: readonly BlockerTheme[];
  alerts: readonly AlertItem[];
  participation: Pick<Participation, "rate" | "completed" | "expired">;
  totals?: CoachingTotals;
};

/** What to do about a blocker theme (issue 4's themes; anything else gets the generic step). */
export const BLOCKER_PLAYBOOK: Record<string, string> = {
  "CRM admin":
    "Ask sales ops which CRM fields can be auto-filled or dropped, and aim to give each rep an hour a week back.",
  "Pricing approvals":
    "Agree a pre-approved discount band with finance so reps can quote inside it on the call instead of waiting days.",
  "Lead quality": "Review last month's inbound leads with marketing and tighten the qualification criteria together.",
  "Product gaps":
    "Collect the deals lost or stalled on missing features and take them to product with the revenue at stake.",
  "Territory changes":
    "Explain the reasoning behind the territory changes and protect commission on deals already in flight.",
  "Tools and systems": "List the tools that slow the team down and fix or replace the worst one first.",
  "Internal processes": "Map the one handoff that causes the most friction and cut a step from it this month.",
  "Enablement and training": "Run a focused enablement session on the topic the team asks about most.",
  "Manager support": "Put a recurring 1:1 in every rep's calendar and protect it, even in a busy week.",
  Compensation: "Walk the team through the comp plan with worked examples: an unclear plan feels like an unfair one.",
  Competition:
    "Share a one-page battle card for the competitor named most, and role-play the objection in a team call.",
};
const GENERIC_BLOCKER_STEP =
  "Ask the people who raised it what a fix would look like, and report back on progress next week.";

const PRIORITY_ORDER: Record<CoachingPriority, number> = { high: 0, medium: 1, low: 2 };
const name = (person: Pick<PersonRow, "firstName" | "lastName">) => `${person.firstName} ${person.lastName}`.trim();
const first = (person: Pick<PersonRow, "firstName">) => person.firstName;

/** "Ana", "Ana and Ben", "Ana, Ben and 3 others": `total` people, the first of them named in `names`. */
export function listNames(names: readonly string[], max = 2, total = names.length): string {
  if (total === 0 || names.length === 0) return "";
  if (total === 1) return names[0] ?? "";
  if (total <= max && total <= names.length) return `${names.slice(0, total - 1).join(", ")} and ${names[total - 1]}`;
  const named = names.slice(0, Math.min(max, total - 1));
  const rest = total - named.length;
  return `${named.join(", ")} and ${rest} ${plural(rest, "other")}`;
}

function action(
  id: string,
  priority: CoachingPriority,
  pillar: Pillar | null,
  title: string,
  detail: string,
  teamMemberIds: string[] = [],
): CoachingAction {
  return { id, priority, pillar, title, detail, teamMemberIds, source: "rules" };
}

const card = (pillars: readonly PillarCard[], pillar: Pillar) => pillars.find((c) => c.pillar === pillar);
const changeNote = (change: number | null) =>
  change === null || change === 0 ? "" : ` (${change > 0 ? "+" : ""}${change}% from last week)`;

export function coachingActions(input: CoachingInput, limit = 6): CoachingAction[] {
  const actions: CoachingAction[] = [];
  const active = input.people.filter((person) => person.status === "active");
  const openBy = new Map<string, AlertItem[]>();
  for (const alert of input.alerts) {
    if (alert.status === "resolved" || !alert.teamMember) continue;
    const list = openBy.get(alert.teamMember.id) ?? [];
    list.push(alert);
    openBy.set(alert.teamMember.id, list);
  }
  const hasOpen = (person: CoachingPerson, category: string) =>
    (openBy.get(person.id) ?? []).some((alert) => alert.category === category);

  for (const person of active.filter((p) => hasOpen(p, "reach_out"))) {
    actions.push(
      action(
        `reach-out:${person.id}`,
        "high",
        "morale",
        `Reach out to ${name(person)} — they asked you to`,
        `${first(person)} ticked "I'd like my manager to reach out" after their check-in. A short private conversation this week shows them it was worth asking.`,
        [person.id],
      ),
    );
  }

  const burnout = active
    .filter((p) => (p.latest && p.latest.stress >= RISK_RULES.highStress) || hasOpen(p, "burnout"))
    .sort((a, b) => (b.latest?.stress ?? 0) - (a.latest?.stress ?? 0));
  for (const person of burnout.slice(0, 3)) {
    const stress = person.latest?.stress;
    const before = person.previousStress ?? undefined;
    const figure =
      stress === undefined
        ? "An open burnout alert."
        : `Stress ${stress}/100${before !== undefined && before !== stress ? `, ${stress > before ? "up" : "down"} from ${before}` : ""}.`;
    actions.push(
      action(
        `burnout:${person.id}`,
        "high",
        "burnout_risks",
        `Book a 1:1 with ${name(person)} about workload`,
        `${figure} Ask what is taking the most energy, agree one thing to take off their plate this week, and check in again in 7 days.`,
        [person.id],
      ),
    );
  }
  // Everyone over the stress line (counted), plus those here only by an open burnout alert.
  const burnoutTotal = input.totals
    ? input.totals.highStress + burnout.filter((p) => !(p.latest && p.latest.stress >= RISK_RULES.highStress)).length
    : burnout.length;
  if (burnoutTotal > 3) {
    actions.push(
      action(
        "burnout:more",
        "high",
        "burnout_risks",
        `${burnoutTotal - 3} more people show burnout risk`,
        `${listNames(burnout.slice(3).map(name), 3, burnoutTotal - 3)} also report high stress. Look at workload across the team, not person by person.`,
        burnout.slice(3).map((p) => p.id),
      ),
    );
  }

  const lowMorale = active.filter(
    (p) => !burnout.includes(p) && ((p.latest && p.latest.morale < RISK_RULES.lowMorale) || hasOpen(p, "low_morale")),
  );
  for (const person of lowMorale.slice(0, 3)) {
    const morale = person.latest?.morale;
    actions.push(
      action(
        `morale:${person.id}`,
        "high",
        "morale",
        `Check in with ${name(person)} on how things are going`,
        `${morale === undefined ? "An open low-morale alert." : `Morale ${morale}/100.`} Start with a recent win you noticed, then ask what would make next week better — and act on one thing they say.`,
        [person.id],
      ),
    );
  }

  const [topBlocker] = input.blockers;
  if (topBlocker && topBlocker.count >= 2) {
    const rising = topBlocker.thisWeek > topBlocker.lastWeek;
    actions.push(
      action(
        `blocker:${topBlocker.theme}`,
        topBlocker.people >= 3 && rising ? "high" : "medium",
        "blockers",
        `Remove the top blocker: ${topBlocker.theme}`,
        `${topBlocker.count} reports from ${topBlocker.people} ${topBlocker.people === 1 ? "person" : "people"} in the last ${input.rangeWeeks} weeks${rising ? ", more this week than last" : ""}. ${BLOCKER_PLAYBOOK[topBlocker.theme] ?? GENERIC_BLOCKER_STEP}`,
      ),
    );
  }

  const stress = card(input.pillars, "burnout_risks");
  if (stress?.value != null && (stress.value >= 60 || (stress.change ?? 0) >= 10)) {
    actions.push(
      action(
        "team:stress",
        "medium",
        "burnout_risks",
        "Take pressure off the whole team",
        `Team stress is ${stress.value}/100${changeNote(stress.change)}. Cancel one recurring meeting or admin task this week, and tell the team why.`,
      ),
    );
  }

  const morale = card(input.pillars, "morale");
  if (morale?.value != null && morale.change !== null && morale.change <= -10) {
    actions.push(
      action(
        "team:morale",
        "medium",
        "morale",
        `Morale fell ${Math.abs(morale.change)}% this week — name it`,
        `Team morale is ${morale.value}/100, down from ${morale.previous}. Acknowledge the hard week in your team meeting and celebrate one concrete win by name.`,
      ),
    );
  }

  const lowConfidence = active
    .filter((p) => p.latest && p.latest.confidence < 40)
    .sort((a, b) => (a.latest?.confidence ?? 0) - (b.latest?.confidence ?? 0));
  const confidence = card(input.pillars, "quota_confidence");
  const lowConfidenceTotal = input.totals?.lowConfidence ?? lowConfidence.length;
  if (lowConfidence.length > 0) {
    actions.push(
      action(
        "pipeline:people",
        "medium",
        "quota_confidence",
        `Review pipeline with ${listNames(lowConfidence.map(first), 2, lowConfidenceTotal)}`,
        `Quota confidence ${listNames(
          lowConfidence.map((p) => `${first(p)} ${p.latest?.confidence}`),
          3,
          lowConfidenceTotal,
        )}. A 30-minute deal review that finds the two or three opportunities most likely to close rebuilds confidence faster than a pep talk.`,
        lowConfidence.map((p) => p.id),
      ),
    );
  } else if (confidence?.value != null && (confidence.value < 55 || (confidence.change ?? 0) <= -10)) {
    actions.push(
      action(
        "pipeline:team",
        "medium",
        "quota_confidence",
        "Rebuild the team's confidence in the number",
        `The quota confidence index is ${confidence.value}${changeNote(confidence.change)}. Walk through the forecast together and agree which deals get extra help this week.`,
      ),
    );
  }

  const closed = input.participation.completed + input.participation.expired;
  if (input.participation.rate !== null && closed >= 3 && input.participation.rate < 60) {
    actions.push(
      action(
        "participation",
        "medium",
        null,
        "Get more of the team answering",
        `Only ${input.participation.rate}% of check-ins were answered in the last ${input.rangeWeeks} weeks. Tell the team one thing that changed because of their answers: it is the best reason to keep answering.`,
      ),
    );
  }

  const mentors = active
    .filter((p) => p.latest && p.latest.salesStrength >= SALES_STRENGTH_BANDS.strong)
    .sort((a, b) => (b.latest?.salesStrength ?? 0) - (a.latest?.salesStrength ?? 0));
  const developing = active
    .filter((p) => p.latest && p.latest.salesStrength < SALES_STRENGTH_BANDS.solid)
    .sort((a, b) => (a.latest?.salesStrength ?? 0) - (b.latest?.salesStrength ?? 0));
  const [mentor] = mentors;
  if (mentor && developing.length > 0) {
    const mentee = developing[0] as CoachingPerson;
    actions.push(
      action(
        `pairing:${mentee.id}`,
        "low",
        "sales_strength",
        `Pair ${listNames(developing.map(first), 2, input.totals?.developing ?? developing.length)} with ${first(mentor)} for call reviews`,
        `Sales strength ${mentee.latest?.salesStrength} for ${first(mentee)} against ${mentor.latest?.salesStrength} for ${first(mentor)}. Two shadowed calls a week spread what already works on your own team.`,
        developing.map((p) => p.id),
      ),
    );
  }

  const hasData = input.totals?.hasData ?? input.people.some((person) => person.latest);
  if (actions.length === 0 && hasData) {
    actions.push(
      action(
        "rhythm",
        "low",
        null,
        "Keep the rhythm",
        "Scores are steady and nobody is at risk. Recognise one win publicly this week, and keep check-ins going so a change shows early.",
      ),
    );
  }

  return actions
    .map((item, index) => ({ item, index }))
    .sort((a, b) => PRIORITY_ORDER[a.item.priority] - PRIORITY_ORDER[b.item.priority] || a.index - b.index)
    .slice(0, limit)
    .map(({ item }) => item);
}

/**
 * The person view: the team's actions that name this person, plus one for the blocker
 * they raised most, or a word of encouragement when all is well.
 */
export function coachingForPerson(
  team: CoachingInput,
  person: PersonRow,
  themes: readonly BlockerTheme[],
  limit = 4,
): CoachingAction[] {
  const mine = coachingActions(team, Number.POSITIVE_INFINITY).filter((item) => item.teamMemberIds.includes(person.id));
  const [theme] = themes;
  if (theme) {
    mine.push(
      action(
        `blocker:${person.id}:${theme.theme}`,
        "medium",
        "blockers",
        `Unblock ${first(person)}: ${theme.theme}`,
        `${first(person)} raised it ${theme.count === 1 ? "once" : `${theme.count} times`} in the last ${team.rangeWeeks} weeks. ${BLOCKER_PLAYBOOK[theme.theme] ?? GENERIC_BLOCKER_STEP}`,
        [person.id],
      ),
    );
  }
  if (mine.length === 0 && person.latest) {
    mine.push(
      action(
        `rhythm:${person.id}`,
        "low",
        null,
        `Tell ${first(person)} what is going well`,
        `${first(person)}'s latest check-in shows no risk. Name one specific thing they did well this week: recognition keeps good weeks coming.`,
        [person.id],
      ),
    );
  }
  return mine
    .map((item, index) => ({ item, index }))
    .sort((a, b) => PRIORITY_ORDER[a.item.priority] - PRIORITY_ORDER[b.item.priority] || a.index - b.index)
    .slice(0, limit)
    .map(({ item }) => item);
}
