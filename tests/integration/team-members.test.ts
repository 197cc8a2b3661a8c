import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { sendEmail } from "../../worker/email/send";
import { readConfig } from "../../worker/lib/config";
import { runSchedule } from "../../worker/schedule/run";
import { teamListResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { countRows, request, requestWithEnv } from "./helpers";
import { type RecordedRequest, stripeForm } from "./vars";

/** /api/team-members: CRUD, validation, the trial's limit, and Pro billing by quantity. */

const json = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const maya = { firstName: "Maya", lastName: "Chen", email: "maya@northwind.example", jobTitle: "AE", region: "West" };

async function add(admin: TestAdmin, body: unknown) {
  return requestAs(admin, "/api/team-members", json(body));
}
async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("team members CRUD", () => {
  let admin: TestAdmin;
  beforeAll(async () => {
    admin = await createAdmin({ companyName: "Crud Co" });
  });

  it("needs a signed-in admin", async () => {
    expect((await request("/api/team-members")).status).toBe(401);
    expect((await request("/api/team-members", { method: "POST", body: "{}" })).status).toBe(401);
  });

  it("adds, lists, edits and removes a member", async () => {
    const created = await add(admin, { ...maya, email: "  Maya@Northwind.Example " });
    expect(created.status).toBe(201);
    const body = teamMemberResponseSchema.parse(await created.json());
    expect(body.member).toMatchObject({
      firstName: "Maya",
      lastName: "Chen",
      email: "maya@northwind.example",
      jobTitle: "AE",
      region: "West",
      status: "active",
      lastCheckIn: null,
    });
    expect(body.plan).toMatchObject({ plan: "trial", limit: 3, activeCount: 1, canAdd: true });
    // Compact ids, not UUIDs, for the member and its organization: both sit in every row a check-in writes (issue 26 §1).
    expect(body.member.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(admin.organizationId).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const list = teamListResponseSchema.parse(await (await requestAs(admin, "/api/team-members")).json());
    expect(list.members.map((m) => m.email)).toEqual(["maya@northwind.example"]);

    const edited = await requestAs(admin, `/api/team-members/${body.member.id}`, {
      method: "PATCH",
      body: JSON.stringify({ jobTitle: "Senior AE", region: "  " }),
    });
    expect(edited.status).toBe(200);
    expect(teamMemberResponseSchema.parse(await edited.json()).member).toMatchObject({
      jobTitle: "Senior AE",
      region: null,
      firstName: "Maya",
    });

    const removed = await requestAs(admin, `/api/team-members/${body.member.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ deleted: true, plan: { activeCount: 0 } });
    expect((await requestAs(admin, `/api/team-members/${body.member.id}`)).status).toBe(404);
    expect((await requestAs(admin, `/api/team-members/${body.member.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await countRows("team_members", `organization_id = '${admin.organizationId}'`);
    const cases: [unknown, string][] = [
      [{ ...maya, firstName: undefined }, "First name is required"],
      [{ ...maya, firstName: "   " }, "First name is required"],
      [{ ...maya, lastName: "" }, "Last name is required"],
      [{ ...maya, email: 42 }, "Please enter a valid email address"],
      [{ ...maya, email: "maya-at-northwind" }, "Please enter a valid email address"],
      [{ ...maya, firstName: "x".repeat(81) }, "First name must be at most 80 characters"],
      [{ ...maya, jobTitle: 42 }, "Job title must be text"],
    ];
    for (const [body, message] of cases) {
      const response = await add(admin, body);
      expect(response.status, message).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    const malformed = await requestAs(admin, "/api/team-members", { method: "POST", body: "{not json" });
    expect(malformed.status).toBe(400);
    const emptyPatch = await requestAs(admin, "/api/team-members/whatever", { method: "PATCH", body: "{}" });
    expect(emptyPatch.status).toBe(400);
    expect((await errorOf(emptyPatch)).message).toBe("Nothing to update");
    const badStatus = await requestAs(admin, "/api/team-members/whatever", {
      method: "PATCH",
      body: JSON.stringify({ status: "fired" }),
    });
    expect((await errorOf(badStatus)).message).toBe("Status must be active or inactive");
    expect(await countRows("team_members", `organization_id = '${admin.organizationId}'`)).toBe(before);
  });

  it("refuses a second member with the same email, whatever its case", async () => {
    expect((await add(admin, { ...maya, email: "dup@northwind.example" })).status).toBe(201);
    const duplicate = await add(admin, { ...maya, email: "DUP@northwind.example" });
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).message).toBe("A team member with this email already exists.");
    const other = teamMemberResponseSchema.parse(
      await (await add(admin, { ...maya, email: "other@northwind.example" })).json(),
    );
    const renamed = await requestAs(admin, `/api/team-members/${other.member.id}`, {
      method: "PATCH",
      body: JSON.stringify({ email: "dup@northwind.example" }),
    });
    expect(renamed.status).toBe(409);
  });
});

describe("a member's email while one of their check-ins is open", () => {
  it("cannot change (409, nothing written), other fields can, and it can once the check-in is closed", async () => {
    const admin = await createAdmin({ companyName: "Locked Email Co" });
    const { member } = teamMemberResponseSchema.parse(await (await add(admin, maya)).json());
    const patch = (body: unknown) =>
      requestAs(admin, `/api/team-members/${member.id}`, { method: "PATCH", body: JSON.stringify(body) });
    const sent = await requestAs(admin, "/api/check-ins", json({ teamMemberId: member.id }));
    expect(sent.status).toBe(201);
    const { id: checkInId } = (await sent.json()) as { id: string };

    // The Admin points the address at their own inbox, to Resend the link there: refused.
    const moved = await patch({ email: admin.email, jobTitle: "Changed" });
    expect(moved.status).toBe(409);
    expect(await errorOf(moved)).toEqual({
      code: "check_in_open",
      message:
        "Maya's email can't change while their check-in is open. Change it once the check-in is completed, or revoke it first.",
    });
    const row = await env.DB.prepare("select email, job_title from team_members where id = ?")
      .bind(member.id)
      .first<{ email: string; job_title: string }>();
    expect(row).toEqual({ email: maya.email, job_title: "AE" });
    // The same address (any case) and the other fields are fine.
    expect((await patch({ email: "MAYA@northwind.example", region: "East" })).status).toBe(200);

    expect((await requestAs(admin, `/api/check-ins/${checkInId}/revoke`, json({}))).status).toBe(200);
    expect((await patch({ email: "maya.chen@northwind.example" })).status).toBe(200);
  });
});

describe("the Free Trial's limit of 3 team members", () => {
  it("refuses the 4th active member with the upgrade message, and counts only active ones", async () => {
    const admin = await createAdmin({ companyName: "Trial Co" });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const response = await add(admin, { ...maya, email: `rep${n}@trial.example` });
      expect(response.status).toBe(201);
      ids.push(teamMemberResponseSchema.parse(await response.json()).member.id);
    }
    const fourth = await add(admin, { ...maya, email: "rep4@trial.example" });
    expect(fourth.status).toBe(403);
    expect(await errorOf(fourth)).toEqual({
      code: "team_member_limit",
      message: "Your Free Trial includes up to 3 team members. Upgrade to Pro for unlimited team members.",
      details: { limit: 3 },
    });
    const list = teamListResponseSchema.parse(await (await requestAs(admin, "/api/team-members")).json());
    expect(list.plan).toEqual({ plan: "trial", limit: 3, activeCount: 3, canAdd: false });

    // Pausing one frees a seat; resuming it while full is refused.
    const paused = await requestAs(admin, `/api/team-members/${ids[0]}`, {
      method: "PATCH",
      body: JSON.stringify({ status: "inactive" }),
    });
    expect(paused.status).toBe(200);
    expect((await add(admin, { ...maya, email: "rep4@trial.example" })).status).toBe(201);
    const resumed = await requestAs(admin, `/api/team-members/${ids[0]}`, {
      method: "PATCH",
      body: JSON.stringify({ status: "active" }),
    });
    expect(resumed.status).toBe(403);
    expect(await countRows("team_members", `organization_id = '${admin.organizationId}' and status = 'active'`)).toBe(
      3,
    );
  });

  it("holds under concurrent adds", async () => {
    const admin = await createAdmin({ companyName: "Race Co" });
    const responses = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => add(admin, { ...maya, email: `race${n}@race.example` })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.status === 403)).toHaveLength(3);
    expect(await countRows("team_members", `organization_id = '${admin.organizationId}'`)).toBe(3);
  });
});

