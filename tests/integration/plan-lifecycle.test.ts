// Issue 25 §2: no plan is not free forever. Every organization is on a trial (from the moment
// it exists), a paid plan, or blocked; the console's status follows that lifecycle.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getOrganization, listOrganizations } from "../../worker/admin/organizations";
import { createDb } from "../../worker/db/client";
import { NO_PLAN_MESSAGE, planAccess, TRIAL_ENDED_MESSAGE } from "../../worker/shared/plan-access";
import { createAdmin, createSuperAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { countRows } from "./helpers";

const db = createDb(env.DB);
const DAY = 86_400_000;

const addMember = (organizationId: string) =>
  env.DB.prepare(
    "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, 'Rep', 'Seller', ?, 'active')",
  )
    .bind(`${organizationId}-rep`, organizationId, `rep@${organizationId}.example`)
    .run();
const sendCheckIn = (admin: TestAdmin) =>
  requestAs(admin, "/api/check-ins", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ teamMemberId: `${admin.organizationId}-rep` }),
  });
const planStatus = async (admin: TestAdmin) =>
  (await (await requestAs(admin, "/api/subscription")).json()) as {
    trial: { trialStartDate: string; trialEndDate: string; chosenAt: string | null } | null;
    planChosen: boolean;
  };

describe("every organization starts on a 14-day trial", () => {
  it("from its creation at sign-up, with the plan not yet chosen", async () => {
    const admin = await createAdmin();
    const organization = await env.DB.prepare("select created_at from organizations where id = ?")
      .bind(admin.organizationId)
      .first<{ created_at: number }>();
    const status = await planStatus(admin);
    expect(status.planChosen).toBe(false); // so onboarding's plan step is shown, whatever the account's age
    expect(Date.parse(status.trial?.trialStartDate ?? "")).toBe(organization?.created_at);
    expect(Date.parse(status.trial?.trialEndDate ?? "") - (organization?.created_at ?? 0)).toBe(14 * DAY);
    // It runs meanwhile: check-ins can be sent.
    await addMember(admin.organizationId);
    expect((await sendCheckIn(admin)).status).toBe(201);
  });

  it("when the operator creates one", async () => {
    const operator = await createSuperAdmin();
    const response = await requestAs(operator, "/api/admin/organizations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Made by the operator" }),
    });
    const created = (await response.json()) as { id: string; status: string; access: string };
    expect(created).toMatchObject({ status: "trial", access: "active" });
    // A compact id, not a UUID: it sits in every row its check-ins write (issue 26 §1).
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await countRows("trials", `organization_id = '${created.id}' and chosen_at is null`)).toBe(1);
  });
});

describe("an organization without a running plan is blocked", () => {
  it("refuses new check-ins once the trial it never chose has ended, and without any trial", async () => {
    const admin = await createAdmin();
    await addMember(admin.organizationId);
    const past = Date.now() - 20 * DAY;
    await env.DB.prepare("update trials set trial_start_date = ?, trial_end_date = ? where organization_id = ?")
      .bind(past, past + 14 * DAY, admin.organizationId)
      .run();
    const expired = await sendCheckIn(admin);
    expect(expired.status).toBe(402);
    expect(await expired.json()).toMatchObject({ error: { code: "plan_required", message: TRIAL_ENDED_MESSAGE } });

    await env.DB.prepare("delete from trials where organization_id = ?").bind(admin.organizationId).run();
    const none = await sendCheckIn(admin);
    expect(none.status).toBe(402);
    expect(await none.json()).toMatchObject({ error: { code: "plan_required", message: NO_PLAN_MESSAGE } });
    expect(await countRows("check_ins", `organization_id = '${admin.organizationId}'`)).toBe(0);
  });
});

