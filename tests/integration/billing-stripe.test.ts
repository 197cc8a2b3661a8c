// Issue 25 §1 and issue 22 §7: cancel anytime (Stripe's customer portal), the subscription's
// end reaching the dashboard and the console, an operator's delete cancelling Stripe first,
// events for a deleted organization kept, and same-second events in a strict order.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAdmin, createSuperAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { countRows, request } from "./helpers";
import {
  checkoutCompleted,
  deliverSigned,
  nowSeconds,
  requestWithStripe,
  STRIPE,
  stripeForm,
  stripeRequests,
  subscriptionEvent,
  subscriptionIdOf,
  subscriptionRow,
} from "./stripe-helpers";
import { STRIPE_FAILING_SUBSCRIPTION, STRIPE_MISSING_SUBSCRIPTION, STRIPE_UNKNOWN_CUSTOMER } from "./vars";

const portal = (admin: TestAdmin, bindings: Record<string, string> = STRIPE) =>
  requestWithStripe(admin, "/api/subscription/portal", { method: "POST" }, bindings);

async function proAdmin(options: { customer?: string; subscription?: string } = {}) {
  const admin = await createAdmin();
  expect(await deliverSigned(checkoutCompleted(admin.organizationId, options))).toBe("applied");
  return admin;
}

describe("Manage billing: Stripe's customer portal", () => {
  it("opens a portal session for the organization's own Stripe customer and returns its url", async () => {
    const admin = await proAdmin({ customer: "cus_portal_1" });
    const response = await portal(admin);
    expect(response.status, await response.clone().text()).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_/);
    const [sent] = await stripeRequests(
      (r) => r.path === "/v1/billing_portal/sessions" && r.body.includes("cus_portal_1"),
    );
    expect(sent?.method).toBe("POST");
    expect(sent?.headers.authorization).toBe("Bearer sk_test_undertone");
    expect(stripeForm(sent?.body ?? "")).toEqual({
      customer: "cus_portal_1",
      return_url: "http://localhost:5173/dashboard/settings?billing=returned",
    });
  });

  it("refuses without a Stripe customer (409), without Stripe (503), and Stripe's refusal is a 502", async () => {
    const customer = await proAdmin({ customer: "cus_keyless" });
    const unconfigured = await portal(customer, { STRIPE_SECRET_KEY: "" });
    expect(unconfigured.status).toBe(503);
    const admin = await createAdmin();
    const none = await portal(admin);
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ error: { code: "no_billing_account" } });

    const unknown = await proAdmin({ customer: STRIPE_UNKNOWN_CUSTOMER });
    const refused = await portal(unknown);
    expect(refused.status).toBe(502);
    expect(JSON.stringify(await refused.json())).not.toContain(STRIPE_UNKNOWN_CUSTOMER);
  });

  it("is for the organization's admin only: visitors 401, the operator 403", async () => {
    expect((await request("/api/subscription/portal", { method: "POST" })).status).toBe(401);
    const operator = await createSuperAdmin();
    expect((await requestWithStripe(operator, "/api/subscription/portal", { method: "POST" })).status).toBe(403);
  });
});

describe("the subscription's end reaches the dashboard and the console", () => {
  it("shows a cancellation at the period's end, then the cancelled plan, through the webhook", async () => {
    const admin = await proAdmin({ customer: "cus_ending" });
    const operator = await createSuperAdmin();
    const t = nowSeconds();
    const endsAt = t + 20 * 86400;
    const cancelling = subscriptionEvent("customer.subscription.updated", admin.organizationId, "active", t + 1, {
      cancelAtPeriodEnd: true,
      cancelAt: endsAt,
    });
    expect(await deliverSigned(cancelling)).toBe("applied");

    const plan = async () =>
      (await (await requestWithStripe(admin, "/api/subscription")).json()) as {
        subscription: { status: string; cancelAtPeriodEnd: boolean; cancelAt: string | null; manageable: boolean };
        planChosen: boolean;
      };
    expect((await plan()).subscription).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      cancelAt: new Date(endsAt * 1000).toISOString(),
      manageable: true,
    });
    // Paid until then: check-ins still run, and the console says active, ending.
    const detail = async () =>
      (await (await requestAs(operator, `/api/admin/organizations/${admin.organizationId}`)).json()) as {
        organization: { status: string };
        subscription: { status: string; cancelAtPeriodEnd: boolean; cancelAt: number | null; endedAt: number | null };
      };
    expect(await detail()).toMatchObject({
      organization: { status: "active" },
      subscription: { cancelAtPeriodEnd: true, cancelAt: endsAt * 1000 },
    });
    const listed = async () => {
      const body = (await (await requestAs(operator, "/api/admin/billing/subscriptions?pageSize=100")).json()) as {
        items: { organization_id: string; ends_at: number | null; ended_at: number | null }[];
      };
      return body.items.find((item) => item.organization_id === admin.organizationId);
    };
    expect(await listed()).toMatchObject({ ends_at: endsAt * 1000, ended_at: null });

    const ended = subscriptionEvent("customer.subscription.deleted", admin.organizationId, "canceled", t + 2, {
      endedAt: t + 2,
    });
    expect(await deliverSigned(ended)).toBe("applied");
    expect((await plan()).subscription).toMatchObject({ status: "canceled", cancelAtPeriodEnd: false });
    expect(await detail()).toMatchObject({
      organization: { status: "cancelled" },
      subscription: { status: "canceled", endedAt: (t + 2) * 1000 },
    });
    expect(await listed()).toMatchObject({ ends_at: null, ended_at: (t + 2) * 1000 });
  });
});

