import type { TopicId } from "../language/themes";
import { plural } from "../shared/plural";
import type { Reading } from "./reading";

/**
 * Why an alert fired, in themes and figures a manager can act on (issue 14 item 5): which
 * kinds of strain, doubt or disengagement the answers showed and how many signs there were.
 * Fixed labels only, never the salesperson's words (the page promises managers see themes).
 */
export type AlertReasons = { burnout: string[]; low_morale: string[]; low_confidence: string[] };

export const STRAIN_THEMES: Partial<Record<TopicId, string>> = {
  workload: "long hours",
  energy: "exhaustion or poor sleep",
  rest: "no real time off",
  stress: "pressure",
  capacity: "covering for missing people",
};
export const MORALE_THEMES: Partial<Record<TopicId, string>> = {
  career: "doubts about their future here",
  motivation: "lost motivation",
  manager: "friction with their manager",
  team: "friction in the team",
  comp: "compensation",
  territory: "a territory change",
};
export const DOUBT_THEMES: Partial<Record<TopicId, string>> = {
  quota: "the number",
  pipeline: "a thin pipeline",
  deals: "deals slipping",
  leads: "lead flow",
  competition: "competition",
};

function themesIn(readings: readonly Reading[], labels: Partial<Record<TopicId, string>>): string[] {
  const found = readings.flatMap((r) => r.concerns.flatMap((topic) => labels[topic] ?? []));
  return [...new Set(found)];
}

export function alertReasonsOf(readings: readonly Reading[]): AlertReasons {
  const strain = readings.reduce((sum, r) => sum + r.strain, 0);
  const signs = Math.round(strain);
  const strained = readings.filter((r) => r.strain > 0).length;
  const leaving = readings.filter((r) => r.signals.includes("flight_risk")).length;
  const disengaged = readings.filter((r) => r.signals.includes("disengaged")).length;
  const doubts = readings.filter((r) => r.signals.includes("confidence_low")).length;
  return {
    burnout: [
      ...themesIn(readings, STRAIN_THEMES),
      ...(strain > 0
        ? [`${signs} ${plural(signs, "sign")} of strain in ${strained} ${plural(strained, "answer")}`]
        : []),
    ],
    low_morale: [
      ...(leaving > 0 ? ["signs they may leave"] : []),
      ...(disengaged > 0 ? [`signs of disengagement in ${disengaged} ${plural(disengaged, "answer")}`] : []),
      ...themesIn(readings, MORALE_THEMES),
    ],
    low_confidence: [
      ...themesIn(readings, DOUBT_THEMES),
      ...(doubts > 0 ? [`doubt about the number in ${doubts} ${plural(doubts, "answer")}`] : []),
    ],
  };
}
