import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_INACTIVE_MESSAGE } from "../../worker/shared/auth";
import { LAST_ADMIN_MESSAGE } from "../../worker/shared/organization-admins";
import {
  createAdmin,
  createSuperAdmin,
  latestEmail,
  postJson,
  requestAs,
  signIn,
  signUp,
  type TestAccount,
} from "./auth-helpers";
import { countRows } from "./helpers";

/** Issue 25 §6: an operator acting on one account, every action audited. */
let operator: TestAccount;
beforeAll(async () => {
  operator = await createSuperAdmin();
});

const act = (path: string, init: RequestInit = { method: "POST" }) =>
  requestAs(operator, `/api/admin/users${path}`, init);
const auditOf = (action: string, targetId: string) =>
  countRows(
    "audit_logs",
    `action = '${action}' and target_id = '${targetId}' and actor_user_id = '${operator.userId}'`,
  );

describe("deactivate and reactivate", () => {
  it("ends the user's sessions at once and refuses sign-in with a clear message, until reactivated", async () => {
    const admin = await createAdmin();
    const deactivated = await act(`/${admin.userId}/deactivate`);
    expect(deactivated.status, await deactivated.clone().text()).toBe(200);
    expect(await deactivated.json()).toMatchObject({ id: admin.userId, status: "Inactive" });
    expect(await countRows("session", `user_id = '${admin.userId}'`)).toBe(0);
    expect((await requestAs(admin, "/api/me")).status).toBe(401);

    const refused = await signIn(admin.email, admin.password);
    expect(refused.response.status).toBe(403);
    expect(await refused.response.json()).toMatchObject({ message: ACCOUNT_INACTIVE_MESSAGE });
    expect(refused.cookie).not.toMatch(/session_token=/);
    // A magic link is refused too.
    await postJson("/api/auth/sign-in/magic-link", { email: admin.email });
    expect(await auditOf("user.deactivated", admin.userId)).toBe(1);

    expect((await act(`/${admin.userId}/reactivate`)).status).toBe(200);
    expect((await signIn(admin.email, admin.password)).response.status).toBe(200);
    expect(await auditOf("user.reactivated", admin.userId)).toBe(1);
  });

  it("refuses the operator's own account and a team member's id", async () => {
    expect((await act(`/${operator.userId}/deactivate`)).status).toBe(400);
    expect((await act("/no-such-account/deactivate")).status).toBe(404);
  });
});

describe("change role", () => {
  const setRole = (id: string, role: string) => act(`/${id}/role`, { method: "PUT", body: JSON.stringify({ role }) });

  it("changes an Admin with a colleague to Manager, audited; the last Admin stays Admin", async () => {
    const owner = await createAdmin();
    const colleague = await createAdmin();
    await env.DB.prepare("update user set organization_id = ? where id = ?")
      .bind(owner.organizationId, colleague.userId)
      .run();
    const changed = await setRole(colleague.userId, "Manager");
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ role: "Manager" });
    expect(await auditOf("user.role_changed", colleague.userId)).toBe(1);
    expect(await countRows("audit_logs", `action = 'user.role_change' and target_id = '${colleague.userId}'`)).toBe(1);

    const last = await setRole(owner.userId, "Manager");
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: { code: "last_admin", message: LAST_ADMIN_MESSAGE } });
    const row = await env.DB.prepare("select role from user where id = ?").bind(owner.userId).first();
    expect(row).toEqual({ role: "Admin" });
  });

  it("neither grants nor takes SuperAdmin: the allowlist decides", async () => {
    const admin = await createAdmin();
    expect((await setRole(admin.userId, "SuperAdmin")).status).toBe(400);
    expect((await setRole(operator.userId, "Admin")).status).toBe(409);
  });
});

describe("resend verification", () => {
  it("sends better-auth's verification email to an unverified account, and refuses a verified one", async () => {
    const email = `unverified-${Date.now()}@example.com`;
    await signUp({ email });
    const [{ id } = { id: "" }] = (
      await env.DB.prepare("select id from user where email = ?").bind(email).all<{ id: string }>()
    ).results;
    await env.DB.prepare("delete from email_outbox where to_address = ?").bind(email).run();
    const resent = await act(`/${id}/resend-verification`);
    expect(resent.status, await resent.clone().text()).toBe(200);
    expect((await latestEmail(email, "verification"))?.subject).toMatch(/verify your email/);
    expect(await auditOf("user.verification_resent", id)).toBe(1);

    const admin = await createAdmin();
    expect((await act(`/${admin.userId}/resend-verification`)).status).toBe(409);
  });

  it("is the operator's alone", async () => {
    const admin = await createAdmin();
    const other = await createAdmin();
    const refused = await requestAs(admin, `/api/admin/users/${other.userId}/deactivate`, { method: "POST" });
    expect(refused.status).toBe(403);
    expect((await requestAs(other, "/api/me")).status).toBe(200);
  });
});