describe("same-second Stripe events (issue 22 §7)", () => {
  const status = async (organizationId: string) =>
    ((await subscriptionRow(organizationId)) as { subscription_status: string } | null)?.subscription_status;

  it("never reactivate a cancelled subscription, whichever arrives first", async () => {
    const t = nowSeconds();
    for (const order of ["cancel-first", "active-first"] as const) {
      const admin = await createAdmin();
      const org = admin.organizationId;
      const active = [
        checkoutCompleted(org, { created: t }),
        subscriptionEvent("customer.subscription.updated", org, "active", t),
      ];
      const cancelled = subscriptionEvent("customer.subscription.deleted", org, "canceled", t, { endedAt: t });
      const events = order === "cancel-first" ? [cancelled, ...active] : [...active, cancelled];
      for (const event of events) await deliverSigned(event);
      expect(await status(org), order).toBe("canceled");
      const tier = await env.DB.prepare("select subscription_tier from organizations where id = ?").bind(org).first();
      expect(tier, order).toEqual({ subscription_tier: "basic" });
    }
  });

  it("take the later stage on a tie, and a strictly newer event still wins", async () => {
    const admin = await createAdmin();
    const org = admin.organizationId;
    const t = nowSeconds();
    await deliverSigned(subscriptionEvent("customer.subscription.updated", org, "past_due", t));
    await deliverSigned(subscriptionEvent("customer.subscription.updated", org, "active", t));
    expect(await status(org)).toBe("past_due");
    // The payment recovered a second later: that is news, not a tie.
    await deliverSigned(subscriptionEvent("customer.subscription.updated", org, "active", t + 1));
    expect(await status(org)).toBe("active");
  });
});

describe("deleting an organization (operator) cancels its Stripe subscription first", () => {
  const remove = (organizationId: string, bindings: Record<string, string> = STRIPE) =>
    createSuperAdmin().then((operator) =>
      requestWithStripe(operator, `/api/admin/organizations/${organizationId}`, { method: "DELETE" }, bindings),
    );
  const exists = (organizationId: string) => countRows("organizations", `id = '${organizationId}'`);

  it("cancels in Stripe, then deletes, says so, and records it in the audit log", async () => {
    const admin = await proAdmin();
    const org = admin.organizationId;
    const response = await remove(org);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, stripeSubscriptionCancelled: true });
    const cancels = await stripeRequests(
      (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscriptionIdOf(org)}`,
    );
    expect(cancels).toHaveLength(1);
    expect(await exists(org)).toBe(0);
    const audit = await env.DB.prepare(
      "select details from audit_logs where action = 'organization.delete' and target_id = ?",
    )
      .bind(org)
      .first<{ details: string }>();
    expect(JSON.parse(audit?.details ?? "{}")).toMatchObject({ stripeSubscriptionCancelled: true });
  });

  it("deletes nothing when Stripe refuses, or when there is no key to cancel with", async () => {
    const failing = await proAdmin({
      subscription: `${STRIPE_FAILING_SUBSCRIPTION}_${crypto.randomUUID().slice(0, 8)}`,
    });
    const refused = await remove(failing.organizationId);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ error: { code: "stripe_cancel_failed" } });
    expect(await exists(failing.organizationId)).toBe(1);
    expect(await subscriptionRow(failing.organizationId)).toMatchObject({ subscription_status: "active" });

    const keyless = await proAdmin();
    const unconfigured = await remove(keyless.organizationId, { STRIPE_SECRET_KEY: "" });
    expect(unconfigured.status).toBe(409);
    expect(await exists(keyless.organizationId)).toBe(1);
  });

  it("goes ahead when Stripe no longer has the subscription, and without Stripe for a trial", async () => {
    const gone = await proAdmin({ subscription: `${STRIPE_MISSING_SUBSCRIPTION}_${crypto.randomUUID().slice(0, 8)}` });
    expect((await remove(gone.organizationId)).status).toBe(200);
    expect(await exists(gone.organizationId)).toBe(0);

    const trial = await createAdmin();
    const response = await remove(trial.organizationId, { STRIPE_SECRET_KEY: "" });
    expect(await response.json()).toEqual({ ok: true, stripeSubscriptionCancelled: false });
  });

  it("records a later Stripe event for the deleted organization as orphaned, in the audit log", async () => {
    const admin = await proAdmin();
    const org = admin.organizationId;
    expect((await remove(org)).status).toBe(200);
    // Stripe's own notice of the cancellation arrives after the organization is gone.
    const late = subscriptionEvent("customer.subscription.deleted", org, "canceled", nowSeconds(), {
      endedAt: nowSeconds(),
    });
    expect(await deliverSigned(late)).toBe("orphaned");
    const id = (JSON.parse(late) as { id: string }).id;
    expect(
      await env.DB.prepare("select outcome, organization_id, stripe_subscription_id from stripe_events where id = ?")
        .bind(id)
        .first(),
    ).toEqual({
      outcome: "orphaned",
      organization_id: org,
      stripe_subscription_id: subscriptionIdOf(org),
    });
    const audit = await env.DB.prepare(
      "select actor_user_id, details from audit_logs where action = 'billing.stripe_event_orphaned' and target_id = ?",
    )
      .bind(org)
      .first<{ actor_user_id: string | null; details: string }>();
    expect(audit?.actor_user_id).toBeNull();
    expect(JSON.parse(audit?.details ?? "{}")).toMatchObject({ eventId: id, type: "customer.subscription.deleted" });
    // Nothing was resurrected.
    expect(await subscriptionRow(org)).toBeNull();
    expect(await countRows("organizations", `id = '${org}'`)).toBe(0);
  });
});
