import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { NOT_FOUND_MESSAGE } from "../../worker/checkin/link";
import { hashCheckInToken } from "../../worker/checkin/token";
import { platformDb } from "../../worker/db/shards";
import { CLOSED_ANSWERS } from "../../worker/shared/checkin-protocol";
import {
  checkInActionResponseSchema,
  checkInListResponseSchema,
  createCheckInResponseSchema,
  teamMemberResponseSchema,
} from "../../worker/shared/team";
import { resendDedupeKey, resendDedupeKeyFor } from "../../worker/team/check-ins";
import { createAdmin, latestEmail, requestAs, type TestAdmin } from "./auth-helpers";
import { ChatClient, linkOf, objectTables, sessionStub, upgrade, wsPath } from "./checkin-helpers";
import { countRows, request } from "./helpers";
import { eventually } from "./notify-helpers";

/** /api/check-ins: sending (with the email through the transport), listing, resend and revoke. */

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const HOUR = 60 * 60 * 1000;

async function addMember(admin: TestAdmin, email: string, firstName = "Maya") {
  const response = await requestAs(admin, "/api/team-members", post({ firstName, lastName: "Chen", email }));
  expect(response.status).toBe(201);
  return teamMemberResponseSchema.parse(await response.json()).member;
}
const send = (admin: TestAdmin, body: unknown) => requestAs(admin, "/api/check-ins", post(body));

