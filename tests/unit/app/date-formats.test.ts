import { describe, expect, it } from "vitest";
import { formatWeekdayDateTime, weekLabel } from "../../../src/routes/dashboard/charts/format";
import { formatTimestamp, pastTimeAgo } from "../../../src/routes/superadmin/console/display";
import { formatDate, formatDateTime, formatDateTimeIn, timeAgo } from "../../../worker/shared/time";

/**
 * Every way a date or an age is written, pinned to its text (Node here: en-US, UTC), so the
 * helpers can be merged or renamed without a word changing on a page.
 */
const at = Date.parse("2026-11-26T09:00:05.000Z");
const DAY = 24 * 3_600_000;

describe("date and age texts", () => {
  it("writes a date 'Nov 26, 2026' in Settings and in the console alike", () => {
    expect(formatDate(at)).toBe("Nov 26, 2026");
    expect(formatDateTime(at)).toBe("Nov 26, 2026, 9:00 AM");
  });

  it("writes a time defined in an organization's zone as its clock reads it, naming the zone", () => {
    // Berlin's midnight is 23:00 UTC the day before (winter): a UTC reader sees Berlin's time.
    const berlinMidnight = Date.parse("2026-12-06T23:00:00.000Z");
    expect(formatDateTimeIn(berlinMidnight, "Europe/Berlin")).toBe("Dec 7, 2026, 12:00 AM (Europe/Berlin)");
    expect(formatDateTimeIn(berlinMidnight, "America/New_York")).toBe("Dec 6, 2026, 6:00 PM (America/New York)");
    // An unknown zone: the reader's own, as before.
    expect(formatDateTimeIn(berlinMidnight, "Mars/Olympus")).toBe(formatDateTime(berlinMidnight));
  });

  it("keeps the console's timestamp to the second, numeric", () => {
    expect(formatTimestamp(at)).toBe("11/26/2026, 9:00:05 AM");
  });

  it("keeps the dashboard's short forms: an axis day and a weekday with the time", () => {
    expect(weekLabel("2026-11-27T00:00:00.000Z")).toBe("Nov 26");
    expect(formatWeekdayDateTime("2026-11-26T09:00:05.000Z")).toBe("Thu, Nov 26, 9:00 AM");
  });

  it("writes an age one way, the console never in the future", () => {
    expect(timeAgo(new Date(at - 5.6 * DAY).toISOString(), at)).toBe("5 days ago");
    expect(timeAgo(new Date(at + 2 * DAY).toISOString(), at)).toBe("in 2 days");
    expect(timeAgo(at + 2 * DAY, at)).toBe("in 2 days");
    expect(pastTimeAgo(at + 2 * DAY, at)).toBe("just now");
    expect(pastTimeAgo(at - 5.6 * DAY, at)).toBe("5 days ago");
  });
});
