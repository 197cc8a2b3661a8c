import { describe, expect, it } from "vitest";
import { withCorrections } from "../../worker/checkin/corrections";
import {
  type AlertFacts,
  alertMessageOf,
  decodeAlertFacts,
  encodeAlertFacts,
  FACT_LABELS,
} from "../../worker/scoring/alert-facts";
import { alertReasonsOf } from "../../worker/scoring/alert-reasons";
import type { Reading } from "../../worker/scoring/reading";
import { reachOutAlert, riskAlertsFor } from "../../worker/scoring/risk";
import { bandOf } from "../../worker/shared/check-in-summary";
import type { DimensionScores } from "../../worker/shared/pillars";

/**
 * drizzle/0021 (issue 26 §1): an alert's message is rendered from its stored facts on every
 * read. These pin that the rendering is, byte for byte, the message the app stored before for the
 * same person and facts: `before` is worker/scoring/risk.ts and corrections.ts's notes as they
 * were (commit a123191), copied here so a change to the renderer cannot move both.
 */
const before = {
  why(figure: string, reasons: readonly string[] = []): string {
    const themes = reasons.slice(0, 4).join(", ");
    return themes ? ` (${figure}): ${themes}.` : ` (${figure}).`;
  },
  alerts(scores: DimensionScores, name: string, blockerThemes: readonly string[], reasons: Record<string, string[]>) {
    const out: { category: string; message: string }[] = [];
    if (scores.stress >= 70)
      out.push({
        category: "burnout",
        message: `${name} shows burnout risk in their latest check-in${before.why(`stress ${scores.stress}/100`, reasons.burnout)}`,
      });
    if (scores.morale < 35)
      out.push({
        category: "low_morale",
        message: `${name} reported low morale in their latest check-in${before.why(`morale ${scores.morale}/100`, reasons.low_morale)}`,
      });
    if (scores.confidence < 40)
      out.push({
        category: "low_confidence",
        message: `${name} has low quota confidence${before.why(`${scores.confidence}/100`, reasons.low_confidence)}`,
      });
    if (scores.blockers < 35) {
      const named = blockerThemes.length > 0 ? `: ${blockerThemes.slice(0, 3).join(", ")}` : "";
      out.push({
        category: "blockers",
        message: `${name} is held back by several blockers (blockers ${scores.blockers}/100)${named}.`,
      });
    }
    return out;
  },
  reachOut: (name: string) => `${name} asked for their manager to reach out after their check-in.`,
  corrected: "The salesperson corrected this reading in their check-in summary.",
  disputed: "The AI judge and the built-in reader disagreed on this score: treat it as uncertain.",
  uncertain: "The evidence for this score was weak or mixed: treat it as uncertain.",
};

const reading = (over: Partial<Reading>): Reading => ({ strain: 0, concerns: [], signals: [], ...over }) as Reading;

/** Readings that give every reason alertReasonsOf can name, in a few counts. */
const READINGS: Reading[][] = [
  [],
  [reading({ strain: 1, concerns: ["workload"] })],
  [
    reading({ strain: 2.4, concerns: ["workload", "energy", "rest"], signals: ["flight_risk"] }),
    reading({ strain: 1.2, concerns: ["stress", "capacity", "career"], signals: ["disengaged", "confidence_low"] }),
    reading({ concerns: ["motivation", "manager", "team", "comp", "territory", "quota"], signals: ["disengaged"] }),
    reading({ concerns: ["pipeline", "deals", "leads", "competition"], signals: ["confidence_low"] }),
  ],
];
const NAMES = ["Casey Tester", "Émile Roux", "Ana", "O'Brien, Jr. Mary-Kate"];
const SCORES: DimensionScores[] = [
  { morale: 34, confidence: 39, stress: 70, sales_strength: 60, blockers: 34 },
  { morale: 0, confidence: 0, stress: 100, sales_strength: 0, blockers: 0 },
  { morale: 12, confidence: 60, stress: 85, sales_strength: 60, blockers: 20 },
];
const THEMES = [[], ["CRM admin"], ["Lead quality", "Pricing approvals", "Team capacity", "Competition"]];

/** Every alert the app can raise for these, as the store would read it back: facts encoded, decoded and rendered. */
function readBack(category: string, name: string, facts: AlertFacts) {
  const encoded = encodeAlertFacts(facts);
  expect(encoded).not.toBeNull();
  const [first, last = ""] = name.split(/ (.*)/);
  return alertMessageOf({ category, message: null, facts: encoded, firstName: first ?? "", lastName: last });
}

/** A judgement for withCorrections: its alerts from these scores, confidence disputed, these scores uncertain. */
function disputedJudgement(
  scores: DimensionScores,
  reasons: ReturnType<typeof alertReasonsOf>,
  uncertain: ReadonlySet<string>,
  agreement: number,
) {
  return {
    scores,
    alerts: riskAlertsFor(scores, "Casey Tester", [], reasons),
    review: [{ dimension: "confidence" }],
    blockers: [],
    confidence: Object.fromEntries(
      ["morale", "confidence", "stress", "sales_strength", "blockers"].map((d) => [
        d,
        { agreement, uncertain: uncertain.has(d) },
      ]),
    ),
  } as unknown as Parameters<typeof withCorrections>[0];
}

