import { describe, expect, it } from "vitest";
import { type HealthSignals, healthChecks } from "../../worker/admin/health-checks";

const NOW = Date.UTC(2026, 4, 4, 12);
const MIN = 60_000;

const lastRun = {
  lastSuccessAt: NOW - 5 * MIN,
  lastFailureAt: null,
  lastDetail: "Created 2, invited 2, reminded 0, expired 0",
};
const healthy: HealthSignals = {
  databaseReachable: true,
  databaseLatencyMs: 3,
  schedule: lastRun,
  ai: { lastSuccessAt: NOW - MIN, lastFailureAt: NOW - 90 * MIN, lastDetail: "APIConnectionTimeoutError" },
  aiConfigured: true,
  emailFailures: 0,
  queueFailures: 0,
};
const failing = (signals: Partial<HealthSignals>) =>
  healthChecks({ ...healthy, ...signals }, NOW)
    .filter((check) => !check.ok)
    .map((check) => check.id);

/** Issue 25 §7: each check reads a real signal, and only all of them together are "healthy". */
describe("healthChecks", () => {
  it("is all ok on recent, successful signals", () => {
    const checks = healthChecks(healthy, NOW);
    expect(checks.map((check) => [check.id, check.ok])).toEqual([
      ["database", true],
      ["schedule", true],
      ["deliveries", true],
      ["ai", true],
    ]);
    expect(checks.find((check) => check.id === "schedule")?.detail).toBe(
      "Last run 5 min ago: Created 2, invited 2, reminded 0, expired 0",
    );
    expect(checks.find((check) => check.id === "ai")?.detail).toBe(
      "last success 1 min ago; last failure 1 h ago (APIConnectionTimeoutError)",
    );
  });

  it("faults a scheduled run not seen in 30 minutes, one that failed, and one never recorded", () => {
    expect(failing({ schedule: { ...lastRun, lastSuccessAt: NOW - 29 * MIN } })).toEqual([]);
    expect(failing({ schedule: { ...lastRun, lastSuccessAt: NOW - 31 * MIN } })).toEqual(["schedule"]);
    const failed = { lastSuccessAt: NOW - 20 * MIN, lastFailureAt: NOW - 5 * MIN, lastDetail: "1 step failed: invite" };
    expect(failing({ schedule: failed })).toEqual(["schedule"]);
    expect(healthChecks({ ...healthy, schedule: failed }, NOW)[1]?.detail).toBe(
      "Last run 5 min ago: 1 step failed: invite",
    );
    expect(failing({ schedule: null })).toEqual(["schedule"]);
  });

  it("faults any email or queue delivery failure in the window", () => {
    expect(failing({ emailFailures: 1 })).toEqual(["deliveries"]);
    expect(failing({ queueFailures: 2 })).toEqual(["deliveries"]);
    expect(healthChecks({ ...healthy, emailFailures: 1, queueFailures: 2 }, NOW)[2]?.detail).toBe(
      "1 email and 2 queued notifications failed in the last hour",
    );
  });

  it("faults the AI provider while its latest outcome is a failure; the embedded one never", () => {
    const down = { lastSuccessAt: NOW - 90 * MIN, lastFailureAt: NOW - MIN, lastDetail: "APIError (HTTP 500)" };
    expect(failing({ ai: down })).toEqual(["ai"]);
    expect(failing({ ai: down, aiConfigured: false })).toEqual([]);
    expect(failing({ ai: null })).toEqual([]);
  });

  it("faults a database that did not answer", () => {
    expect(failing({ databaseReachable: false })).toEqual(["database"]);
  });
});
