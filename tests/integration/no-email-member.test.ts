import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { hashCheckInToken } from "../../worker/checkin/token";
import { createDb } from "../../worker/db/client";
import { type EmailMessage, sendEmail } from "../../worker/email/send";
import { readConfig } from "../../worker/lib/config";
import { runSchedule } from "../../worker/schedule/run";
import {
  checkInInfoSchema,
  NO_EMAIL_FRESH_LINK_MESSAGE,
  openElsewhereSchema,
} from "../../worker/shared/checkin-protocol";
import {
  checkInActionResponseSchema,
  createCheckInResponseSchema,
  teamListResponseSchema,
  teamMemberResponseSchema,
} from "../../worker/shared/team";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { claimChat } from "./checkin-helpers";
import { countRows } from "./helpers";

/**
 * A team member without an email (issue 12 §1): the Admin's answer carries the link — only
 * for them — and whoever starts it first owns the chat. Nothing is emailed or queued for them,
 * the schedule skips them, and they cannot get an email while a check-in is open.
 */

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const patch = (body: unknown): RequestInit => ({ method: "PATCH", body: JSON.stringify(body) });
const LINK = /^http:\/\/localhost(?::\d+)?\/check-in\/([\w-]+)\?token=([\w-]{43})$/;

async function addMember(admin: TestAdmin, body: Record<string, unknown>) {
  const response = await requestAs(admin, "/api/team-members", post({ lastName: "Okafor", ...body }));
  expect(response.status).toBe(201);
  return teamMemberResponseSchema.parse(await response.json()).member;
}

/** Everything sent or queued for the organization: email log rows and notification delivery records. */
const mailFor = async (organizationId: string) =>
  (await countRows("email_outbox", `organization_id = '${organizationId}'`)) +
  (await countRows("notification_deliveries", `organization_id = '${organizationId}'`));

const open = (path: string, userAgent: string) =>
  exports.default.fetch(new Request(`http://localhost${path}`, { headers: { "User-Agent": userAgent } }));