describe("the console's status follows the lifecycle", () => {
  const trialEnds = { running: Date.now() + 5 * DAY, ended: Date.now() - DAY, none: null } as const;
  const subscriptionStatuses = [
    null,
    "active",
    "trialing",
    "past_due",
    "unpaid",
    "paused",
    "canceled",
    "incomplete",
    "incomplete_expired",
  ] as const;

  it("is planAccess's lifecycle in SQL, for every trial and subscription state", async () => {
    const expected = new Map<string, string>();
    for (const [trialName, endsAt] of Object.entries(trialEnds)) {
      for (const status of subscriptionStatuses) {
        const id = `lifecycle-${trialName}-${status ?? "none"}`;
        const statements = [env.DB.prepare("insert into organizations (id, name) values (?, ?)").bind(id, id)];
        statements.push(
          endsAt === null
            ? env.DB.prepare("delete from trials where organization_id = ?").bind(id)
            : env.DB.prepare("update trials set trial_end_date = ? where organization_id = ?").bind(endsAt, id),
        );
        if (status) {
          statements.push(
            env.DB.prepare(
              "insert into subscriptions (id, organization_id, subscription_status) values (?, ?, ?)",
            ).bind(`sub-${id}`, id, status),
          );
        }
        await env.DB.batch(statements);
        expected.set(id, planAccess({ trialEndsAt: endsAt, subscriptionStatus: status, now: Date.now() }).lifecycle);
      }
    }
    for (const [id, lifecycle] of expected) {
      expect((await getOrganization(db, id))?.status, id).toBe(lifecycle);
    }
    // The filter reads the same expression.
    const pastDue = await listOrganizations(db, { status: "past_due", search: "lifecycle-", pageSize: 100 });
    expect(pastDue.items.map((o) => o.id).sort()).toEqual(
      [...expected]
        .filter(([, lifecycle]) => lifecycle === "past_due")
        .map(([id]) => id)
        .sort(),
    );
  });

  it("shows the operator's inactive or suspended over the plan, and editing it never touches the plan", async () => {
    const operator = await createSuperAdmin();
    const admin = await createAdmin();
    const patch = (body: unknown) =>
      requestAs(operator, `/api/admin/organizations/${admin.organizationId}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(await (await patch({ status: "suspended" })).json()).toMatchObject({
      status: "suspended",
      access: "suspended",
    });
    expect(await (await patch({ status: "active" })).json()).toMatchObject({ status: "trial", access: "active" });
    // The plan is not the operator's to set by hand.
    expect((await patch({ status: "trial" })).status).toBe(400);
    expect((await patch({ status: "expired" })).status).toBe(400);
  });
});

describe("the subscription tier", () => {
  it("is not editable while a Stripe subscription owns it, and is otherwise", async () => {
    const operator = await createSuperAdmin();
    const admin = await createAdmin();
    const org = admin.organizationId;
    const setTier = (tier: string) =>
      requestAs(operator, `/api/admin/organizations/${org}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ subscriptionTier: tier }),
      });
    expect((await (await requestAs(operator, `/api/admin/organizations/${org}`)).json()) as object).toMatchObject({
      organization: { tierOwnedByStripe: false },
    });
    expect((await setTier("enterprise")).status).toBe(200);
    await env.DB.prepare(
      "insert into subscriptions (id, organization_id, stripe_subscription_id, subscription_status) values (?, ?, ?, 'active')",
    )
      .bind(`sub-${org}`, org, `sub_${org.slice(0, 8)}`)
      .run();
    const refused = await setTier("basic");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: "tier_owned_by_stripe" } });
    expect(await env.DB.prepare("select subscription_tier from organizations where id = ?").bind(org).first()).toEqual({
      subscription_tier: "enterprise",
    });
    // The rest of the form still saves with the tier as it is.
    expect((await setTier("enterprise")).status).toBe(200);
    // Once Stripe has ended it, the tier is the operator's again.
    await env.DB.prepare("update subscriptions set subscription_status = 'canceled' where organization_id = ?")
      .bind(org)
      .run();
    expect((await setTier("basic")).status).toBe(200);
  });
});
