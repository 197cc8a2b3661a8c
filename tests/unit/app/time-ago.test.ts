import { describe, expect, it } from "vitest";
import { pastTimeAgo } from "../../../src/routes/superadmin/console/display";
import { timeAgo } from "../../../worker/shared/time";

const now = Date.parse("2026-11-26T12:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("one way to write an age, on the dashboard and in the console", () => {
  it("counts whole units elapsed, in English", () => {
    expect(timeAgo(now - 30_000, now)).toBe("just now");
    expect(timeAgo(now - 2 * HOUR, now)).toBe("2 hours ago");
    expect(timeAgo(now - DAY, now)).toBe("1 day ago");
    expect(timeAgo(now + 2 * HOUR, now)).toBe("in 2 hours");
  });

  it("says the same age for the same alert on both (5.6 days, 1.6 weeks)", () => {
    for (const ago of [5.6 * DAY, 11.5 * DAY, 90 * 60_000, 40 * DAY]) {
      const at = now - ago;
      expect(timeAgo(new Date(at).toISOString(), now)).toBe(pastTimeAgo(at, now));
    }
    expect(pastTimeAgo(now - 5.6 * DAY, now)).toBe("5 days ago");
    expect(timeAgo(new Date(now - 11.5 * DAY).toISOString(), now)).toBe("1 week ago");
  });
});
