import type { InsightsResponse } from "@shared/insights";
import { PILLAR_LABELS, SCORED_PILLARS } from "@shared/pillars";

/**
 * The Overall index (issue 13 §2): the five scored pillars' health, weighted by the
 * platform's pillar weights, with the weights shown so the number can be checked. Blockers
 * are a count, not a score, so they are not in it.
 */
export function OverallIndex({ overall }: { overall: InsightsResponse["overall"] }) {
  if (!overall || overall.value === null) return null;
  const change = overall.previous === null ? null : overall.value - overall.previous;
  const weights = SCORED_PILLARS.map((p) => `${PILLAR_LABELS[p]} ×${(overall.weights[p] ?? 1).toFixed(1)}`).join(", ");
  return (
    <section
      aria-label="Overall index"
      className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-box border border-base-300 bg-base-100 px-4 py-3"
      data-testid="overall-index"
    >
      <p className="text-sm font-medium text-soft">Overall index</p>
      <p className="text-2xl font-bold tabular-nums">
        {overall.value}
        <span className="text-sm font-medium text-muted">/100</span>
      </p>
      {change !== null ? (
        <p className="text-xs text-muted">
          {change === 0
            ? "No change from the week before"
            : `${change > 0 ? "+" : "−"}${Math.abs(change)} ${Math.abs(change) === 1 ? "point" : "points"} from the week before`}
        </p>
      ) : null}
      <p className="basis-full text-xs text-muted">
        Weighted mean of the scored pillars (burnout risk counted as 100 − stress): {weights}.
      </p>
    </section>
  );
}