describe("POST /api/check-ins", () => {
  let admin: TestAdmin;
  beforeAll(async () => {
    admin = await createAdmin({ companyName: "Send Co" });
  });

  it("creates a pending check-in and emails the link to the member only: the Admin's answer never carries it", async () => {
    const member = await addMember(admin, "maya@send.example");
    const before = Date.now();
    const response = await send(admin, { teamMemberId: member.id });
    expect(response.status).toBe(201);
    const raw = await response.text();
    const body = createCheckInResponseSchema.parse(JSON.parse(raw));
    expect(body.email).toBe("sent");
    const { token } = await linkOf(body.id);
    const link = `http://localhost:5173/check-in/${body.id}?token=${token}`;
    expect(raw).not.toContain(token);
    expect(raw).not.toContain("token");

    const row = await env.DB.prepare("select * from check_ins where id = ?")
      .bind(body.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      organization_id: admin.organizationId,
      team_member_id: member.id,
      // Who sent it (drizzle/0017_shards.sql: created_by, with its foreign key to user, stays null).
      sent_by: admin.userId,
      created_by: null,
      status: "pending",
      duration_minutes: 10,
      schedule_key: null,
    });
    // Only the hash is stored; the max response time (72 h by default) sets the expiry.
    expect(row?.token_hash).toBe(await hashCheckInToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Number(row?.expires_at) - before).toBeGreaterThanOrEqual(72 * HOUR - 5000);
    expect(Number(row?.expires_at) - before).toBeLessThanOrEqual(72 * HOUR + 5000);

    // Invitations go through the notifications queue: the email lands a moment later.
    const email = await eventually(() => latestEmail("maya@send.example", "check_in_invite"));
    expect(email).toMatchObject({ status: "sent", subject: "Send Co: your 10-minute check-in is ready" });
    expect(email?.text).toContain(link);
    expect(email?.text).toContain("never what you write");

    // The list never carries the token.
    const list = await (await requestAs(admin, "/api/check-ins")).text();
    expect(list).not.toContain(token);
    expect(list).not.toContain(String(row?.token_hash));
    // Nor does a resend.
    const resent = await requestAs(admin, `/api/check-ins/${body.id}/resend`, { method: "POST" });
    expect(resent.status).toBe(200);
    expect(await resent.text()).not.toContain(token);
  });

  it("refuses to hand the Admin a link to share (sendEmail: false), a second open check-in, and a paused or unknown member", async () => {
    const member = await addMember(admin, "liam@send.example", "Liam");
    const shared = await send(admin, { teamMemberId: member.id, sendEmail: false });
    expect(shared.status).toBe(400);
    expect(await shared.json()).toMatchObject({ error: { code: "link_is_emailed" } });
    expect(
      await env.DB.prepare("select count(*) as n from check_ins where team_member_id = ?").bind(member.id).first("n"),
    ).toBe(0);
    expect(await latestEmail("liam@send.example", "check_in_invite")).toBeNull();
    const first = createCheckInResponseSchema.parse(await (await send(admin, { teamMemberId: member.id })).json());
    expect(first.email).toBe("sent");

    const second = await send(admin, { teamMemberId: member.id });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { code: "check_in_pending" } });

    const paused = await addMember(admin, "paused@send.example", "Pat");
    await requestAs(admin, `/api/team-members/${paused.id}`, {
      method: "PATCH",
      body: JSON.stringify({ status: "inactive" }),
    });
    expect((await send(admin, { teamMemberId: paused.id })).status).toBe(409);
    expect((await send(admin, { teamMemberId: "no-such-member" })).status).toBe(404);
    expect((await send(admin, {})).status).toBe(400);
    expect((await send(admin, { teamMemberId: member.id, sendEmail: "yes" })).status).toBe(400);
    expect((await request("/api/check-ins", post({ teamMemberId: member.id }))).status).toBe(401);
  });

  it("uses the organization's duration and max response time", async () => {
    const saved = await requestAs(admin, "/api/check-in-settings", {
      method: "PUT",
      body: JSON.stringify({
        frequency: "weekly",
        durationMinutes: 15,
        autoReminders: true,
        reminderIntervalHours: 12,
        maxResponseHours: 48,
        schedulingEnabled: false,
      }),
    });
    expect(saved.status).toBe(200);
    const member = await addMember(admin, "sofia@send.example", "Sofia");
    const before = Date.now();
    const body = createCheckInResponseSchema.parse(await (await send(admin, { teamMemberId: member.id })).json());
    const row = await env.DB.prepare("select duration_minutes, expires_at from check_ins where id = ?")
      .bind(body.id)
      .first<{ duration_minutes: number; expires_at: number }>();
    expect(row?.duration_minutes).toBe(15);
    expect(Math.abs((row?.expires_at ?? 0) - before - 48 * HOUR)).toBeLessThan(5000);
  });

  it("refuses reminders that could never go out (an interval not shorter than the expiry), and keeps what was saved", async () => {
    const put = (body: Record<string, unknown>) =>
      requestAs(admin, "/api/check-in-settings", {
        method: "PUT",
        body: JSON.stringify({ frequency: "weekly", durationMinutes: 15, schedulingEnabled: false, ...body }),
      });
    const saved = await put({ autoReminders: true, reminderIntervalHours: 12, maxResponseHours: 48 });
    expect(saved.status).toBe(200);
    const refused = await put({ autoReminders: true, reminderIntervalHours: 48, maxResponseHours: 48 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Reminders must come sooner: make the interval shorter than the time a link works (48 hours).",
    );
    const kept = (await (await requestAs(admin, "/api/check-in-settings")).json()) as {
      settings: { reminderIntervalHours: number };
    };
    expect(kept.settings.reminderIntervalHours).toBe(12);
    // With reminders off the interval is not used, so any value within its bounds is kept.
    expect((await put({ autoReminders: false, reminderIntervalHours: 48, maxResponseHours: 24 })).status).toBe(200);
  });
});

