/**
 * Whether a change is good news. Stress and blockers are inverted (spec 2 §7): going down
 * is good, so they get the green arrow.
 */
export function trendTone(change: number, inverted = false): "good" | "bad" | "flat" {
  if (Math.round(change) === 0) return "flat";
  const up = change > 0;
  return up !== inverted ? "good" : "bad";
}