describe("a team member without an email", () => {
  let admin: TestAdmin;
  // One organization per test: the Free Trial allows 3 active members.
  beforeEach(async () => {
    admin = await createAdmin({ companyName: "No Mail Co" });
  });

  it("can be added with the email left out, blank or null, and lists with email null", async () => {
    const absent = await addMember(admin, { firstName: "Ade" });
    const blank = await addMember(admin, { firstName: "Bisi", email: "   " });
    const none = await addMember(admin, { firstName: "Chidi", email: null });
    for (const member of [absent, blank, none]) expect(member.email).toBeNull();
    // Nulls never collide in the unique (organization, email) index.
    const stored = await env.DB.prepare(
      "select count(*) as n from team_members where organization_id = ? and email is null",
    )
      .bind(admin.organizationId)
      .first("n");
    expect(stored).toBe(3);
    const list = teamListResponseSchema.parse(await (await requestAs(admin, "/api/team-members")).json());
    expect(list.members.filter((m) => m.email === null).map((m) => m.firstName)).toEqual(["Ade", "Bisi", "Chidi"]);
    // A bad address is still refused; an email can be removed from a member with no open check-in.
    expect(
      (await requestAs(admin, "/api/team-members", post({ firstName: "D", lastName: "E", email: "x" }))).status,
    ).toBe(400);
    await requestAs(admin, `/api/team-members/${blank.id}`, { method: "DELETE" });
    const withEmail = await addMember(admin, { firstName: "Dayo", email: "dayo@nomail.example" });
    const cleared = await requestAs(admin, `/api/team-members/${withEmail.id}`, patch({ email: "" }));
    expect(cleared.status).toBe(200);
    expect(teamMemberResponseSchema.parse(await cleared.json()).member.email).toBeNull();
  });

  it("gets their link in the Admin's answer (only hash stored, nothing emailed or queued), and it opens the chat", async () => {
    const member = await addMember(admin, { firstName: "Efe" });
    const response = await requestAs(admin, "/api/check-ins", post({ teamMemberId: member.id }));
    expect(response.status).toBe(201);
    const body = createCheckInResponseSchema.parse(await response.json());
    expect(body.email).toBe("skipped");
    const match = LINK.exec(body.url ?? "");
    expect(match?.[1]).toBe(body.id);
    const token = match?.[2] ?? "";

    const row = await env.DB.prepare("select * from check_ins where id = ?")
      .bind(body.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ team_member_id: member.id, status: "pending", sent_by: admin.userId });
    expect(row?.token_hash).toBe(await hashCheckInToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await mailFor(admin.organizationId)).toBe(0);

    // The list never carries the link.
    const list = await (await requestAs(admin, "/api/check-ins")).text();
    expect(list).not.toContain(token);
    expect(list).not.toContain("token");

    // The link works, and the first browser to start it owns the chat.
    const path = new URL(body.url ?? "").pathname.replace("/check-in/", "/api/check-in/");
    const info = await open(`${path}?token=${token}`, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)");
    expect(info.status).toBe(200);
    expect(checkInInfoSchema.parse(await info.json())).toMatchObject({ id: body.id, firstName: "Efe" });
    const started = await claimChat(
      { id: body.id, token },
      { headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" } },
    );
    expect(started.response.status).toBe(200);
    // Another browser is refused, and offered no fresh link: there is no address to send it to.
    const other = await open(`${path}?token=${token}`, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0");
    expect(other.status).toBe(409);
    const details = ((await other.json()) as { error: { details: unknown } }).error.details;
    expect(openElsewhereSchema.parse(details).freshLink).toBe(false);
    const freshPost = await exports.default.fetch(
      new Request(`http://localhost${path}/fresh-link?token=${token}`, { method: "POST" }),
    );
    expect(freshPost.status).toBe(409);
    expect(await freshPost.json()).toMatchObject({ error: { code: "no_email", message: NO_EMAIL_FRESH_LINK_MESSAGE } });
    expect(await mailFor(admin.organizationId)).toBe(0);

    // Resend hands the same link over again (derived from the server's secret, never stored); still nothing sent.
    const resent = await requestAs(admin, `/api/check-ins/${body.id}/resend`, { method: "POST" });
    expect(resent.status).toBe(200);
    const action = checkInActionResponseSchema.parse(await resent.json());
    expect(action).toMatchObject({ email: "skipped", url: body.url, checkIn: { teamMember: { email: null } } });
    expect(await mailFor(admin.organizationId)).toBe(0);

    // sendEmail: false is not refused for them (there is no email to insist on).
    await requestAs(admin, `/api/check-ins/${body.id}/revoke`, { method: "POST" });
    const again = await requestAs(admin, "/api/check-ins", post({ teamMemberId: member.id, sendEmail: false }));
    expect(again.status).toBe(201);
    expect(createCheckInResponseSchema.parse(await again.json()).url).toMatch(LINK);
  });

  it("cannot be given an email while their check-in is open, and can once it is closed", async () => {
    const member = await addMember(admin, { firstName: "Femi" });
    const sent = createCheckInResponseSchema.parse(
      await (await requestAs(admin, "/api/check-ins", post({ teamMemberId: member.id }))).json(),
    );
    const added = await requestAs(admin, `/api/team-members/${member.id}`, patch({ email: "femi@nomail.example" }));
    expect(added.status).toBe(409);
    expect(await added.json()).toMatchObject({ error: { code: "check_in_open" } });
    expect(
      await env.DB.prepare("select email from team_members where id = ?").bind(member.id).first("email"),
    ).toBeNull();
    // Blank again is no change: allowed.
    expect(
      (await requestAs(admin, `/api/team-members/${member.id}`, patch({ email: "", region: "North" }))).status,
    ).toBe(200);
    await requestAs(admin, `/api/check-ins/${sent.id}/revoke`, { method: "POST" });
    const later = await requestAs(admin, `/api/team-members/${member.id}`, patch({ email: "femi@nomail.example" }));
    expect(later.status).toBe(200);
  });

  it("cannot lose their email while a check-in is open (the Admin would then be handed the link)", async () => {
    const member = await addMember(admin, { firstName: "Gbenga", email: "gbenga@nomail.example" });
    const sent = await requestAs(admin, "/api/check-ins", post({ teamMemberId: member.id }));
    const body = createCheckInResponseSchema.parse(await sent.json());
    expect(body.url).toBeUndefined();
    const removed = await requestAs(admin, `/api/team-members/${member.id}`, patch({ email: null }));
    expect(removed.status).toBe(409);
    expect(await removed.json()).toMatchObject({ error: { code: "check_in_open" } });
    const resent = checkInActionResponseSchema.parse(
      await (await requestAs(admin, `/api/check-ins/${body.id}/resend`, { method: "POST" })).json(),
    );
    expect(resent.url).toBeUndefined();
    expect(resent.email).toBe("sent");
  });
});

describe("the schedule and a member without an email", () => {
  const db = createDb(env.DB);
  const config = readConfig(env);
  const send = (message: EmailMessage) => sendEmail(env, db, message);
  // Monday 16 November 2026, 09:00 UTC.
  const MONDAY = Date.parse("2026-11-16T09:00:00Z");

  it("creates and emails check-ins for members with an email only, and never reminds one without", async () => {
    const id = `nomail-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.batch([
      env.DB.prepare("insert into organizations (id, name) values (?, 'Scheduled No Mail')").bind(id),
      env.DB.prepare(
        "insert into organization_settings (organization_id, frequency, duration_minutes, auto_reminders, reminder_interval_hours, max_response_hours, scheduling_enabled) values (?, 'weekly', 10, 1, 24, 72, 1)",
      ).bind(id),
      env.DB.prepare(
        "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, 'With', 'Email', ?, 'active')",
      ).bind(`${id}-mail`, id, `rep@${id}.example`),
      env.DB.prepare(
        "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, 'No', 'Email', null, 'active')",
      ).bind(`${id}-none`, id),
      // An Admin sent this one by hand (invited, no schedule key): it must get no reminder.
      env.DB.prepare(
        "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, 'Handed', 'Link', null, 'active')",
      ).bind(`${id}-handed`, id),
      env.DB.prepare(
        "insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at, invited_at, created_at) values (?, ?, ?, 'x', 'pending', 10, ?, ?, ?)",
      ).bind(`${id}-ci`, id, `${id}-handed`, MONDAY + 70 * 3_600_000, MONDAY - 60_000, MONDAY - 60_000),
    ]);
    const first = await runSchedule({ db, config, send, now: MONDAY });
    expect(first.errors).toEqual([]);
    const created = await env.DB.prepare(
      "select team_member_id from check_ins where organization_id = ? and schedule_key is not null",
    )
      .bind(id)
      .all<{ team_member_id: string }>();
    expect(created.results.map((r) => r.team_member_id)).toEqual([`${id}-mail`]);
    expect(await countRows("email_outbox", `organization_id = '${id}' and kind = 'check_in_invite'`)).toBe(1);

    // Two days on, reminders are due: only the member with an email gets one.
    const later = await runSchedule({ db, config, send, now: MONDAY + 2 * 24 * 3_600_000 });
    expect(later.errors).toEqual([]);
    expect(await countRows("email_outbox", `organization_id = '${id}' and kind = 'check_in_reminder'`)).toBeGreaterThan(
      0,
    );
    expect(await countRows("check_ins", `id = '${id}-ci' and reminder_count = 0`)).toBe(1);
  });
});
