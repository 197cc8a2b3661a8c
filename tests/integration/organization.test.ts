import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAdmin, createSuperAdmin, postJson, requestAs, signIn, verifyEmailOf } from "./auth-helpers";
import { countRows, request } from "./helpers";
import { TEST_PASSWORD } from "./vars";

type Ensured = { organization: { id: string; name: string }; created: boolean };

async function signedInWithoutOrganization(fields: Record<string, string>) {
  const email = `${fields.prefix ?? "org"}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { prefix: _prefix, ...body } = fields;
  const signup = await postJson("/api/auth/sign-up/email", { email, password: TEST_PASSWORD, ...body });
  expect(signup.status).toBe(200);
  await verifyEmailOf(email);
  const { cookie } = await signIn(email, TEST_PASSWORD);
  const { user } = (await signup.json()) as { user: { id: string } };
  return { cookie, email, userId: user.id };
}

const ensure = (cookie: string, body?: unknown) =>
  requestAs({ cookie }, "/api/organization/ensure", {
    method: "POST",
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe("POST /api/organization/ensure", () => {
  it("joins the user to the organization their sign-up named, once", async () => {
    const account = await signedInWithoutOrganization({
      first_name: "Lin",
      last_name: "Wu",
      company_name: "Wu Widgets",
    });
    const first = await ensure(account.cookie);
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as Ensured;
    expect(firstBody).toMatchObject({ organization: { name: "Wu Widgets" }, created: true });

    const second = (await (await ensure(account.cookie)).json()) as Ensured;
    expect(second).toEqual({ organization: firstBody.organization, created: false });
    expect(await countRows("organizations", `created_by = '${account.userId}'`)).toBe(1);
    const me = (await (await requestAs(account, "/api/me")).json()) as { user: { organizationId: string } };
    expect(me.user.organizationId).toBe(firstBody.organization.id);
  });

  it("gives a user without a company one named after them, and concurrent calls agree", async () => {
    const account = await signedInWithoutOrganization({ first_name: "Noor", last_name: "Haddad" });
    const results = (await Promise.all(
      Array.from({ length: 5 }, async () => (await ensure(account.cookie)).json()),
    )) as Ensured[];
    const ids = new Set(results.map((r) => r.organization.id));
    expect(ids.size).toBe(1);
    expect(results[0]?.organization.name).toBe("Noor Haddad's Organization");
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await countRows("organizations", `created_by = '${account.userId}'`)).toBe(1);

    const nameless = await signedInWithoutOrganization({ prefix: "solo" });
    const body = (await (await ensure(nameless.cookie)).json()) as Ensured;
    expect(body.organization.name).toBe(`${nameless.email.split("@")[0]}'s Organization`);
  });

  it("takes the organization from the session, never from the request", async () => {
    const admin = await createAdmin({ companyName: "Mine" });
    const other = await createAdmin({ companyName: "Theirs" });
    const response = await ensure(admin.cookie, { organizationId: other.organizationId, user_id: other.userId });
    expect(((await response.json()) as Ensured).organization.id).toBe(admin.organizationId);
    const row = await env.DB.prepare("select organization_id from user where id = ?").bind(other.userId).first();
    expect(row).toEqual({ organization_id: other.organizationId });
  });

  it("is for signed-in Admins only", async () => {
    expect((await request("/api/organization/ensure", { method: "POST" })).status).toBe(401);
    const operator = await createSuperAdmin();
    const refused = await ensure(operator.cookie);
    expect(refused.status).toBe(403);
    expect(await countRows("organizations", `created_by = '${operator.userId}'`)).toBe(0);
  });
});
