import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { INVITATION_INVALID_MESSAGE, LAST_ADMIN_MESSAGE } from "../../worker/shared/organization-admins";
import { createAdmin, latestEmail, postJson, requestAs, signIn, type TestAdmin } from "./auth-helpers";
import { countRows } from "./helpers";

/** Issue 25 §5: more than one Admin. */
const invite = (admin: TestAdmin, email: string) =>
  requestAs(admin, "/api/organization/admins/invitations", { method: "POST", body: JSON.stringify({ email }) });
const listAdmins = async (admin: { cookie: string }) =>
  (await (await requestAs(admin, "/api/organization/admins")).json()) as {
    admins: { id: string; email: string; isYou: boolean }[];
    invitations: { id: string; email: string }[];
  };
const invitationToken = async (email: string) => {
  const mail = await latestEmail(email, "admin_invitation");
  const link = mail?.text.match(/https?:\/\/\S+\/accept-invitation\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation to ${email}`);
  return new URL(link).searchParams.get("token") ?? "";
};
const unique = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

describe("inviting a colleague as Admin", () => {
  it("emails a single-use link (only its hash stored) that a new address accepts by signing up", async () => {
    const owner = await createAdmin({ companyName: "Invite Co", firstName: "Riley", lastName: "Owner" });
    const email = unique("colleague");
    const sent = await invite(owner, email);
    expect(sent.status, await sent.clone().text()).toBe(201);
    // The page names the inviter the way the email does.
    expect((await latestEmail(email, "admin_invitation"))?.subject).toBe(
      "Riley Owner invited you to Invite Co on Undertone",
    );
    expect((await listAdmins(owner)).invitations.map((i) => i.email)).toEqual([email]);
    const token = await invitationToken(email);
    expect(await countRows("admin_invitations", `token_hash = '${token}'`)).toBe(0);

    const preview = await postJson("/api/organization/invitations/preview", { token });
    expect(await preview.json()).toEqual({
      email,
      organizationName: "Invite Co",
      invitedBy: "Riley Owner",
      accountExists: false,
    });
    const joined = await postJson("/api/organization/invitations/sign-up", {
      token,
      firstName: "Casey",
      lastName: "Colleague",
      password: "colleague-password",
    });
    expect(joined.status, await joined.clone().text()).toBe(200);
    const { response, cookie } = await signIn(email, "colleague-password");
    expect(response.status).toBe(200);
    const me = (await (await requestAs({ cookie }, "/api/me")).json()) as {
      user: { role: string; organizationId: string; emailVerified: boolean };
    };
    expect(me.user).toMatchObject({ role: "Admin", organizationId: owner.organizationId, emailVerified: true });
    expect((await requestAs({ cookie }, "/api/team-members")).status).toBe(200);
    expect((await listAdmins(owner)).admins.map((a) => a.email).sort()).toEqual([owner.email, email].sort());

    // Single use.
    const again = await postJson("/api/organization/invitations/sign-up", {
      token,
      firstName: "Mallory",
      lastName: "Again",
      password: "another-password",
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { message: INVITATION_INVALID_MESSAGE } });
  });

  it("an existing account accepts by signing in, only as the invited address and only once", async () => {
    const owner = await createAdmin();
    const colleague = await createAdmin({ companyName: "Colleague's own" });
    // An account in no organization yet (a sign-up that never reached the dashboard).
    await env.DB.prepare("update user set organization_id = null where id = ?").bind(colleague.userId).run();
    const stranger = await createAdmin();
    await invite(owner, colleague.email);
    const token = await invitationToken(colleague.email);
    expect(await (await postJson("/api/organization/invitations/preview", { token })).json()).toMatchObject({
      accountExists: true,
    });

    const accept = (who: { cookie: string }) =>
      requestAs(who, "/api/organization/invitations/accept", { method: "POST", body: JSON.stringify({ token }) });
    expect((await accept({ cookie: "" })).status).toBe(401);
    const wrongPerson = await accept(stranger);
    expect(wrongPerson.status).toBe(403);
    expect((await accept(colleague)).status).toBe(200);
    const row = await env.DB.prepare("select organization_id from user where id = ?").bind(colleague.userId).first();
    expect(row).toEqual({ organization_id: owner.organizationId });
    expect((await accept(colleague)).status).toBe(404);
  });

  it("refuses an account that already belongs to another organization, and an expired invitation", async () => {
    const owner = await createAdmin();
    const other = await createAdmin();
    await invite(owner, other.email);
    const token = await invitationToken(other.email);
    const refused = await requestAs(other, "/api/organization/invitations/accept", {
      method: "POST",
      body: JSON.stringify({ token }),
    });
    expect(refused.status).toBe(409);
    expect(
      (await env.DB.prepare("select organization_id from user where id = ?").bind(other.userId).first())
        ?.organization_id,
    ).toBe(other.organizationId);

    const late = unique("late");
    await invite(owner, late);
    const lateToken = await invitationToken(late);
    await env.DB.prepare("update admin_invitations set expires_at = ? where email = ?")
      .bind(Date.now() - 1, late)
      .run();
    const expired = await postJson("/api/organization/invitations/sign-up", {
      token: lateToken,
      firstName: "Late",
      lastName: "Comer",
      password: "late-password",
    });
    expect(expired.status).toBe(404);
    expect(await countRows("user", `email = '${late}'`)).toBe(0);
  });

  it("counts invitations against the daily email cap: past it nothing is sent or kept", async () => {
    const owner = await createAdmin();
    const day = new Date().toISOString().slice(0, 10);
    await env.DB.prepare("insert into rate_limits (key, count, window_start) values (?, 50, ?)")
      .bind(`cap:email:${owner.organizationId}:${day}`, Date.now())
      .run();
    const email = unique("capped");
    const refused = await invite(owner, email);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: "daily_limit_reached" } });
    expect(await countRows("admin_invitations", `email = '${email}'`)).toBe(0);
    expect(await latestEmail(email, "admin_invitation")).toBeNull();
  });

  it("lists and revokes pending invitations of its own organization only", async () => {
    const owner = await createAdmin();
    const intruder = await createAdmin();
    const email = unique("pending");
    await invite(owner, email);
    const [pending] = (await listAdmins(owner)).invitations;
    expect((await listAdmins(intruder)).invitations).toEqual([]);
    const foreign = await requestAs(intruder, `/api/organization/admins/invitations/${pending?.id}`, {
      method: "DELETE",
    });
    expect(foreign.status).toBe(404);
    const revoked = await requestAs(owner, `/api/organization/admins/invitations/${pending?.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(204);
    const token = await invitationToken(email);
    expect((await postJson("/api/organization/invitations/preview", { token })).status).toBe(404);
  });
});

