import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CORRECTED_NOTE } from "../../worker/checkin/corrections";
import { createDb } from "../../worker/db/client";
import { checkIns, sentimentScores } from "../../worker/db/schema";
import { decodeDimensions } from "../../worker/db/score-flags";
import { SUMMARY_SCALES, SUMMARY_WAIT_MS } from "../../worker/shared/check-in-summary";
import { ERROR_MESSAGES, type ServerFrame } from "../../worker/shared/checkin-protocol";
import { judgementOverviewSchema } from "../../worker/shared/console/judgement";
import { memberInsightsResponseSchema } from "../../worker/shared/insights";
import { SELF_RATINGS } from "../../worker/shared/self-rating";
import { teamMemberResponseSchema } from "../../worker/shared/team";
import { createAdmin, createSuperAdmin, requestAs } from "./auth-helpers";
import {
  type ChatClient,
  chatOpener,
  createCheckIn,
  d1Count,
  objectTables,
  renderedAlert,
  sessionStub,
  travel,
} from "./checkin-helpers";

/**
 * Issue 24 items 6–8 through the real socket, object, alarms and D1: the one-tap ratings
 * asked once and recorded with their question, the closing summary the salesperson confirms
 * or corrects (or that completes by itself after two minutes), the corrections kept and
 * counted, and needs_review shown through the API.
 */
const open = chatOpener();

const ANSWERS = [
  "Honestly it's been a rough week, I'm exhausted and behind on everything.",
  "I'm working most evenings and the pressure is pretty constant, I barely sleep.",
  "Discount approvals take forever and my deals keep stalling while I wait.",
  "Quota feels out of reach this quarter, I'm worried I'll miss it.",
  "My team is great, they really help each other out.",
  "I closed a big renewal last week and I'm proud of it.",
  "The CRM admin eats an hour of my day.",
  "I'd like more coaching on negotiation.",
  "My manager is supportive but very busy.",
  "Nothing else really.",
];

/** Answers until the interviewer asks a rating; returns the question's frame. */
async function untilRating(chat: ChatClient, answers: string[]) {
  for (let answer = answers.shift(); answer !== undefined; answer = answers.shift()) {
    const { done } = await chat.say(answer);
    if (done?.rating) return done;
  }
  throw new Error("no rating was asked");
}

/** Closes the chat as time runs out and waits for the summary. */
async function closeAndSummarise(chat: ChatClient, checkInId: string) {
  await travel(checkInId, 10 * 60_000);
  await travel(checkInId, 4000);
  return chat.waitFor<"summary">((f) => f.type === "summary");
}

describe("the one-tap ratings", () => {
  it("are each asked once by the embedded interviewer, answered by a tap or by typing, and stored", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    const answers = [...ANSWERS];
    const first = await untilRating(chat, answers);
    expect(first.rating).toBe("burnout");
    expect(first.content).toContain(SELF_RATINGS.burnout.question);
    // The tap sends the choice's words: an ordinary message.
    const tapped = SELF_RATINGS.burnout.choices[3]?.label ?? "";
    const { done: next } = await chat.say(tapped);
    expect(next?.rating).toBeUndefined();
    const second = await untilRating(chat, answers);
    expect(second.rating).toBe("confidence");
    await chat.say("prob a 2 tbh");
    // Each is asked once: no further rating question.
    for (const answer of ["Fine.", "Nothing else."]) expect((await chat.say(answer)).done?.rating).toBeUndefined();
    // A reconnecting page sees which message asked a rating.
    const page = await open(checkIn);
    expect(
      page
        .latestSnapshot()
        ?.messages.filter((m) => m.rating)
        .map((m) => m.rating),
    ).toEqual(["burnout", "confidence"]);

    await closeAndSummarise(chat, checkIn.id);
    await chat.confirmSummary();
    const row = await env.DB.prepare(
      "select burnout_rating, confidence_rating from sentiment_scores where check_in_id = ?",
    )
      .bind(checkIn.id)
      .first<{ burnout_rating: number; confidence_rating: number }>();
    expect(row).toEqual({ burnout_rating: 4, confidence_rating: 2 });
  });
});