describe("Pro: unlimited members, Stripe quantity follows the billable count", () => {
  const STRIPE = { STRIPE_SECRET_KEY: "sk_test_undertone", STRIPE_API_BASE: env.STRIPE_STANDIN_URL };

  async function makePro(admin: TestAdmin, subscriptionId: string, count: number) {
    await env.DB.prepare(
      "insert into subscriptions (id, organization_id, stripe_customer_id, stripe_subscription_id, current_salesperson_count, subscription_status) values (?, ?, 'cus_test', ?, ?, 'active')",
    )
      .bind(crypto.randomUUID(), admin.organizationId, subscriptionId, count)
      .run();
  }
  async function quantityUpdates(subscriptionId: string): Promise<number[]> {
    const all = (await (await fetch(`${env.STRIPE_STANDIN_URL}/__requests`)).json()) as RecordedRequest[];
    return all
      .filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscriptionId}`)
      .map((r) => Number(stripeForm(r.body)["items[0][quantity]"]));
  }
  const proRequest = (admin: TestAdmin, path: string, init: RequestInit, bindings: Partial<Env> = STRIPE) =>
    requestWithEnv(path, bindings, {
      ...init,
      headers: { cookie: admin.cookie, "content-type": "application/json" },
    });

  it("adds beyond 3 and keeps the subscription quantity equal to the active members", async () => {
    const admin = await createAdmin({ companyName: "Pro Co" });
    const subscriptionId = `sub_${crypto.randomUUID().replaceAll("-", "")}`;
    await makePro(admin, subscriptionId, 1);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const response = await proRequest(admin, "/api/team-members", json({ ...maya, email: `pro${n}@pro.example` }));
      expect(response.status).toBe(201);
      const body = teamMemberResponseSchema.parse(await response.json());
      expect(body.plan).toMatchObject({ plan: "pro", limit: null, canAdd: true });
      ids.push(body.member.id);
    }
    // 1 → no change (the minimum is one), then 2, 3, 4, 5.
    expect(await quantityUpdates(subscriptionId)).toEqual([2, 3, 4, 5]);
    await proRequest(admin, `/api/team-members/${ids[0]}`, {
      method: "PATCH",
      body: JSON.stringify({ status: "inactive" }),
    });
    await proRequest(admin, `/api/team-members/${ids[1]}`, { method: "DELETE" });
    expect(await quantityUpdates(subscriptionId)).toEqual([2, 3, 4, 5, 4, 3]);
    const row = await env.DB.prepare(
      "select current_salesperson_count as n from subscriptions where organization_id = ?",
    )
      .bind(admin.organizationId)
      .first<{ n: number }>();
    expect(row?.n).toBe(3);
  });

  it("a Stripe failure never loses the member; the count stays stale until a later sync", async () => {
    const admin = await createAdmin({ companyName: "Pro Fail Co" });
    const subscriptionId = `sub_${crypto.randomUUID().replaceAll("-", "")}`;
    await makePro(admin, subscriptionId, 1);
    const failing = { ...STRIPE, STRIPE_SECRET_KEY: "sk_test_revoked" };
    for (const n of [1, 2]) {
      const response = await proRequest(
        admin,
        "/api/team-members",
        json({ ...maya, email: `f${n}@pro.example` }),
        failing,
      );
      expect(response.status).toBe(201);
    }
    const row = await env.DB.prepare(
      "select current_salesperson_count as n from subscriptions where organization_id = ?",
    )
      .bind(admin.organizationId)
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
    expect(await quantityUpdates(subscriptionId)).toEqual([]);

    // The next Cron run notices the lag and brings Stripe in line.
    const db = createDb(env.DB);
    const report = await runSchedule({
      db,
      config: readConfig({ ...env, ...STRIPE }),
      send: (message) => sendEmail(env, db, message),
    });
    expect(report.reconciled).toBeGreaterThanOrEqual(1);
    expect(await quantityUpdates(subscriptionId)).toEqual([2]);
    const synced = await env.DB.prepare(
      "select current_salesperson_count as n from subscriptions where organization_id = ?",
    )
      .bind(admin.organizationId)
      .first<{ n: number }>();
    expect(synced?.n).toBe(2);
  });
});