describe("removing an Admin", () => {
  it("takes them out and ends their sessions; the last Admin stays", async () => {
    const owner = await createAdmin();
    const colleague = await createAdmin();
    await env.DB.prepare("update user set organization_id = ? where id = ?")
      .bind(owner.organizationId, colleague.userId)
      .run();

    // Another organization's Admin cannot touch them.
    const intruder = await createAdmin();
    expect(
      (await requestAs(intruder, `/api/organization/admins/${colleague.userId}`, { method: "DELETE" })).status,
    ).toBe(404);

    const removed = await requestAs(owner, `/api/organization/admins/${colleague.userId}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
    expect((await requestAs(colleague, "/api/me")).status).toBe(401);
    expect(await countRows("session", `user_id = '${colleague.userId}'`)).toBe(0);

    const last = await requestAs(owner, `/api/organization/admins/${owner.userId}`, { method: "DELETE" });
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: { code: "last_admin", message: LAST_ADMIN_MESSAGE } });
    expect((await requestAs(owner, "/api/team-members")).status).toBe(200);
  });

  it("two Admins removing each other at once leave one", async () => {
    const first = await createAdmin();
    const second = await createAdmin();
    await env.DB.prepare("update user set organization_id = ? where id = ?")
      .bind(first.organizationId, second.userId)
      .run();
    const [a, b] = await Promise.all([
      requestAs(first, `/api/organization/admins/${second.userId}`, { method: "DELETE" }),
      requestAs(second, `/api/organization/admins/${first.userId}`, { method: "DELETE" }),
    ]);
    // One wins; the other is refused as the last Admin (409), or was already signed out (401).
    expect([a.status, b.status].filter((status) => status === 204)).toHaveLength(1);
    expect([a.status, b.status].filter((status) => status !== 204)[0]).toBeOneOf([401, 409]);
    expect(await countRows("user", `organization_id = '${first.organizationId}' and role = 'Admin'`)).toBe(1);
  });
});
