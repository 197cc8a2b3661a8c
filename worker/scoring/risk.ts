import { type AlertPriority, type AlertType, alertPriorityForType } from "../shared/domain";
import type { DimensionScores } from "../shared/pillars";
import { type AlertCategory, type AlertFacts, renderAlertMessage } from "./alert-facts";
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
  category: AlertCategory;
  alertType: AlertType;
  priority: AlertPriority;
  /** What the message says, stored in place of it (alert-facts.ts). */
  facts: AlertFacts;
  /** The message as every reader renders it for this name and these facts. */
  message: string;
};

/** The type (and so the priority) of each category's alerts: fixed (the table above). */
export const ALERT_TYPE_OF: Record<AlertCategory, AlertType> = {
  burnout: "retention",
  low_morale: "retention",
  low_confidence: "performance",
  blockers: "other",
  reach_out: "other",
};

/** An alert's draft for this person: its message rendered from its facts. */
export function alertDraft(category: AlertCategory, personName: string, facts: AlertFacts): RiskAlertDraft {
  const alertType = ALERT_TYPE_OF[category];
  return {
    category,
    alertType,
    priority: alertPriorityForType(alertType),
    facts,
    message: renderAlertMessage(category, personName, facts),
  };
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
      alertDraft("burnout", personName, { figure: scores.stress, reasons: (reasons.burnout ?? []).slice(0, 4) }),
    );
  }
  if (scores.morale < RISK_LINES.lowMoraleBelow) {
    alerts.push(
      alertDraft("low_morale", personName, { figure: scores.morale, reasons: (reasons.low_morale ?? []).slice(0, 4) }),
    );
  }
  if (scores.confidence < RISK_LINES.lowConfidenceBelow) {
    alerts.push(
      alertDraft("low_confidence", personName, {
        figure: scores.confidence,
        reasons: (reasons.low_confidence ?? []).slice(0, 4),
      }),
    );
  }
  if (scores.blockers < RISK_LINES.blockersBelow) {
    alerts.push(alertDraft("blockers", personName, { figure: scores.blockers, reasons: blockerThemes.slice(0, 3) }));
  }
  return alerts;
}

export function reachOutAlert(personName: string): RiskAlertDraft {
  return alertDraft("reach_out", personName, { figure: 0, reasons: [] });
}