describe("the closing summary", () => {
  it("is announced as the closing message arrives: every page learns at once that the chat is closing, before the summary", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    const other = await open(checkIn);
    await chat.say(ANSWERS[0] ?? "");
    const mark = chat.frames.length;
    const otherMark = other.frames.length;
    await travel(checkIn.id, 10 * 60_000);
    for (const [page, after] of [
      [chat, mark],
      [other, otherMark],
    ] as const) {
      const closing = await page.waitFor<"snapshot">((f) => f.type === "snapshot", { after });
      // The page closes its answer box on this, instead of inviting answers nobody will reply to.
      expect(closing.status).toBe("closing");
      expect(closing.summary).toBeUndefined();
      expect(closing.messages.at(-1)?.sender).toBe("assistant");
      expect(page.frames.slice(after).some((f) => f.type === "summary")).toBe(false);
    }
    // An answer already on its way when the closing came is still stored (acked), not lost.
    const late = await chat.say("Sent just as it closed.", { reply: false });
    expect(late.ack.messageId).toBeTruthy();
    await travel(checkIn.id, 4000);
    await chat.confirmSummary();
  });

  it("shows each reading in plain words and the blocker themes, never their words; a correction is stored as their reading", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    for (const answer of ANSWERS.slice(0, 4)) await chat.say(answer);
    const { summary } = await closeAndSummarise(chat, checkIn.id);
    expect(summary.readings.map((r) => r.dimension)).toEqual([
      "morale",
      "confidence",
      "stress",
      "sales_strength",
      "blockers",
    ]);
    const raw = chat.raw.find((r) => r.includes('"type":"summary"')) ?? "";
    for (const answer of ANSWERS) expect(raw).not.toContain(answer.slice(0, 20));
    expect(summary.blockers).toEqual(expect.arrayContaining(["Pricing approvals"]));
    const stress = summary.readings.find((r) => r.dimension === "stress");
    expect(stress?.read).toBe("high");
    // Answers bore on workload, so a doubt about it is "heavy (not sure)", never "didn't hear enough".
    expect(stress?.heard).toBe(true);

    // Once the summary is up the conversation is fixed: a new message is refused.
    chat.send({ type: "message", clientId: crypto.randomUUID(), content: "One more thing!" });
    await chat.waitFor((f) => f.type === "error" && f.code === "check_in_closed");

    // Marked wrong: workload was only "stretched". Every tab sees the corrected summary.
    const mark = chat.frames.length;
    chat.send({ type: "summary.correct", dimension: "stress", band: "middle" });
    const corrected = await chat.waitFor<"summary">((f) => f.type === "summary", { after: mark });
    expect(corrected.summary.readings.find((r) => r.dimension === "stress")?.corrected).toBe("middle");
    // Anything else is not a correction.
    chat.send({ type: "summary.correct", dimension: "stress", band: "very high" });
    await chat.waitFor((f) => f.type === "error" && f.code === "invalid_frame", { after: mark });

    await chat.confirmSummary();
    const scores = await env.DB.prepare(
      "select stress, corrected, stress_agreement from sentiment_scores where check_in_id = ?",
    )
      .bind(checkIn.id)
      .first<{ stress: number; corrected: string; stress_agreement: number }>();
    expect(scores?.stress).toBe(SUMMARY_SCALES.stress.bands.middle.score);
    // One letter per corrected score (db/score-flags.ts): stress.
    expect(scores?.corrected).toBe("s");
    expect(decodeDimensions(scores?.corrected)).toEqual(["stress"]);
    expect(scores?.stress_agreement).toBe(100);
    const kept = await env.DB.prepare(
      "select dimension, read_band, chosen_band from score_corrections where check_in_id = ?",
    )
      .bind(checkIn.id)
      .all();
    expect(kept.results).toEqual([{ dimension: "stress", read_band: "high", chosen_band: "middle" }]);
    // Their own reading no longer crosses the burnout line; another alert's reasons are untouched.
    expect(await d1Count("risk_alerts", "check_in_id = ? and category = 'burnout'", checkIn.id)).toBe(0);
  });

  it("a correction to the worst band raises the alert, which says the salesperson corrected it", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    await chat.say("Morale is great, I love this team and the work.");
    await chat.say("Honestly my workload is fine.");
    await closeAndSummarise(chat, checkIn.id);
    chat.send({ type: "summary.correct", dimension: "stress", band: "high" });
    await chat.waitFor<"summary">(
      (f) => f.type === "summary" && f.summary.readings.some((r) => r.corrected === "high"),
    );
    await chat.confirmSummary();
    const alert = await renderedAlert(checkIn.id, "burnout");
    expect(alert?.message).toContain(CORRECTED_NOTE);
    // Stored as its facts, the note's code among them: no message, no id (drizzle/0021).
    expect(alert?.stored).toMatchObject({ id: null, message: null, facts: expect.stringMatching(/^\d+(,[^,]+)*,!c$/) });
  });

  it("completes by itself two minutes later with the corrections made, when the tab was closed", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    await chat.say(ANSWERS[0] ?? "");
    const { summary } = await closeAndSummarise(chat, checkIn.id);
    expect(summary.completesAt - Date.now()).toBeGreaterThan(SUMMARY_WAIT_MS - 60_000);
    chat.send({ type: "summary.correct", dimension: "morale", band: "high" });
    await chat.waitFor((f) => f.type === "summary" && f.summary.readings.some((r) => r.corrected === "high"));
    chat.close();
    // A page that reconnects meanwhile gets the summary in its snapshot.
    const again = await open(checkIn);
    expect(again.latestSnapshot()?.summary?.readings.find((r) => r.dimension === "morale")?.corrected).toBe("high");
    again.close();
    expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(0);
    await travel(checkIn.id, SUMMARY_WAIT_MS - 10_000);
    expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(0);
    await travel(checkIn.id, 10_000);
    expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(1);
    expect(await d1Count("score_corrections", "check_in_id = ? and dimension = 'morale'", checkIn.id)).toBe(1);
    // The completion alarm has done its work; the one alarm now serves the transcript's erasure
    // (README → "Transcripts stay in the check-in object"), which keeps the messages until then.
    const tables = await objectTables(checkIn.id);
    expect(tables.session?.status).toBe("completed");
    expect(tables.pending).toEqual([]);
    expect(tables.messages).toBeGreaterThan(0);
    expect(tables.schedule.map((row) => row.kind)).toEqual(["erase"]);
  });

  it("restarts the wait at each correction: every device and a reload see the new deadline, and it completes then, not before", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    const other = await open(checkIn);
    await chat.say(ANSWERS[0] ?? "");
    await closeAndSummarise(chat, checkIn.id);
    // Most of the two minutes go by while they think about a reading.
    await travel(checkIn.id, SUMMARY_WAIT_MS - 30_000);
    const mark = other.frames.length;
    chat.send({ type: "summary.correct", dimension: "morale", band: "high" });
    const { summary } = await other.waitFor<"summary">((f) => f.type === "summary", { after: mark });
    // The full wait again, on the other device too.
    expect(summary.completesAt - Date.now()).toBeGreaterThan(SUMMARY_WAIT_MS - 10_000);
    chat.close();
    other.close();
    // Kept by the object: an evicted object's reloaded page shows the same deadline.
    await evictDurableObject(sessionStub(checkIn.id), { webSockets: "close" });
    const reloaded = await open(checkIn);
    expect(reloaded.latestSnapshot()?.summary?.completesAt).toBe(summary.completesAt);
    reloaded.close();
    // The old deadline passes: still waiting.
    await travel(checkIn.id, 60_000);
    expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(0);
    expect((await objectTables(checkIn.id)).session?.status).toBe("closing");
    // The new one: completed as corrected.
    await travel(checkIn.id, SUMMARY_WAIT_MS - 60_000);
    expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(1);
    expect(await d1Count("score_corrections", "check_in_id = ? and dimension = 'morale'", checkIn.id)).toBe(1);
  });

  it("refuses a confirmation or correction while there is no summary", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    await chat.say("Busy but fine.");
    chat.send({ type: "summary.confirm" });
    const refused = await chat.waitFor<"error">((f) => f.type === "error");
    expect(refused).toMatchObject({ code: "no_summary", message: ERROR_MESSAGES.no_summary });
    chat.send({ type: "summary.correct", dimension: "morale", band: "low" });
    await chat.waitFor((f: ServerFrame) => f.type === "error" && f !== refused);
    expect((await objectTables(checkIn.id)).session?.status).toBe("active");
  });
});

