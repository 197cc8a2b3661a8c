import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkInForLink, isOpen, sessionInit } from "../../worker/checkin/link";
import { startingReads } from "../../worker/checkin/organization-config";
import { createDb } from "../../worker/db/client";
import { reserveDailyCap } from "../../worker/lib/daily-caps";
import { dailyCapFor } from "../../worker/shared/daily-limits";
import { ChatClient, claimChat, createCheckIn, type TestCheckIn } from "./checkin-helpers";

/**
 * Issue 26 §7: a check-in's start reads the organization's shard with its link (the routes that
 * may start the chat), not in a D1 request of its own: the stored conversation style and the
 * team's active size ride in the object's init while the check-in's clock has not started.
 */
const db = createDb(env.DB);
const request = () => new Request("https://undertone.test/api/check-in/x/ws");
const plain = { empathyLevel: "low", followUpStyle: "frequent", closureStyle: "reflective" } as const;

async function withStyleAndTeam(checkIn: TestCheckIn, style: unknown, active: number, paused: number) {
  const members = [...Array(active + paused).keys()].map((n) =>
    env.DB.prepare(
      "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, 'Mate', 'Tester', ?, ?)",
    ).bind(
      `${checkIn.organizationId}-m${n}`,
      checkIn.organizationId,
      `m${n}-${checkIn.id}@example.com`,
      n < active ? "active" : "paused",
    ),
  );
  await env.DB.batch([
    env.DB.prepare("insert into organization_settings (organization_id, conversation_style) values (?, ?)").bind(
      checkIn.organizationId,
      style === null ? null : JSON.stringify(style),
    ),
    ...members,
  ]);
}

const linkFor = (checkIn: TestCheckIn, mayStart: boolean) =>
  checkInForLink(db, request(), checkIn.id, checkIn.token, isOpen, { mayStart });

describe("a check-in's start reads its shard with the link", () => {
  it("brings the style and the team's active size (its own organization's, paused members left out) until the clock starts", async () => {
    const checkIn = await createCheckIn();
    await withStyleAndTeam(checkIn, plain, 3, 2);
    // Another organization's members are not counted.
    await withStyleAndTeam(await createCheckIn(), null, 4, 0);

    // The page's read (GET) does not pay for them.
    expect((await linkFor(checkIn, false)).shardReads).toBeUndefined();
    const record = await linkFor(checkIn, true);
    // The check-in's own member and the three others.
    expect(record.shardReads).toEqual({ style: plain, activeMembers: 4 });
    expect(sessionInit(record).shardReads).toEqual({ style: plain, activeMembers: 4 });

    await env.DB.prepare("update check_ins set started_at = ? where id = ?").bind(Date.now(), checkIn.id).run();
    const started = await linkFor(checkIn, true);
    expect(started.shardReads).toBeUndefined();
    expect(sessionInit(started)).not.toHaveProperty("shardReads");
  });

  it("reads no style as the defaults' (null), still counting the team", async () => {
    const checkIn = await createCheckIn();
    expect((await linkFor(checkIn, true)).shardReads).toEqual({ style: null, activeMembers: 1 });
  });

  it("starts with what the link read rather than reading the shard again", async () => {
    const checkIn = await createCheckIn();
    const now = Date.now();
    // Today's model calls three short of a team of none's cap (the shard's team is one: 40 more).
    await reserveDailyCap(db, checkIn.organizationId, "llm", dailyCapFor("llm", 0) - 3, now, Number.MAX_SAFE_INTEGER);
    // The shard says "no style of its own" and one member; the link's reads say otherwise.
    const fromLink = await startingReads(db, checkIn.organizationId, 10, now, { style: plain, activeMembers: 0 });
    expect(fromLink.facts.config.conversation).toMatchObject({
      follow_up_frequency: "frequent",
      closure_style: "reflective",
    });
    expect(fromLink.reservedModelCalls).toBe(3);

    const fromShard = await startingReads(db, checkIn.organizationId, 10, now);
    expect(fromShard.facts.config.conversation.closure_style).not.toBe("reflective");
    expect(fromShard.reservedModelCalls).toBe(10);
  });

  it("a chat opened by its link runs with the organization's own style", async () => {
    const warmCheckIn = await createCheckIn({ firstName: "Ana" });
    const warm = await ChatClient.open(warmCheckIn);
    const warmReply = (await warm.say("It was a normal week, nothing special.")).done?.content;
    warm.close();

    const checkIn = await createCheckIn({ firstName: "Ana" });
    await withStyleAndTeam(checkIn, plain, 0, 0);
    const chat = await ChatClient.open(checkIn);
    const reply = (await chat.say("It was a normal week, nothing special.")).done?.content;
    chat.close();
    expect(reply).not.toBe(warmReply);
    expect(reply).toMatch(/^(Noted|Understood)/);

    // A browser's way: "Start my check-in" starts it, then its socket (with the cookie) joins it.
    const claimed = await createCheckIn({ firstName: "Ana" });
    await withStyleAndTeam(claimed, plain, 0, 0);
    const { response, cookie } = await claimChat(claimed);
    expect(response.status).toBe(200);
    if (!cookie) throw new Error("the claim set no device cookie");
    const browser = await ChatClient.open(claimed, { Cookie: cookie });
    const browserReply = (await browser.say("It was a normal week, nothing special.")).done?.content;
    browser.close();
    expect(browserReply).toMatch(/^(Noted|Understood)/);
  });
});
