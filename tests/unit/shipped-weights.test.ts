import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 24 item 3: the shipped weights (worker/scoring/model/weights.json) are exactly what
 * `npm run train` makes from the dev writers and the team's cases with today's features and
 * training, so nobody ships weights fitted elsewhere, edited by hand or left stale after a
 * change to the features. `npm run train -- --check` retrains in memory and compares; it reads
 * no test writer's files (tests/eval/cases.ts).
 */
const root = fileURLToPath(new URL("../..", import.meta.url).href);

describe("the shipped weights", () => {
  it("are what npm run train makes from the dev writers now", { timeout: 240_000 }, () => {
    const run = spawnSync(process.execPath, ["tests/eval/train.ts", "--check"], { cwd: root, encoding: "utf8" });
    expect(run.stderr).not.toMatch(/not what npm run train makes/);
    expect(run.status).toBe(0);
  });
});