describe("an alert's message rendered from its facts", () => {
  it("is the message stored before, for every category, name, figure, reason and theme", () => {
    let compared = 0;
    for (const name of NAMES)
      for (const scores of SCORES)
        for (const themes of THEMES)
          for (const readings of READINGS) {
            const reasons = alertReasonsOf(readings);
            const drafts = riskAlertsFor(scores, name, themes, reasons);
            const old = before.alerts(scores, name, themes, reasons);
            expect(drafts.map((d) => ({ category: d.category, message: d.message }))).toEqual(old);
            for (const draft of drafts) {
              expect(readBack(draft.category, name, draft.facts)).toBe(draft.message);
              compared++;
            }
          }
    expect(compared).toBeGreaterThan(100);
    const reachOut = reachOutAlert("Casey Tester");
    expect(reachOut.message).toBe(before.reachOut("Casey Tester"));
    expect(readBack("reach_out", "Casey Tester", reachOut.facts)).toBe(reachOut.message);
  });

  it("carries the note of a corrected or disputed score", () => {
    const scores = { morale: 20, confidence: 30, stress: 80, sales_strength: 60, blockers: 60 };
    const reasons = alertReasonsOf(READINGS[2] ?? []);
    const judgement = disputedJudgement(scores, reasons, new Set(["morale"]), 0.4);
    // Their uncertain morale confirmed by its own band: a correction, and its alert says so.
    const corrected = withCorrections(judgement, { morale: bandOf("morale", 20) }, "Casey Tester");
    const old = Object.fromEntries(
      before.alerts(scores, "Casey Tester", [], reasons).map((a) => [a.category, a.message]),
    );
    const oldCorrected = Object.fromEntries(
      before.alerts(corrected.scores, "Casey Tester", [], {}).map((a) => [a.category, a.message]),
    );
    const byCategory = Object.fromEntries(corrected.alerts.map((a) => [a.category, a]));
    expect(byCategory.low_confidence?.message).toBe(`${old.low_confidence} ${before.disputed}`);
    expect(byCategory.burnout?.message).toBe(old.burnout);
    expect(byCategory.low_morale?.message).toBe(`${oldCorrected.low_morale} ${before.corrected}`);
    for (const alert of corrected.alerts)
      expect(readBack(alert.category, "Casey Tester", alert.facts)).toBe(alert.message);
  });

  it("says so when the score that raised it reads as uncertain (the person page's word for it)", () => {
    const scores = { morale: 27, confidence: 30, stress: 80, sales_strength: 60, blockers: 60 };
    const reasons = alertReasonsOf(READINGS[2] ?? []);
    const judgement = disputedJudgement(scores, reasons, new Set(["morale", "confidence"]), 0.5);
    const judged = withCorrections(judgement, {}, "Casey Tester");
    const old = Object.fromEntries(
      before.alerts(scores, "Casey Tester", [], reasons).map((a) => [a.category, a.message]),
    );
    const byCategory = Object.fromEntries(judged.alerts.map((a) => [a.category, a]));
    expect(byCategory.low_morale?.message).toBe(`${old.low_morale} ${before.uncertain}`);
    // A dispute says more than weak evidence, and a firm score adds nothing.
    expect(byCategory.low_confidence?.message).toBe(`${old.low_confidence} ${before.disputed}`);
    expect(byCategory.burnout?.message).toBe(old.burnout);
    for (const alert of judged.alerts)
      expect(readBack(alert.category, "Casey Tester", alert.facts)).toBe(alert.message);
    expect(decodeAlertFacts("27,!u")).toEqual({ figure: 27, reasons: [], note: "uncertain" });
  });

  it("stores a few bytes where the sentence took a hundred", () => {
    const [alert] = riskAlertsFor(SCORES[0] as DimensionScores, "Casey Tester", [], alertReasonsOf(READINGS[2] ?? []));
    const encoded = encodeAlertFacts(alert?.facts ?? { figure: 0, reasons: [] }) ?? "";
    expect(encoded).toBe("70,a,b,c,d");
    expect(alert?.message.length).toBeGreaterThan(90);
    expect(decodeAlertFacts("78,a,#4/2,!c")).toEqual({
      figure: 78,
      reasons: ["long hours", "4 signs of strain in 2 answers"],
      note: "corrected",
    });
  });

  it("stores the sentence itself when a fact has no code, and serves a stored message as it is", () => {
    expect(encodeAlertFacts({ figure: 70, reasons: ["something new"] })).toBeNull();
    expect(encodeAlertFacts({ figure: 101, reasons: [] })).toBeNull();
    expect(encodeAlertFacts({ figure: 70, reasons: ["1 signs of strain in 1 answers"] })).toBeNull();
    for (const bad of ["", "x", "70,zz", "70,#1", "70,?1/2", "70,Z", "7000"]) expect(decodeAlertFacts(bad)).toBeNull();
    const stored = { category: "burnout", facts: "70,a", firstName: "Casey", lastName: "Tester" };
    expect(alertMessageOf({ ...stored, message: "Written before drizzle/0021." })).toBe("Written before drizzle/0021.");
    expect(alertMessageOf({ ...stored, message: null })).toBe(
      "Casey Tester shows burnout risk in their latest check-in (stress 70/100): long hours.",
    );
  });

  it("keeps each stored letter's label (the list is append-only)", () => {
    expect(FACT_LABELS).toEqual([
      "long hours",
      "exhaustion or poor sleep",
      "no real time off",
      "pressure",
      "covering for missing people",
      "doubts about their future here",
      "lost motivation",
      "friction with their manager",
      "friction in the team",
      "compensation",
      "a territory change",
      "the number",
      "a thin pipeline",
      "deals slipping",
      "lead flow",
      "competition",
      "signs they may leave",
      "CRM admin",
      "Pricing approvals",
      "Lead quality",
      "Product gaps",
      "Territory changes",
      "Tools and systems",
      "Internal processes",
      "Enablement and training",
      "Manager support",
      "Compensation",
      "Competition",
      "Team capacity",
    ]);
  });
});
