import { describe, expect, it } from "vitest";
import { insightsResponseSchema, memberInsightsResponseSchema } from "../../worker/shared/insights";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { DISTRESSED_ANSWERS } from "../fixtures/worker/distressed-answers";
import { createAdmin, requestAs } from "./auth-helpers";
import { ChatClient, claimChat, linkOf, travel } from "./checkin-helpers";
import { request } from "./helpers";

/**
 * The whole loop inside workerd: an admin adds a salesperson and sends a check-in through
 * the API; the salesperson holds the conversation over the check-in's WebSocket (embedded
 * interviewer); the dashboard then shows their scores, a burnout alert and what to do.
 */
describe("from a sent check-in to the dashboard", () => {
  it("a distressed conversation shows up as scores, a burnout alert and a coaching action", async () => {
    const admin = await createAdmin({ companyName: "Flow Co" });
    const added = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: "Jordan", lastName: "Ellis", email: "jordan@flow.example" }),
    });
    const member = teamMemberResponseSchema.parse(await added.json()).member;
    const sent = await requestAs(admin, "/api/check-ins", {
      method: "POST",
      body: JSON.stringify({ teamMemberId: member.id }),
    });
    const { id } = createCheckInResponseSchema.parse(await sent.json());
    // The link goes to Jordan's email; the test derives its token as the email does.
    const { token } = await linkOf(id);

    // The link works on the public check-in route (its token hashes to the stored hash).
    const info = await request(`/api/check-in/${id}?token=${encodeURIComponent(token)}`);
    expect(info.status).toBe(200);
    expect(await info.text()).toContain("Jordan");

    // This "browser" starts it first, so the chat is its own: the socket carries its device cookie.
    const { cookie } = await claimChat({ id, token });
    const chat = await ChatClient.open({ id, token }, { Cookie: cookie ?? "" });
    for (const answer of DISTRESSED_ANSWERS) await chat.say(answer);
    await travel(id, 4000);
    await chat.confirmSummary();
    chat.close();

    const insights = insightsResponseSchema.parse(await (await requestAs(admin, "/api/insights?range=4w")).json());
    expect(insights.hasData).toBe(true);
    const jordan = insights.people.find((person) => person.id === member.id);
    expect(jordan?.latest?.stress).toBeGreaterThanOrEqual(70);
    expect(jordan?.risk).toBe("high");
    expect(insights.pillars.find((card) => card.pillar === "burnout_risks")?.value).toBe(jordan?.latest?.stress);
    expect(
      insights.alerts.items.some((alert) => alert.category === "burnout" && alert.teamMember?.id === member.id),
    ).toBe(true);
    const coaching = insights.coaching.find((action) => action.id === `burnout:${member.id}`);
    expect(coaching?.title).toBe("Book a 1:1 with Jordan Ellis about workload");
    expect(insights.blockers.length).toBeGreaterThan(0);
    expect(insights.participation).toMatchObject({ completed: 1, membersThisWeek: 1 });

    const person = memberInsightsResponseSchema.parse(
      await (await requestAs(admin, `/api/insights/members/${member.id}`)).json(),
    );
    expect(person.latest?.stress).toBe(jordan?.latest?.stress);
    expect(person.coaching[0]?.id).toBe(`burnout:${member.id}`);
    // Scores, themes and alerts — never the words.
    const everything = JSON.stringify([insights, person]);
    for (const answer of DISTRESSED_ANSWERS) expect(everything).not.toContain(answer);
  });
});
