import { type AlertPriority, type AlertType, alertPriorityForType } from "../shared/domain";
import type { DimensionScores } from "../shared/pillars";
import type { AlertReasons } from "./alert-reasons";

/**
 * Risk lines: a check-in whose score crosses one raises a risk alert for the manager
 * (one per check-in and category, enforced by a unique index so a retried completion
 * cannot raise it twice).
 *
 * | category        | line                | alert_type  | priority |
 * | burnout         | stress ≥ 70         | retention   | urgent   |
 * | low_morale      | morale < 35         | retention   | urgent   |
 * | low_confidence  | confidence < 40     | performance | high     |
 * | blockers        | blockers < 35       | other       | medium   |
 * | reach_out       | the salesperson ticked "I'd like my manager to reach out" | other | medium |
 */
export const RISK_LINES = {
  burnoutStressAtLeast: 70,
  lowMoraleBelow: 35,
  lowConfidenceBelow: 40,
  blockersBelow: 35,
} as const;

export type RiskAlertDraft = {
  category: "burnout" | "low_morale" | "low_confidence" | "blockers" | "reach_out";
  alertType: AlertType;
  priority: AlertPriority;
  message: string;
};

function draft(category: RiskAlertDraft["category"], alertType: AlertType, message: string): RiskAlertDraft {
  return { category, alertType, priority: alertPriorityForType(alertType), message };
}

/** " (stress 78/100): long hours, exhaustion or poor sleep; 4 signs of strain in 2 answers." */
function why(figure: string, reasons: readonly string[] = []): string {
  const themes = reasons.slice(0, 4).join(", ");
  return themes ? ` (${figure}): ${themes}.` : ` (${figure}).`;
}

/**
 * The alerts a check-in's scores raise. The message names the person, the figure and why,
 * in themes and counts (alert-reasons.ts), never in their words.
 */
export function riskAlertsFor(
  scores: DimensionScores,
  personName: string,
  blockerThemes: readonly string[] = [],
  reasons: Partial<AlertReasons> = {},
) {
  const alerts: RiskAlertDraft[] = [];
  if (scores.stress >= RISK_LINES.burnoutStressAtLeast) {
    alerts.push(
      draft(
        "burnout",
        "retention",
        `${personName} shows burnout risk in their latest check-in${why(`stress ${scores.stress}/100`, reasons.burnout)}`,
      ),
    );
  }
  if (scores.morale < RISK_LINES.lowMoraleBelow) {
    alerts.push(
      draft(
        "low_morale",
        "retention",
        `${personName} reported low morale in their latest check-in${why(`morale ${scores.morale}/100`, reasons.low_morale)}`,
      ),
    );
  }
  if (scores.confidence < RISK_LINES.lowConfidenceBelow) {
    alerts.push(
      draft(
        "low_confidence",
        "performance",
        `${personName} has low quota confidence${why(`${scores.confidence}/100`, reasons.low_confidence)}`,
      ),
    );
  }
  if (scores.blockers < RISK_LINES.blockersBelow) {
    const named = blockerThemes.length > 0 ? `: ${blockerThemes.slice(0, 3).join(", ")}` : "";
    alerts.push(
      draft(
        "blockers",
        "other",
        `${personName} is held back by several blockers (blockers ${scores.blockers}/100)${named}.`,
      ),
    );
  }
  return alerts;
}

export function reachOutAlert(personName: string): RiskAlertDraft {
  return draft("reach_out", "other", `${personName} asked for their manager to reach out after their check-in.`);
}