/**
 * The flags as a completion stores them now (db/score-flags.ts, issue 26 §1) and as rows written
 * before stored them (JSON): the API says the same of both.
 */
const STORED_FLAGS = [
  { form: "compact", review: "stress:82:40", uncertain: "sa", corrected: "c" },
  {
    form: "JSON, as rows written before",
    review: JSON.stringify({ review: [{ dimension: "stress", llm: 82, reader: 40 }] }),
    uncertain: JSON.stringify(["stress", "sales_strength"]),
    corrected: JSON.stringify(["confidence"]),
  },
];

describe("disputes and corrections through the API", () => {
  it.each(STORED_FLAGS)(
    "the person page's API says which readings are uncertain, disputed and corrected ($form); another organization gets 404",
    async (stored) => {
      const admin = await createAdmin({ companyName: "Disputed Readings Co" });
      const other = await createAdmin({ companyName: "Other Co" });
      const added = await requestAs(admin, "/api/team-members", {
        method: "POST",
        body: JSON.stringify({ firstName: "Dee", lastName: "Sputed", email: `dee-${Date.now()}@disputed.example` }),
      });
      const member = teamMemberResponseSchema.parse(await added.json()).member;
      const at = new Date(Date.now() - 60 * 60 * 1000);
      const db = createDb(env.DB);
      const id = `disputed-${member.id}`;
      await db.insert(checkIns).values({
        id,
        organizationId: admin.organizationId,
        teamMemberId: member.id,
        tokenHash: `hash-${id}`,
        status: "completed",
        expiresAt: new Date(at.getTime() + 86_400_000),
        completedAt: at,
        needsReview: true,
        conversationState: stored.review,
      });
      await db.insert(sentimentScores).values({
        organizationId: admin.organizationId,
        checkInId: id,
        teamMemberId: member.id,
        morale: 55,
        confidence: 30,
        stress: 82,
        salesStrength: 70,
        blockers: 60,
        conversationQualityScore: 70,
        recordedAt: at,
        uncertain: stored.uncertain,
        corrected: stored.corrected,
      });
      const response = await requestAs(admin, `/api/insights/members/${member.id}`);
      expect(response.status).toBe(200);
      const body = memberInsightsResponseSchema.parse(await response.json());
      expect(body.latest).toMatchObject({
        uncertain: ["stress", "sales_strength"],
        corrected: ["confidence"],
        disputed: [{ dimension: "stress", llm: 82, reader: 40 }],
      });
      const card = (pillar: string) => body.pillars.find((c) => c.pillar === pillar);
      expect(card("burnout_risks")).toMatchObject({ uncertain: true, disputed: true });
      expect(card("quota_confidence")).toMatchObject({ corrected: true });
      expect(card("quota_confidence")?.uncertain).toBeUndefined();
      expect(card("morale")?.uncertain).toBeUndefined();
      // The team overview marks the uncertain scores too.
      const team = (await (await requestAs(admin, "/api/insights")).json()) as {
        people: { id: string; latest: { uncertain?: string[] } | null }[];
      };
      expect(team.people.find((p) => p.id === member.id)?.latest?.uncertain).toEqual(["stress", "sales_strength"]);
      // Tenancy: another organization's admin sees nothing of it.
      expect((await requestAs(other, `/api/insights/members/${member.id}`)).status).toBe(404);
    },
  );

  it("the console counts corrections per score and lists disputed check-ins; only for the operator", async () => {
    const operator = await createSuperAdmin();
    const admin = await createAdmin({ companyName: "Not An Operator Co" });
    expect((await requestAs(admin, "/api/admin/sentiment/judgement")).status).toBe(403);
    const before = judgementOverviewSchema.parse(
      await (await requestAs(operator, "/api/admin/sentiment/judgement")).json(),
    );

    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    await chat.say(ANSWERS[0] ?? "");
    await closeAndSummarise(chat, checkIn.id);
    chat.send({ type: "summary.correct", dimension: "blockers", band: "high" });
    await chat.waitFor((f) => f.type === "summary" && f.summary.readings.some((r) => r.corrected === "high"));
    await chat.confirmSummary();
    await env.DB.prepare("update check_ins set needs_review = 1, conversation_state = ? where id = ?")
      .bind(JSON.stringify({ review: [{ dimension: "morale", llm: 80, reader: 30 }] }), checkIn.id)
      .run();

    const after = judgementOverviewSchema.parse(
      await (await requestAs(operator, "/api/admin/sentiment/judgement")).json(),
    );
    const blockers = (o: typeof after) => o.corrections.find((c) => c.dimension === "blockers");
    expect((blockers(after)?.total ?? 0) - (blockers(before)?.total ?? 0)).toBe(1);
    expect((blockers(after)?.byChosen.high ?? 0) - (blockers(before)?.byChosen.high ?? 0)).toBe(1);
    expect(after.correctedCheckIns - before.correctedCheckIns).toBe(1);
    expect(after.disputed.find((d) => d.checkInId === checkIn.id)).toMatchObject({
      organizationName: "Acme Sales",
      disputes: [{ dimension: "morale", llm: 80, reader: 30 }],
    });
    // Labels and figures only: nothing the salesperson wrote.
    expect(JSON.stringify(after)).not.toContain("exhausted");
  });
});
