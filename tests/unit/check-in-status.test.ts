import { describe, expect, it } from "vitest";
import { sourcesUnder } from "./support/sources";

/**
 * Issue 23 §4: every status change of a check-in goes through changeCheckInStatus
 * (worker/db/check-in-status.ts), which moves only a pending one. This reads the Worker's
 * source for any other UPDATE of check_ins that sets its status — through Drizzle, with a
 * `.set(…)` that is not a plain object (it could hold one), or in raw SQL.
 */
const HOME = "worker/db/check-in-status.ts";

/** Each `.update(checkIns)` and what its `.set(` is given, up to the first 400 characters. */
function statusChanges(text: string): string[] {
  const found: string[] = [];
  const drizzle = /\.update\(\s*checkIns\s*\)\s*\.set\(/g;
  for (const match of text.matchAll(drizzle)) {
    const set = text.slice(match.index + match[0].length, match.index + match[0].length + 400);
    // A plain object literal: its own keys, before the first closing brace at its depth.
    const literal = /^\s*\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/.exec(set);
    if (!literal || /\bstatus\s*(?:[:,]|$)/.test(literal[1] ?? "")) found.push(set.slice(0, 80));
  }
  for (const match of text.matchAll(/update\s+check_ins\s+set\s+[^;`"]{0,300}/gi)) {
    if (/\bstatus\s*=/.test(match[0])) found.push(match[0].slice(0, 80));
  }
  return found;
}

describe("a check-in's status", () => {
  it("changes in one function only", () => {
    const offenders = sourcesUnder("worker")
      .filter(({ file }) => file !== HOME)
      .flatMap(({ file, text }) => statusChanges(text).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it("is found by the scan when set elsewhere", () => {
    expect(statusChanges(`db.update(checkIns).set({ status: "expired" }).where(x)`)).toHaveLength(1);
    expect(statusChanges(`db.update(checkIns).set({ invitedAt: now, status }).where(x)`)).toHaveLength(1);
    expect(statusChanges(`db.update(checkIns).set(patch).where(x)`)).toHaveLength(1);
    expect(statusChanges("sql`update check_ins set status = 'expired' where id = ?`")).toHaveLength(1);
    expect(statusChanges(`db.update(checkIns).set({ tokenHash: hash, meta: { a: 1 } }).where(x)`)).toEqual([]);
    const home = sourcesUnder("worker/db").find(({ file }) => file === HOME);
    expect(home?.text).toContain("export function changeCheckInStatus");
  });
});
