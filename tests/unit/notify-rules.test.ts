import { describe, expect, it } from "vitest";
import { alertCountMessage, alertMessage } from "../../worker/notify/alert-message";
import { slackText } from "../../worker/notify/channels/slack";
import { backoffSeconds, MAX_ATTEMPTS } from "../../worker/notify/consumer";
import { type DigestInput, digestChannelMessage, digestContent } from "../../worker/notify/digest-message";
import { digestDue, digestWeek, schedulePeriodIn, zonedTime } from "../../worker/notify/time-zone";
import { isValidTimeZone } from "../../worker/shared/notifications";
import { schedulePeriod } from "../../worker/shared/schedule";

const at = (iso: string) => Date.parse(iso);

describe("the organization's calendar", () => {
  it("maps a wall-clock time to its instant, across daylight saving", () => {
    expect(new Date(zonedTime("America/New_York", 2026, 11, 23, 8)).toISOString()).toBe("2026-11-23T13:00:00.000Z");
    expect(new Date(zonedTime("America/New_York", 2026, 7, 6, 8)).toISOString()).toBe("2026-07-06T12:00:00.000Z");
    expect(new Date(zonedTime("Asia/Kolkata", 2026, 11, 23, 8)).toISOString()).toBe("2026-11-23T02:30:00.000Z");
    expect(new Date(zonedTime("UTC", 2026, 11, 23, 8)).toISOString()).toBe("2026-11-23T08:00:00.000Z");
  });

  it("in UTC, periods are exactly the UTC periods", () => {
    for (const now of [at("2026-11-23T10:00:00Z"), at("2026-03-01T00:00:00Z"), at("2026-12-31T23:59:00Z")]) {
      for (const frequency of ["daily", "weekly", "biweekly", "monthly"] as const) {
        expect(schedulePeriodIn(frequency, now, "UTC"), frequency).toEqual(schedulePeriod(frequency, now));
      }
    }
  });

  it("elsewhere, a week starts at local Monday midnight", () => {
    // Sunday 23:30 in Los Angeles is already Monday in UTC: still last week there.
    const sundayNight = at("2026-11-23T07:30:00Z");
    const la = schedulePeriodIn("weekly", sundayNight, "America/Los_Angeles");
    expect(la.key).toBe("weekly:2026-W47");
    expect(new Date(la.start).toISOString()).toBe("2026-11-16T08:00:00.000Z");
    expect(new Date(la.end).toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(schedulePeriodIn("weekly", sundayNight, "UTC").key).toBe("weekly:2026-W48");
    const tokyo = schedulePeriodIn("daily", at("2026-11-23T16:00:00Z"), "Asia/Tokyo");
    expect(tokyo.key).toBe("daily:2026-11-24");
    expect(new Date(tokyo.start).toISOString()).toBe("2026-11-23T15:00:00.000Z");
  });

  it("the digest is due from Monday 08:00 local, for that day only", () => {
    const zone = "America/New_York";
    expect(digestDue(at("2026-11-23T12:59:00Z"), zone)).toBeNull(); // Monday 07:59 in New York
    expect(digestDue(at("2026-11-23T13:00:00Z"), zone)).toMatchObject({ weekKey: "2026-W48", monday: "2026-11-23" });
    expect(digestDue(at("2026-11-24T12:59:00Z"), zone)).not.toBeNull();
    expect(digestDue(at("2026-11-24T13:00:00Z"), zone)).toBeNull(); // Tuesday 08:00: the next one is next week
    expect(digestWeek(at("2026-11-29T12:00:00Z"), zone).sendAt).toBe(at("2026-11-23T13:00:00Z"));
  });

  it("accepts IANA zones only, after a length and shape check", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    for (const bad of ["", "Mars/Olympus", "Europe/Berlin<script>", "a".repeat(65), "../../etc"]) {
      expect(isValidTimeZone(bad), bad).toBe(false);
    }
  });
});

describe("retries", () => {
  it("back off exponentially from 10 s, capped at 15 minutes, over nine attempts", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(backoffSeconds)).toEqual([10, 20, 40, 80, 160, 320, 640, 900, 900]);
    expect(MAX_ATTEMPTS).toBe(9);
  });
});

