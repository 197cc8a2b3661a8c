import { describe, expect, it } from "vitest";
import {
  expiryFor,
  isMemberDue,
  isoWeekLabel,
  nextPeriodStart,
  reminderDue,
  retentionCutoffs,
  schedulePeriod,
} from "../../worker/shared/schedule";
import { DAY_MS, HOUR_MS } from "../../worker/shared/time";

const at = (iso: string) => Date.parse(iso);

describe("schedulePeriod", () => {
  it("daily periods start at UTC midnight", () => {
    const period = schedulePeriod("daily", at("2026-11-18T15:30:00Z"));
    expect(period).toEqual({
      key: "daily:2026-11-18",
      start: at("2026-11-18T00:00:00Z"),
      end: at("2026-11-19T00:00:00Z"),
    });
  });

  it("weekly periods start on Monday and carry the ISO week", () => {
    // Wednesday 18 November 2026 is in ISO week 47, which starts Monday the 16th.
    expect(schedulePeriod("weekly", at("2026-11-18T15:30:00Z"))).toEqual({
      key: "weekly:2026-W47",
      start: at("2026-11-16T00:00:00Z"),
      end: at("2026-11-23T00:00:00Z"),
    });
    // Sunday still belongs to the week that started on Monday.
    expect(schedulePeriod("weekly", at("2026-11-22T23:59:59Z")).key).toBe("weekly:2026-W47");
    expect(schedulePeriod("weekly", at("2026-11-23T00:00:00Z")).key).toBe("weekly:2026-W48");
  });

  it("labels ISO weeks across year boundaries", () => {
    // 1 January 2027 is a Friday: it belongs to 2026-W53.
    expect(isoWeekLabel(at("2026-12-28T00:00:00Z"))).toBe("2026-W53");
    expect(schedulePeriod("weekly", at("2027-01-01T12:00:00Z")).key).toBe("weekly:2026-W53");
    expect(schedulePeriod("weekly", at("2027-01-04T00:00:00Z")).key).toBe("weekly:2027-W01");
    // 29 December 2025 starts 2026-W01.
    expect(isoWeekLabel(at("2025-12-29T00:00:00Z"))).toBe("2026-W01");
  });

  it("biweekly periods are two weeks from every other Monday, stable across runs", () => {
    const period = schedulePeriod("biweekly", at("2026-11-18T15:30:00Z"));
    expect(period.end - period.start).toBe(14 * DAY_MS);
    expect(new Date(period.start).getUTCDay()).toBe(1);
    expect(period.start).toBeLessThanOrEqual(at("2026-11-18T15:30:00Z"));
    // Every moment inside the period maps to the same key.
    expect(schedulePeriod("biweekly", period.start).key).toBe(period.key);
    expect(schedulePeriod("biweekly", period.end - 1).key).toBe(period.key);
    expect(schedulePeriod("biweekly", period.end).key).not.toBe(period.key);
  });

  it("monthly periods start on the 1st", () => {
    expect(schedulePeriod("monthly", at("2026-12-31T23:00:00Z"))).toEqual({
      key: "monthly:2026-12",
      start: at("2026-12-01T00:00:00Z"),
      end: at("2027-01-01T00:00:00Z"),
    });
    expect(nextPeriodStart("monthly", at("2026-02-10T00:00:00Z"))).toBe(at("2026-03-01T00:00:00Z"));
  });
});

describe("isMemberDue", () => {
  const period = schedulePeriod("weekly", at("2026-11-18T10:00:00Z"));
  it("is due with no check-in yet, or only ones from earlier periods", () => {
    expect(isMemberDue({ period, lastCheckInCreatedAt: null, hasOpenCheckIn: false })).toBe(true);
    expect(isMemberDue({ period, lastCheckInCreatedAt: at("2026-11-15T23:59:00Z"), hasOpenCheckIn: false })).toBe(true);
  });
  it("is not due after a check-in this period, manual or scheduled", () => {
    expect(isMemberDue({ period, lastCheckInCreatedAt: at("2026-11-16T00:00:00Z"), hasOpenCheckIn: false })).toBe(
      false,
    );
  });
  it("never stacks a second link on one still waiting", () => {
    expect(isMemberDue({ period, lastCheckInCreatedAt: at("2026-11-10T00:00:00Z"), hasOpenCheckIn: true })).toBe(false);
  });
});

describe("reminderDue", () => {
  const invitedAt = at("2026-11-16T09:00:00Z");
  const base = {
    autoReminders: true,
    intervalHours: 24,
    invitedAt,
    startedAt: null,
    expiresAt: expiryFor(invitedAt, 72),
    remindersSent: 0,
  };

  it("owes reminder n after n whole intervals, once", () => {
    expect(reminderDue({ ...base, now: invitedAt + 23 * HOUR_MS })).toBeNull();
    expect(reminderDue({ ...base, now: invitedAt + 24 * HOUR_MS })).toBe(1);
    expect(reminderDue({ ...base, remindersSent: 1, now: invitedAt + 30 * HOUR_MS })).toBeNull();
    expect(reminderDue({ ...base, remindersSent: 1, now: invitedAt + 48 * HOUR_MS })).toBe(2);
  });

  it("after missed runs sends only the latest owed reminder", () => {
    expect(reminderDue({ ...base, now: invitedAt + 50 * HOUR_MS })).toBe(2);
  });

  it("stops once answered, started, expired, or when reminders are off", () => {
    expect(reminderDue({ ...base, now: invitedAt + 72 * HOUR_MS })).toBeNull();
    expect(reminderDue({ ...base, startedAt: invitedAt + HOUR_MS, now: invitedAt + 25 * HOUR_MS })).toBeNull();
    expect(reminderDue({ ...base, autoReminders: false, now: invitedAt + 25 * HOUR_MS })).toBeNull();
    expect(reminderDue({ ...base, invitedAt: null, now: invitedAt + 25 * HOUR_MS })).toBeNull();
  });
});

describe("expiry and retention", () => {
  it("expires after the max response time", () => {
    expect(expiryFor(at("2026-11-16T09:00:00Z"), 72)).toBe(at("2026-11-19T09:00:00Z"));
  });
  it("computes the raw and summary cut-offs", () => {
    const now = at("2026-11-18T00:00:00Z");
    expect(retentionCutoffs(now, { rawDataDays: 365, summaryDataDays: 1095 })).toEqual({
      raw: now - 365 * DAY_MS,
      summary: now - 1095 * DAY_MS,
    });
  });
});
