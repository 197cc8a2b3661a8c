import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_MODEL_REPLIES, RESERVE_BLOCK } from "../../worker/checkin/model-budget";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { utcDay } from "../../worker/shared/time";
import { ChatClient, createCheckIn, sessionStub, type TestCheckIn, travel } from "./checkin-helpers";

/**
 * What a chat may spend on the model (issue 22 item 5): each model call is counted where it
 * is made — here, in the check-in's object — against the chat's own allowance (200 replies
 * and one judgement) and the organization's daily model calls. Past either, the chat goes on
 * with the embedded interviewer (and the embedded reader judges), and no further request
 * reaches the provider.
 */
type Recorded = { kind: "stream" | "scores" | "other"; body: unknown };
const stats = async () =>
  ((await (await fetch(`${new URL(env.OPENAI_BASE_URL).origin}/__stats`)).json()) as { requests: Recorded[] }).requests;
/** The provider calls a chat made: its member's name is in every request's system prompt. */
const callsFor = async (firstName: string) => (await stats()).filter((r) => JSON.stringify(r.body).includes(firstName));

const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
async function open(checkIn: TestCheckIn) {
  const client = await ChatClient.open(checkIn);
  clients.push(client);
  return client;
}

/** The organization's model calls today, as counted in D1. */
async function usedToday(organizationId: string): Promise<number> {
  return (
    (await env.DB.prepare("select count from rate_limits where key = ?")
      .bind(`cap:llm:${organizationId}:${utcDay(Date.now())}`)
      .first<number>("count")) ?? 0
  );
}

async function setUsedToday(organizationId: string, count: number) {
  await env.DB.prepare(
    "insert into rate_limits (key, window_start, count) values (?, ?, ?) on conflict(key) do update set count = excluded.count",
  )
    .bind(`cap:llm:${organizationId}:${utcDay(Date.now())}`, Date.now(), count)
    .run();
}

describe("model calls are capped where they are made", () => {
  it("counts a chat's replies against the organization's day, and past the cap the chat goes on without the model", async () => {
    const checkIn = await createCheckIn({ firstName: "Capria" });
    // The organization (one active salesperson: 240 a day) has one call left today.
    await setUsedToday(checkIn.organizationId, 239);
    const chat = await open(checkIn);
    await chat.say("The week was fine, pipeline is decent.");
    expect(chat.frames.some((f) => f.type === "fallback")).toBe(false);
    const { done } = await chat.say("Quota feels reachable if two deals close.");
    // The second reply is the embedded interviewer's, with the banner.
    expect(chat.frames.some((f) => f.type === "fallback" && f.active)).toBe(true);
    expect(done?.content.length).toBeGreaterThan(0);
    await chat.say("Workload is heavy, lots of evenings.");
    expect((await callsFor("Capria")).filter((r) => r.kind === "stream")).toHaveLength(1);
    expect(await usedToday(checkIn.organizationId)).toBeGreaterThanOrEqual(240);
    // The chat completes; the judgement is the embedded reader's (no scores request was made).
    await closeAndComplete(chat, checkIn.id);
    expect((await callsFor("Capria")).filter((r) => r.kind === "scores")).toHaveLength(0);
    const judged = await env.DB.prepare("select count(*) as n from sentiment_scores where check_in_id = ?")
      .bind(checkIn.id)
      .first<number>("n");
    expect(judged).toBe(1);
  });

  it("reserves the first block as the chat starts, with its reads: the first reply asks D1 for nothing", async () => {
    const checkIn = await createCheckIn({ firstName: "Earlia" });
    const chat = await open(checkIn);
    // Opened, not yet answered: the block is taken from the organization's day and held by the chat.
    expect(await usedToday(checkIn.organizationId)).toBe(RESERVE_BLOCK);
    const held = await runInDurableObject(sessionStub(checkIn.id), (_instance, state) =>
      state.storage.sql.exec<{ reserved: number }>("select reserved from model_budget").one(),
    );
    expect(held.reserved).toBe(RESERVE_BLOCK);
    // The organization's other chats use up the day meanwhile: this chat's first reply still comes
    // from the model, out of the block it holds (a reservation at the first reply would be refused).
    await setUsedToday(checkIn.organizationId, 240);
    await chat.say("A steady week, two demos booked.");
    expect(chat.frames.some((f) => f.type === "fallback")).toBe(false);
    expect((await callsFor("Earlia")).filter((r) => r.kind === "stream")).toHaveLength(1);
    expect(await usedToday(checkIn.organizationId)).toBe(240);
  });

  it(`allows one chat ${MAX_MODEL_REPLIES} model replies and one judgement, counted in blocks`, async () => {
    const checkIn = await createCheckIn({ firstName: "Budgetta" });
    const chat = await open(checkIn);
    await chat.say("Honestly a long week.");
    // One block taken from the organization's day (as the chat started) for the first replies.
    expect(await usedToday(checkIn.organizationId)).toBe(10);
    // As if the chat had already had all but one of its replies. The running object keeps its
    // count in memory between messages; restarted (evicted), it counts from what is stored.
    await runInDurableObject(sessionStub(checkIn.id), (_instance, state) => {
      state.storage.sql.exec("update model_budget set replies = ?", MAX_MODEL_REPLIES - 1);
    });
    await evictDurableObject(sessionStub(checkIn.id));
    await chat.say("Quota is a stretch this quarter.");
    expect(chat.frames.some((f) => f.type === "fallback")).toBe(false);
    await chat.say("Pricing approvals take days.");
    expect(chat.frames.some((f) => f.type === "fallback" && f.active)).toBe(true);
    expect((await callsFor("Budgetta")).filter((r) => r.kind === "stream")).toHaveLength(2);
  });

  it("counts the judgement too: with the day's calls used up by closing time, the reader judges alone", async () => {
    const checkIn = await createCheckIn({ firstName: "Lastcall" });
    const chat = await open(checkIn);
    for (const answer of ["Tired, honestly.", "Quota is fine.", "The team is great."]) await chat.say(answer);
    expect(chat.frames.some((f) => f.type === "fallback")).toBe(false);
    // Meanwhile the organization's other chats used up the day, and this chat's block is spent.
    await setUsedToday(checkIn.organizationId, 240);
    await runInDurableObject(sessionStub(checkIn.id), (_instance, state) => {
      state.storage.sql.exec("update model_budget set reserved = 0");
    });
    await closeAndComplete(chat, checkIn.id);
    expect((await callsFor("Lastcall")).filter((r) => r.kind === "scores")).toHaveLength(0);
    expect((await callsFor("Lastcall")).filter((r) => r.kind === "stream")).toHaveLength(3);
  });

  it("judges once per chat with the model, counted like a reply", async () => {
    const checkIn = await createCheckIn({ firstName: "Judith" });
    const chat = await open(checkIn);
    for (const answer of ["Tired, honestly.", "Quota is fine.", "The team is great.", "CRM is slow."]) {
      await chat.say(answer);
    }
    await closeAndComplete(chat, checkIn.id);
    expect((await callsFor("Judith")).filter((r) => r.kind === "scores")).toHaveLength(1);
    // Four replies and the judgement came out of the one block reserved.
    expect(await usedToday(checkIn.organizationId)).toBe(10);
  });
});

/** Time is up: the closing message, a moment for the judge (its 4 s window), then completion. */
async function closeAndComplete(chat: ChatClient, checkInId: string) {
  await travel(checkInId, 9.6 * 60_000);
  await chat.waitFor(
    (f) => f.type === "assistant.done" && f.content === DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  await travel(checkInId, 4000);
  await chat.confirmSummary();
}
