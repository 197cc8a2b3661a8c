import { describe, expect, it } from "vitest";
import { participationFrom } from "../../worker/insights/compute";
import { digestChannelMessage, digestContent } from "../../worker/notify/digest-message";
import { answeredPercent, checkInsAnsweredText, peopleThisWeekText } from "../../worker/shared/participation-text";

/**
 * The Participation card and the digest: the headline percent and the sentence beside it
 * describe the same thing (the share of check-ins sent that were answered), and the people who
 * answered this week are a separate, labelled count (README → Decisions "Participation").
 */
describe("participation in words", () => {
  // A new company: 2 members, a check-in sent to one of them, who answered it.
  const newcomer = participationFrom([{ bucket: 0, sent: 1, completed: 1, expired: 0, pending: 0 }], 1, 2);

  it("the percent is the sentence's share, and the people are their own line", () => {
    expect(newcomer).toMatchObject({ rate: 100, completed: 1, expired: 0, membersThisWeek: 1, activeMembers: 2 });
    expect(answeredPercent(newcomer)).toBe("100%");
    expect(checkInsAnsweredText(newcomer, 12)).toBe("1 of 1 check-in sent answered over 12 weeks");
    expect(peopleThisWeekText(newcomer)).toBe("People this week: 1 of 2 answered");
  });

  it("the sentence's own figures give the percent, open check-ins named and left out", () => {
    const p = participationFrom(
      [
        { bucket: 0, sent: 4, completed: 2, expired: 1, pending: 1 },
        { bucket: 1, sent: 1, completed: 0, expired: 1, pending: 0 },
      ],
      2,
      5,
    );
    const sentence = checkInsAnsweredText(p, 4);
    expect(sentence).toBe("2 of 4 check-ins sent answered over 4 weeks; 1 still open, not counted");
    const [answered, closed] = (sentence.match(/^(\d+) of (\d+)/) ?? []).slice(1).map(Number);
    expect(answeredPercent(p)).toBe(`${Math.round(((answered ?? 0) / (closed ?? 1)) * 100)}%`);
    expect(answeredPercent(participationFrom([], 0, 3))).toBe("—");
  });

  it("the digest says the same as the card, for an Admin and for a channel", () => {
    const input = {
      organizationName: "Acme",
      weekOf: "2026-11-23",
      participation: newcomer,
      participationWeeks: 4,
      pillars: [],
      newAlerts: [],
      openAlerts: [],
      blockers: [],
      coaching: [],
      dashboardUrl: "https://app.example/dashboard",
      personUrl: (id: string) => `https://app.example/dashboard/team/${id}`,
    };
    const line =
      "Check-ins answered: 100% (1 of 1 check-in sent answered over 4 weeks). People this week: 1 of 2 answered.";
    expect(digestContent(input).text).toContain(line);
    expect(digestContent(input).html).toContain(line);
    expect(digestChannelMessage(input).text).toContain(line);
    // The contradiction the walkthrough found: a percent of check-ins beside a count of people.
    expect(digestContent(input).text).not.toContain("active people answered this week");
  });
});