describe("what the manager receives", () => {
  it("an alert names the person, the figures and a next step, escapes names, and links to the person", () => {
    const content = alertMessage({
      personName: "Ana <b>Ruiz</b>",
      organizationName: "Acme & Co",
      signals: [
        { category: "burnout", priority: "urgent" },
        { category: "low_confidence", priority: "high" },
      ],
      scores: { morale: 50, confidence: 31, stress: 77 },
      themes: ["Pricing approvals"],
      personUrl: "https://app.example/dashboard/team/m-1",
    });
    expect(content.title).toBe("Urgent: Ana <b>Ruiz</b> — burnout risk, low quota confidence");
    expect(content.html).toContain("Ana &lt;b&gt;Ruiz&lt;/b&gt;");
    expect(content.html).not.toContain("<b>Ruiz</b>");
    expect(content.text).toContain("Stress is 77/100");
    expect(content.text).toContain("Quota confidence is 31/100");
    expect(content.text).toContain("https://app.example/dashboard/team/m-1");
    // As Slack shows it (a DM to an Admin): mrkdwn-escaped, the link a link.
    const slack = slackText(content);
    expect(slack).toContain("Ana &lt;b&gt;Ruiz&lt;/b&gt;");
    expect(slack).not.toContain("<b>");
    expect(slack).toContain("<https://app.example/dashboard/team/m-1>");
  });

  it("a channel hears how many alerts, where, and the way to the dashboard: no name, no figure, no category", () => {
    const message = alertCountMessage({
      organizationName: "Northwind Sales",
      signals: [{ category: "burnout", priority: "urgent" }],
      dashboardUrl: "https://app.example/dashboard",
    });
    expect(message.text).toBe("1 urgent alert in Northwind Sales — open the dashboard");
    expect(slackText(message)).toContain("<https://app.example/dashboard|Open the dashboard>");
    const two = alertCountMessage({
      organizationName: "Acme",
      signals: [
        { category: "burnout", priority: "urgent" },
        { category: "low_morale", priority: "high" },
      ],
      dashboardUrl: "https://app.example/dashboard",
    });
    expect(two.text).toBe("2 alerts in Acme (1 urgent, 1 high) — open the dashboard");
    expect(`${two.title} ${two.text}`).not.toMatch(/burnout|morale|\d+\/100/i);
  });

  const digest = (people: number, alerts: DigestInput["newAlerts"] = []): DigestInput => ({
    organizationName: "Acme",
    weekOf: "2026-11-23",
    participation: { rate: 75, completed: 6, expired: 2, pending: 1, membersThisWeek: people, activeMembers: 7 },
    participationWeeks: 4,
    pillars: [
      { pillar: "morale", value: 62, previous: 70, change: -11, changeUnit: "percent", lowerIsBetter: false },
      { pillar: "burnout_risks", value: 58, previous: 50, change: 16, changeUnit: "percent", lowerIsBetter: true },
      { pillar: "blockers", value: 4, previous: 2, change: 2, changeUnit: "count", lowerIsBetter: true },
    ],
    newAlerts: alerts,
    openAlerts: [],
    blockers: [{ theme: "CRM tooling", count: 3, people: 2, thisWeek: 2, lastWeek: 1, lastReportedAt: "2026-11-22" }],
    coaching: [],
    dashboardUrl: "https://app.example/dashboard",
    personUrl: (id) => `https://app.example/dashboard/team/${id}`,
  });

  it("the digest is a table-layout email with inline styles and a plain-text twin", () => {
    const content = digestContent(digest(5));
    expect(content.html).toContain('<table role="presentation"');
    expect(content.html).not.toMatch(/<style|class="/);
    expect(content.text).toContain(
      "Check-ins answered: 75% (6 of 8 check-ins sent answered over 4 weeks; 1 still open, not counted). People this week: 5 of 7 answered.",
    );
    expect(content.text).toContain("- Morale: 62 (▼ 11% vs last week)");
    expect(content.text).toContain("1. CRM tooling — 3 mentions, 2 people");
    // The date as Settings writes every date (its preview of this digest shows both).
    expect(content.subject).toBe("Acme: your weekly Undertone digest (week of Nov 23, 2026)");
    expect(content.text).toContain("Week of Nov 23, 2026");
  });

  it("a channel's digest has the team's figures and no names; with fewer than 3 people answering, not even figures", () => {
    const alert: DigestInput["newAlerts"][number] = {
      id: "a-1",
      teamMember: { id: "m-1", firstName: "Ana", lastName: "Ruiz" },
      category: "burnout",
      alertType: "retention",
      priority: "urgent",
      message: "Ana Ruiz shows burnout risk (stress 77/100).",
      status: "unread",
      createdAt: "2026-11-22",
      resolvedAt: null,
    };
    const team = digestChannelMessage(digest(5, [alert]));
    expect(team.text).toContain("- Morale: 62 (▼ 11% vs last week)");
    expect(team.text).toContain("Top blockers: CRM tooling.");
    expect(team.text).toContain("Alerts: 1 new, 0 still open.");
    expect(team.text).not.toMatch(/Ana|Ruiz|77/);
    // The email names the person (an Admin's inbox): the positive control.
    expect(digestContent(digest(5, [alert])).text).toContain("Ana Ruiz");

    const two = digestChannelMessage(digest(2, [alert]));
    expect(two.text).toContain("Too few people answered this week to share the team's figures here.");
    expect(two.text).not.toMatch(/Morale|62|CRM tooling|Ana/);
  });
});
