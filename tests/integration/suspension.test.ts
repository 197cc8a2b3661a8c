import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ACCOUNT_INACTIVE_MESSAGE, ORGANIZATION_SUSPENDED_MESSAGE } from "../../worker/auth/middleware";
import { hashCheckInToken, newCheckInToken } from "../../worker/checkin/token";
import worker from "../../worker/index";
import { SUSPENDED_CLOSE_CODE } from "../../worker/shared/checkin-protocol";
import { createAdmin, createSuperAdmin, requestAs } from "./auth-helpers";
import { ChatClient, upgrade, wsPath } from "./checkin-helpers";
import { countRows, request } from "./helpers";
import { eventually } from "./notify-helpers";

/**
 * Issue 12 item 5: suspending an organization (the operator console) refuses its admins
 * with a clear answer and stops its check-in links and their emails, deletes nothing, and
 * lifting it restores everything. A deactivated user (user.status) is refused everywhere.
 */
async function pendingCheckIn(organizationId: string) {
  const suffix = crypto.randomUUID();
  const token = newCheckInToken();
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "insert into team_members (id, organization_id, first_name, last_name, email) values (?, ?, 'Sue', 'Spended', ?)",
    ).bind(`tm-${suffix}`, organizationId, `${suffix}@example.com`),
    env.DB.prepare(
      "insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at, schedule_key) values (?, ?, ?, ?, 'pending', 10, ?, ?)",
    ).bind(id, organizationId, `tm-${suffix}`, await hashCheckInToken(token), Date.now() + 86_400_000, `s-${suffix}`),
  ]);
  return { id, token, memberEmail: `${suffix}@example.com` };
}

const orgRows = async (organizationId: string) =>
  Promise.all(
    ["team_members", "check_ins", "organizations"].map((table) =>
      countRows(table, `${table === "organizations" ? "id" : "organization_id"} = '${organizationId}'`),
    ),
  );

describe("a suspended organization", () => {
  it("refuses its admins clearly, stops its links and their emails, deletes nothing; lifting it restores all", async () => {
    const admin = await createAdmin({ companyName: "Suspended Co" });
    const operator = await createSuperAdmin();
    const link = await pendingCheckIn(admin.organizationId);
    const linkPath = `/api/check-in/${link.id}?token=${encodeURIComponent(link.token)}`;
    const setStatus = (status: string) =>
      requestAs(operator, `/api/admin/organizations/${admin.organizationId}`, {
        method: "PATCH",
        body: JSON.stringify({ status }),
      });
    // Positive control: before, the admin is in.
    expect((await requestAs(admin, "/api/team-members")).status).toBe(200);
    const before = await orgRows(admin.organizationId);

    expect((await setStatus("suspended")).status).toBe(200);
    for (const path of ["/api/team-members", "/api/insights", "/api/check-ins", "/api/check-in-settings"]) {
      const refused = await requestAs(admin, path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toEqual({
        error: { code: "organization_suspended", message: ORGANIZATION_SUSPENDED_MESSAGE },
      });
    }
    expect((await request(linkPath)).status).toBe(404);
    expect((await request(linkPath.replace("?", "/reach-out?"), { method: "POST" })).status).toBe(404);
    // The cron sends no invitation pointing at a link that does not work.
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env);
    expect(await countRows("email_outbox", `to_address = '${link.memberEmail}'`)).toBe(0);
    expect(await orgRows(admin.organizationId)).toEqual(before);

    expect((await setStatus("active")).status).toBe(200);
    expect((await requestAs(admin, "/api/team-members")).status).toBe(200);
    expect((await request(linkPath)).status).toBe(200);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env);
    // The invitation goes through the notifications queue: wait for its delivery.
    await eventually(async () => (await countRows("email_outbox", `to_address = '${link.memberEmail}'`)) === 1);
  });
});

describe("chats open when the organization is suspended", () => {
  it("close at once, cannot reconnect while it lasts, and continue intact once it is lifted; other organizations' chats stay", async () => {
    const admin = await createAdmin({ companyName: "Open Chat Co" });
    const bystander = await createAdmin({ companyName: "Bystander Co" });
    const operator = await createSuperAdmin();
    const link = await pendingCheckIn(admin.organizationId);
    const otherLink = await pendingCheckIn(bystander.organizationId);
    const setStatus = (status: string) =>
      requestAs(operator, `/api/admin/organizations/${admin.organizationId}`, {
        method: "PATCH",
        body: JSON.stringify({ status }),
      });
    const chat = await ChatClient.open(link);
    const otherChat = await ChatClient.open(otherLink);
    let closeCode = 0;
    chat.ws.addEventListener("close", (event) => {
      closeCode = event.code;
    });
    await chat.say("Steady week, nothing to flag.", { reply: false });

    expect((await setStatus("suspended")).status).toBe(200);
    await eventually(async () => chat.closed);
    expect(closeCode).toBe(SUSPENDED_CLOSE_CODE);
    expect(otherChat.closed).toBe(false);
    expect((await upgrade(wsPath(link))).status).toBe(404);

    expect((await setStatus("active")).status).toBe(200);
    const again = await ChatClient.open(link);
    const texts = (again.latestSnapshot()?.messages ?? []).map((m) => m.content);
    expect(texts).toContain("Steady week, nothing to flag.");
    again.close();
    otherChat.close();
  });
});

describe("a deactivated user (user.status)", () => {
  it("is refused on every signed-in route until reactivated", async () => {
    const admin = await createAdmin();
    const setStatus = (status: string) =>
      env.DB.prepare("update user set status = ? where id = ?").bind(status, admin.userId).run();
    expect((await requestAs(admin, "/api/me")).status).toBe(200);
    await setStatus("Inactive");
    for (const path of ["/api/me", "/api/team-members", "/api/insights"]) {
      const refused = await requestAs(admin, path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toEqual({
        error: { code: "account_inactive", message: ACCOUNT_INACTIVE_MESSAGE },
      });
    }
    await setStatus("Active");
    expect((await requestAs(admin, "/api/me")).status).toBe(200);
  });
});
