import { describe, expect, it } from "vitest";
import {
  badgeText,
  CONSOLE_TABS,
  cutMessage,
  dataQuality,
  growthRate,
  operatorInitials,
  pastTimeAgo,
  percentOf,
  priorityDotClass,
  priorityFrom,
  resetDefaults,
  TEST_ERROR_TEXT,
  testFailureMessage,
  trendTone,
  usd,
  weekOverWeek,
} from "../../../src/routes/superadmin/console/display";
import { DEFAULT_GLOBAL_SETTINGS } from "../../../worker/shared/settings";

describe("notification bell (spec 2 §2, §9)", () => {
  it("caps the badge at 99+ and hides it at zero", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe("7");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });

  it("cuts messages to 50 characters", () => {
    expect(cutMessage("short")).toBe("short");
    const long = "x".repeat(51);
    expect(cutMessage(long)).toBe(`${"x".repeat(50)}...`);
    expect(cutMessage("y".repeat(50))).toBe("y".repeat(50));
  });

  it("colours priority dots: high red, medium yellow, otherwise blue", () => {
    expect(priorityDotClass("urgent")).toBe("bg-error");
    expect(priorityDotClass("high")).toBe("bg-error");
    expect(priorityDotClass("medium")).toBe("bg-warning");
    expect(priorityDotClass("low")).toBe("bg-info");
  });
});

describe("sentiment cards (spec 2 §2, §7)", () => {
  it("words week-over-week lines", () => {
    expect(weekOverWeek(0)).toBe("No change from last week");
    expect(weekOverWeek(0.4)).toBe("No change from last week");
    expect(weekOverWeek(5)).toBe("+5% from last week");
    expect(weekOverWeek(-3)).toBe("-3% from last week");
    expect(weekOverWeek(2, "count")).toBe("+2 blockers from last week");
    expect(weekOverWeek(-1, "count")).toBe("-1 blocker from last week");
  });

  it("inverts stress and blockers for colour", () => {
    expect(trendTone(5)).toBe("good");
    expect(trendTone(5, true)).toBe("bad");
    expect(trendTone(-5, true)).toBe("good");
    expect(trendTone(0, true)).toBe("flat");
  });

  it("reads data quality by volume", () => {
    expect(dataQuality(0)).toEqual({ label: "No Data", text: "No sentiment data collected yet" });
    expect(dataQuality(1)).toEqual({ label: "High", text: "Limited data available" });
    expect(dataQuality(100)).toEqual({ label: "High", text: "Limited data available" });
    expect(dataQuality(101)).toEqual({ label: "High", text: "Excellent data coverage for insights" });
  });
});

describe("numbers", () => {
  it("computes percentages and growth without dividing by zero", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(1, 0)).toBe(0);
    // Issue 13 §4: a rate needs a base; growth from nothing is not "+100%".
    expect(growthRate(15, 10)).toBe("+50%");
    expect(growthRate(5, 10)).toBe("-50%");
    expect(growthRate(5, 0)).toBe("New");
    expect(growthRate(0, 0)).toBe("—");
  });

  it("formats money at $2.00 a salesperson", () => {
    expect(usd(6)).toBe("$6.00");
    expect(usd(2)).toBe("$2.00");
  });

  it("ages events and falls back to SA initials", () => {
    const now = Date.UTC(2026, 0, 10);
    expect(pastTimeAgo(now - 30_000, now)).toBe("just now");
    expect(pastTimeAgo(now - 2 * 3600_000, now)).toBe("2 hours ago");
    expect(pastTimeAgo(now - 24 * 3600_000, now)).toBe("1 day ago");
    expect(operatorInitials("Sam", "Rivera")).toBe("SR");
    expect(operatorInitials("", " ")).toBe("SA");
  });
});

describe("console tabs", () => {
  it("has the spec's 12 tabs in order", () => {
    expect(CONSOLE_TABS.map((t) => `${t.label} (${t.id})`)).toEqual([
      "Platform Overview (overview)",
      "Business Management (businesses)",
      "User Oversight (users)",
      "Sentiment Data (sentiment)",
      "Check-In Config (checkins)",
      "Billing & Plans (billing)",
      "Alerts & Notifications (alerts)",
      "Reporting & Exports (reporting)",
      "Site Map (sitemap)",
      "System Settings (settings)",
      "Customer Support (support)",
      "Audit Logs (audit)",
    ]);
  });
});

describe("AI configuration test errors (spec 2 §8)", () => {
  it("maps failures to the screen's messages", () => {
    expect(testFailureMessage("401 Incorrect API key provided")).toBe(TEST_ERROR_TEXT.providerKey);
    expect(testFailureMessage("OpenAI is not configured")).toBe(TEST_ERROR_TEXT.providerKey);
    expect(testFailureMessage("AI provider timed out (first token)")).toBe(TEST_ERROR_TEXT.network);
    expect(testFailureMessage("network connection lost")).toBe(TEST_ERROR_TEXT.network);
    expect(testFailureMessage("Authentication required")).toBe(TEST_ERROR_TEXT.authentication);
    expect(testFailureMessage("Unauthorized")).toBe(TEST_ERROR_TEXT.authentication);
    expect(testFailureMessage("Something odd")).toBe("Something odd");
    expect(testFailureMessage("")).toBe("Unknown error occurred during testing");
    expect(testFailureMessage(undefined)).toBe("Unknown error occurred during testing");
  });
});

describe("global settings and question form", () => {
  it("resets every default and all pillar weights to 1", () => {
    const reset = resetDefaults();
    expect(Object.values(reset.pillarWeights)).toEqual([1, 1, 1, 1, 1, 1]);
    expect({ ...reset, pillarWeights: DEFAULT_GLOBAL_SETTINGS.pillarWeights }).toEqual(DEFAULT_GLOBAL_SETTINGS);
    // A fresh copy each time: editing the form never edits the defaults.
    reset.dataRetention.rawDataDays = 1;
    expect(DEFAULT_GLOBAL_SETTINGS.dataRetention.rawDataDays).toBe(365);
  });

  it("reads priority as a number of at least 1", () => {
    expect(priorityFrom("3")).toBe(3);
    expect(priorityFrom("abc")).toBe(1);
    expect(priorityFrom("0")).toBe(1);
    expect(priorityFrom("")).toBe(1);
  });
});

describe("honest figures (issue 13 §4)", () => {
  it("prints a difference of scores as points, never as a percent", () => {
    expect(weekOverWeek(5, "points")).toBe("+5 points from last week");
    expect(weekOverWeek(-1, "points")).toBe("-1 point from last week");
    expect(weekOverWeek(0.4, "points")).toBe("No change from last week");
    expect(weekOverWeek(5)).toBe("+5% from last week");
    expect(weekOverWeek(2, "count")).toBe("+2 blockers from last week");
  });
});