describe("GET /api/check-ins, resend and revoke", () => {
  let admin: TestAdmin;
  const ids: string[] = [];
  beforeAll(async () => {
    admin = await createAdmin({ companyName: "List Co" });
    for (const name of ["Ana", "Ben", "Cy"]) {
      const member = await addMember(admin, `${name.toLowerCase()}@list.example`, name);
      const body = createCheckInResponseSchema.parse(await (await send(admin, { teamMemberId: member.id })).json());
      ids.push(body.id);
    }
  });

  it("pages newest first with a cursor and filters by status", async () => {
    const first = checkInListResponseSchema.parse(await (await requestAs(admin, "/api/check-ins?limit=2")).json());
    expect(first.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({ status: "pending", source: "manual", reminderCount: 0 });
    expect(first.nextCursor).not.toBeNull();
    const second = checkInListResponseSchema.parse(
      await (await requestAs(admin, `/api/check-ins?limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.items.map((i) => i.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();

    await env.DB.prepare("update check_ins set status = 'completed', completed_at = ? where id = ?")
      .bind(Date.now(), ids[0])
      .run();
    const completed = checkInListResponseSchema.parse(
      await (await requestAs(admin, "/api/check-ins?status=completed")).json(),
    );
    expect(completed.items.map((i) => i.id)).toEqual([ids[0]]);
    const pending = checkInListResponseSchema.parse(
      await (await requestAs(admin, "/api/check-ins?status=pending")).json(),
    );
    expect(pending.items.map((i) => i.id).sort()).toEqual([ids[1], ids[2]].sort());

    for (const bad of ["?status=done", "?limit=0", "?limit=101", "?limit=x", "?cursor=nope"]) {
      expect((await requestAs(admin, `/api/check-ins${bad}`)).status, bad).toBe(400);
    }
  });

  it("resends the same working link, and refuses a completed one", async () => {
    const response = await requestAs(admin, `/api/check-ins/${ids[1]}/resend`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(checkInActionResponseSchema.parse(await response.json())).toMatchObject({ email: "sent" });
    const email = await latestEmail("ben@list.example", "check_in_invite");
    expect(email?.text).toContain(`/check-in/${ids[1]}?token=${(await linkOf(ids[1] ?? "")).token}`);
    // The first invitation came through the notifications queue; the resend is sent at once.
    await eventually(
      async () =>
        (await countRows("email_outbox", "to_address = 'ben@list.example' and kind = 'check_in_invite'")) === 2,
    );
    // A double click within the minute is delivered once.
    await requestAs(admin, `/api/check-ins/${ids[1]}/resend`, { method: "POST" });
    expect(await countRows("email_outbox", "to_address = 'ben@list.example' and kind = 'check_in_invite'")).toBe(2);

    const done = await requestAs(admin, `/api/check-ins/${ids[0]}/resend`, { method: "POST" });
    expect(done.status).toBe(409);
  });

  it("refuses to resend a paused member's check-in (no emails reach them), and changes nothing", async () => {
    // An organization of its own: List Co's trial already has its three active members.
    const admin = await createAdmin({ companyName: "Paused Co" });
    const dee = await addMember(admin, "dee@list.example", "Dee");
    const { id } = createCheckInResponseSchema.parse(await (await send(admin, { teamMemberId: dee.id })).json());
    const invites = "to_address = 'dee@list.example' and kind = 'check_in_invite'";
    await eventually(async () => (await countRows("email_outbox", invites)) === 1);
    const paused = await requestAs(admin, `/api/team-members/${dee.id}`, {
      method: "PATCH",
      body: JSON.stringify({ status: "inactive" }),
    });
    expect(paused.status).toBe(200);
    const rowOf = () => env.DB.prepare("select * from check_ins where id = ?").bind(id).first();
    const before = await rowOf();

    const response = await requestAs(admin, `/api/check-ins/${id}/resend`, { method: "POST" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: "member_paused", message: "Dee is paused, so no emails reach them. Resume them to resend." },
    });
    expect(await rowOf()).toEqual(before);
    expect(await countRows("email_outbox", invites)).toBe(1);
    // The list says so, for the page to offer no Resend.
    const list = checkInListResponseSchema.parse(
      await (await requestAs(admin, `/api/check-ins?teamMemberId=${dee.id}`)).json(),
    );
    expect(list.items[0]?.teamMember).toMatchObject({ id: dee.id, status: "inactive" });
  });

  it("takes a double click across the minute's turn for one resend, and a resend a minute later for a new one", async () => {
    const checkInId = `dedupe-${crypto.randomUUID()}`;
    const lastSecond = (Math.floor(Date.now() / 60_000) - 5) * 60_000 + 59_900;
    await env.DB.prepare(
      "insert into email_outbox (id, to_address, subject, html, text, kind, dedupe_key, status, created_at) values (?, 'x@list.example', 's', 'h', 't', 'check_in_invite', ?, 'sent', ?)",
    )
      .bind(crypto.randomUUID(), resendDedupeKey(checkInId, lastSecond), lastSecond)
      .run();
    const db = platformDb(env);
    // 200 ms later, in the next minute: the same key, so the Mailer sends nothing more.
    expect(await resendDedupeKeyFor(db, checkInId, lastSecond + 200)).toBe(resendDedupeKey(checkInId, lastSecond));
    // A minute after the first: a new key, a new email.
    expect(await resendDedupeKeyFor(db, checkInId, lastSecond + 60_100)).toBe(
      resendDedupeKey(checkInId, lastSecond + 60_100),
    );
  });

  it("revokes a pending check-in: it expires and cannot be resent", async () => {
    const response = await requestAs(admin, `/api/check-ins/${ids[2]}/revoke`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(checkInActionResponseSchema.parse(await response.json()).checkIn.status).toBe("expired");
    const row = await env.DB.prepare("select status, expires_at from check_ins where id = ?")
      .bind(ids[2])
      .first<{ status: string; expires_at: number }>();
    expect(row?.status).toBe("expired");
    expect(row?.expires_at).toBeLessThanOrEqual(Date.now());
    expect((await requestAs(admin, `/api/check-ins/${ids[2]}/resend`, { method: "POST" })).status).toBe(409);
    // Revoking again is harmless; a completed one cannot be revoked.
    expect((await requestAs(admin, `/api/check-ins/${ids[2]}/revoke`, { method: "POST" })).status).toBe(200);
    expect((await requestAs(admin, `/api/check-ins/${ids[0]}/revoke`, { method: "POST" })).status).toBe(409);
    // The member can be sent a new one now.
    const cy = await env.DB.prepare("select team_member_id as id from check_ins where id = ?")
      .bind(ids[2])
      .first<{ id: string }>();
    expect((await send(admin, { teamMemberId: cy?.id })).status).toBe(201);
  });

  it("revoking ends a chat that is open in the salesperson's browser, and keeps nothing of it", async () => {
    // A new organization: the trial's three members are taken above.
    const owner = await createAdmin({ companyName: "Revoke Co" });
    const member = await addMember(owner, "dee@revoke.example", "Dee");
    const sent = createCheckInResponseSchema.parse(await (await send(owner, { teamMemberId: member.id })).json());
    const link = await linkOf(sent.id);
    const chat = await ChatClient.open(link);
    const other = await ChatClient.open(link);
    await chat.say("Pipeline is thin this month and I'm worried about it.");
    expect((await objectTables(sent.id)).messages).toBeGreaterThan(0);

    const mark = chat.frames.length;
    expect((await requestAs(owner, `/api/check-ins/${sent.id}/revoke`, { method: "POST" })).status).toBe(200);
    // Both tabs are told why and closed; the page says it was withdrawn, not that it expired.
    for (const tab of [chat, other]) {
      const snapshot = await tab.waitFor<"snapshot">((f) => f.type === "snapshot" && f.status === "expired", {
        after: tab === chat ? mark : 0,
      });
      expect(snapshot.closedReason).toBe("revoked");
      await vi.waitFor(() => expect(tab.closed).toBe(true));
    }
    // Nothing of the conversation is kept, in the object or in D1, and it never completes.
    await vi.waitFor(async () => expect((await objectTables(sent.id)).session).toBeUndefined());
    expect(await runDurableObjectAlarm(sessionStub(sent.id))).toBe(false);
    const row = await env.DB.prepare("select status, completed_at from check_ins where id = ?")
      .bind(sent.id)
      .first<{ status: string; completed_at: number | null }>();
    expect(row).toEqual({ status: "expired", completed_at: null });
    expect(await countRows("check_in_messages", `check_in_id = '${sent.id}'`)).toBe(0);
    expect(await countRows("sentiment_scores", `check_in_id = '${sent.id}'`)).toBe(0);
    // The link is dead for a new tab too, and a later visit says it was withdrawn.
    expect((await upgrade(wsPath(link))).status).toBe(410);
    const later = await request(`/api/check-in/${sent.id}?token=${encodeURIComponent(link.token)}`);
    expect(later.status).toBe(410);
    expect(await later.json()).toMatchObject({ error: CLOSED_ANSWERS.revoked });
  });

  it("a check-in that simply ran out still says not found, never withdrawn", async () => {
    const owner = await createAdmin({ companyName: "Lapse Co" });
    const member = await addMember(owner, "eve@lapse.example", "Eve");
    const sent = createCheckInResponseSchema.parse(await (await send(owner, { teamMemberId: member.id })).json());
    const link = await linkOf(sent.id);
    // As the cron leaves one past its expires_at.
    await env.DB.prepare("update check_ins set status = 'expired', expires_at = ? where id = ?")
      .bind(Date.now() - HOUR, sent.id)
      .run();
    const later = await request(`/api/check-in/${sent.id}?token=${encodeURIComponent(link.token)}`);
    expect(later.status).toBe(404);
    expect(await later.json()).toMatchObject({ error: { message: NOT_FOUND_MESSAGE } });
    expect((await upgrade(wsPath(link))).status).toBe(404);
  });
});
