import type { ScoreSnapshot } from "@shared/insights";
import { PILLAR_CARDS, SCORES, type ScoreDimension } from "@shared/pillars";

const labelOf = (dimension: ScoreDimension) => PILLAR_CARDS[SCORES[dimension].pillar].label;

/**
 * How far a person's latest reading holds (issue 24 §5, §7, §8), said in words above their
 * cards: which scores are uncertain and why (too little or conflicting evidence; the LLM judge
 * and the built-in reader disagreed, with both figures), and which they corrected themselves.
 */
export function ReadingNotes({ latest, firstName }: { latest: ScoreSnapshot; firstName: string }) {
  const disputed = latest.disputed ?? [];
  const disputedSet = new Set(disputed.map((d) => d.dimension));
  const weak = (latest.uncertain ?? []).filter((d) => !disputedSet.has(d));
  const corrected = latest.corrected ?? [];
  if (disputed.length === 0 && weak.length === 0 && corrected.length === 0) return null;
  return (
    <aside
      className="rounded-box border border-warning/40 bg-warning/10 p-4 text-sm"
      aria-label="How far this reading holds"
      data-testid="reading-notes"
    >
      {disputed.length > 0 ? (
        <p>
          <span className="font-semibold">This reading is uncertain.</span> The AI judge and the built-in reader
          disagreed on {disputed.map((d) => `${labelOf(d.dimension)} (judge ${d.llm}, reader ${d.reader})`).join(", ")},
          so the check-in is marked for review.
        </p>
      ) : null}
      {weak.length > 0 ? (
        <p className={disputed.length > 0 ? "mt-1" : ""}>
          <span className="font-semibold">Uncertain:</span> {weak.map(labelOf).join(", ")} — too little or conflicting
          evidence in the conversation to show a firm reading.
        </p>
      ) : null}
      {corrected.length > 0 ? (
        <p className="mt-1">
          <span className="font-semibold">Corrected by {firstName}:</span> {corrected.map(labelOf).join(", ")} — shown
          as their own reading from their check-in summary.
        </p>
      ) : null}
    </aside>
  );
}
