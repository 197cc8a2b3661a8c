// Relative, not @shared/: the unit tests type-check this file under the Worker config.
import { PILLARS } from "../../../../../worker/shared/pillars";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "../../../../../worker/shared/settings";

/** Spec 2 §9: Reset Defaults restores every default and sets all pillar weights to 1. */
export function resetDefaults(): GlobalSettings {
  const weights = Object.fromEntries(PILLARS.map((p) => [p, 1])) as GlobalSettings["pillarWeights"];
  return { ...structuredClone(DEFAULT_GLOBAL_SETTINGS), pillarWeights: weights };
}

/** Spec 2 §5: priority is a number of at least 1, falling back to 1 when not numeric. */
export function priorityFrom(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}
