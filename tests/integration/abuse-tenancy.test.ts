import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import {
  allRoutes,
  isAdminRoute,
  isSessionScoped,
  methodOf,
  pathFor,
  type RouteKey,
  unclassifiedRoutes,
} from "./abuse-routes";
import { createAdmin, createSuperAdmin, requestAs, type TestAccount, type TestAdmin } from "./auth-helpers";
import { insertCompletedCheckIn } from "./checkin-helpers";
import { databaseRows, stableOrder } from "./database-state";
import { request } from "./helpers";
import { connectSlack, deliveryRow, eventually } from "./notify-helpers";

/**
 * The abuse suite, tenancy part: EVERY signed-in route, read from the app's own route table,
 * tried by another organization's Admin against the first organization's ids and data; and
 * EVERY /api/admin route tried by a visitor, an Admin and a SuperAdmin whose address is not
 * allowlisted. Feature tests keep their own hand-written lists (team-tenancy, admin-routes);
 * this file fails when a route exists that nobody attacked. Over 300 lines on purpose: the attack
 * on every route and its fixtures stay in one file, the one place a new route must pass.
 */
let owner: TestAdmin;
let intruder: TestAdmin;
let memberId: string;
let checkInId: string;
let alertId: string;
let ownerInvitationId: string;
const OWNER_NAME = "Zephyrine Owner Co";
const SECRET_WORDS = "words-only-the-salesperson-typed";
/** The owner's Stripe customer: "Manage billing" must never open it for anyone else. */
const OWNER_CUSTOMER = "cus_zephyrine_owner";

/** Everything of the owner's that must never be shown to, or changed by, anyone else. */
const markers = () => [
  "Olivander",
  "Quaxley",
  OWNER_NAME,
  owner.email,
  owner.organizationId,
  memberId,
  checkInId,
  alertId,
  SECRET_WORDS,
  OWNER_CUSTOMER,
];

/** Every row of every table that carries the owner's organization_id, plus the organization itself. */
async function ownerRows(): Promise<unknown[][]> {
  const tables = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations' order by name",
  ).all<{ name: string }>();
  const statements = [env.DB.prepare("select * from organizations where id = ?").bind(owner.organizationId)];
  for (const { name } of tables.results) {
    const columns = await env.DB.prepare(`select name from pragma_table_info('${name}')`).all<{ name: string }>();
    if (columns.results.some((c) => c.name === "organization_id")) {
      statements.push(
        env.DB.prepare(`select * from "${name}" where organization_id = ? order by ${await stableOrder(name)}`).bind(
          owner.organizationId,
        ),
      );
    }
  }
  const results = await env.DB.batch(statements);
  return results.map((r) => r.results);
}

beforeAll(async () => {
  owner = await createAdmin({ companyName: OWNER_NAME });
  intruder = await createAdmin({ companyName: "Intruder Co" });
  await env.DB.prepare(
    "insert into subscriptions (id, organization_id, stripe_customer_id, subscription_status) values (?, ?, ?, 'active')",
  )
    .bind(`sub-${owner.organizationId}`, owner.organizationId, OWNER_CUSTOMER)
    .run();
  const added = await requestAs(owner, "/api/team-members", {
    method: "POST",
    body: JSON.stringify({ firstName: "Olivander", lastName: "Quaxley", email: "olivander@owner.example" }),
  });
  expect(added.status).toBe(201);
  memberId = teamMemberResponseSchema.parse(await added.json()).member.id;
  const sent = await requestAs(owner, "/api/check-ins", {
    method: "POST",
    body: JSON.stringify({ teamMemberId: memberId }),
  });
  checkInId = createCheckInResponseSchema.parse(await sent.json()).id;
  // The invitation travels on the notifications queue: let it land before the owner's rows are compared.
  await eventually(async () => (await deliveryRow(`check-in-invite:${checkInId}`))?.status === "delivered");
  const settings = (await (await requestAs(owner, "/api/check-in-settings")).json()) as { settings: object };
  expect(
    (await requestAs(owner, "/api/check-in-settings", { method: "PUT", body: JSON.stringify(settings.settings) }))
      .status,
  ).toBe(200);
  expect(
    (await requestAs(owner, "/api/subscription", { method: "POST", body: JSON.stringify({ planType: "trial" }) }))
      .status,
  ).toBe(201);
  const invited = await requestAs(owner, "/api/organization/admins/invitations", {
    method: "POST",
    body: JSON.stringify({ email: "olga.admin@owner.example" }),
  });
  expect(invited.status).toBe(201);
  ownerInvitationId = ((await invited.json()) as { id: string }).id;
  // Slack connected (no channel yet): the intruder's PUT /api/slack/settings has the owner's to miss.
  await connectSlack(owner, null);
  // A finished check-in with its transcript, scores, a blocker and an alert, as the check-in writes them.
  ({ alertId } = await insertCompletedCheckIn({
    organizationId: owner.organizationId,
    teamMemberId: memberId,
    memberName: "Olivander Quaxley",
    transcript: SECRET_WORDS,
  }));
});

type Attack = {
  /** "not-found": the owner's id answers 404. "own": the intruder only ever reaches their own organization. */
  expect: "not-found" | "own";
  path?: () => string;
  body?: () => unknown;
  /** What the owner's same request answers (the positive control of a "not-found"): 200 unless said. */
  ownerStatus?: number;
  /** For "own": the intruder's own answer, when it is a refusal of theirs (below 400 unless said). */
  ownStatus?: number;
};

/** One attack per session-scoped route; `allRoutes()` must not hold one more. */
const ATTACKS: Record<string, Attack> = {
  "GET /api/me": { expect: "own" },
  // Only the caller's own count; the intruder has no second factor, so theirs is refused.
  "GET /api/me/recovery-codes": { expect: "own", ownStatus: 409 },
  "POST /api/organization/ensure": {
    expect: "own",
    body: () => ({ organizationId: owner.organizationId, companyName: OWNER_NAME }),
  },
  "GET /api/subscription": { expect: "own" },
  "POST /api/subscription": {
    expect: "own",
    body: () => ({ planType: "trial", organizationId: owner.organizationId }),
  },
  // Stripe's portal for the session's organization only: the intruder has no Stripe customer
  // (the owner has one), so theirs is "no billing account", whatever the body names.
  "POST /api/subscription/portal": {
    expect: "own",
    body: () => ({ organizationId: owner.organizationId, customer: OWNER_CUSTOMER }),
    ownStatus: 409,
  },
  "GET /api/team-members": { expect: "own", path: () => `/api/team-members?organizationId=${owner.organizationId}` },
  "POST /api/team-members": {
    expect: "own",
    body: () => ({
      firstName: "Ivy",
      lastName: "Intruder",
      email: "ivy@intruder.example",
      organizationId: owner.organizationId,
    }),
  },
  "GET /api/team-members/:id": { expect: "not-found", path: () => `/api/team-members/${memberId}` },
  "PATCH /api/team-members/:id": {
    expect: "not-found",
    path: () => `/api/team-members/${memberId}`,
    body: () => ({ firstName: "Hacked" }),
  },
  "DELETE /api/team-members/:id": { expect: "not-found", path: () => `/api/team-members/${memberId}` },
  "GET /api/check-ins": { expect: "own", path: () => `/api/check-ins?teamMemberId=${memberId}` },
  // The owner's control runs after its revoke (one check-in waiting per member): 201.
  "POST /api/check-ins": { expect: "not-found", body: () => ({ teamMemberId: memberId }), ownerStatus: 201 },
  "POST /api/check-ins/:id/resend": { expect: "not-found", path: () => `/api/check-ins/${checkInId}/resend` },
  "POST /api/check-ins/:id/revoke": { expect: "not-found", path: () => `/api/check-ins/${checkInId}/revoke` },
  "GET /api/check-in-settings": { expect: "own" },
  "PUT /api/check-in-settings": { expect: "own" },
  "GET /api/insights": { expect: "own", path: () => "/api/insights?range=52w" },
  "GET /api/insights/coaching": { expect: "own", path: () => "/api/insights/coaching?range=52w" },
  "GET /api/insights/members/:id": { expect: "not-found", path: () => `/api/insights/members/${memberId}?range=52w` },
  "GET /api/alerts": { expect: "own", path: () => `/api/alerts?status=all&teamMemberId=${memberId}` },
  "POST /api/alerts/:id/resolve": { expect: "not-found", path: () => `/api/alerts/${alertId}/resolve` },
  "GET /api/notifications/settings": { expect: "own" },
  "PUT /api/notifications/preferences": { expect: "own", body: () => ({ alertEmails: "off", userId: owner.userId }) },
  "PUT /api/notifications/time-zone": {
    expect: "own",
    body: () => ({ timeZone: "Asia/Tokyo", organizationId: owner.organizationId }),
  },
  "GET /api/notifications/digest-preview": { expect: "own" },
  "GET /api/slack/install": { expect: "own" },
  // Another admin's state is refused (a redirect back to Settings with ?slack=invalid_state).
  "GET /api/slack/oauth/callback": { expect: "own", path: () => "/api/slack/oauth/callback?code=x&state=forged" },
  "GET /api/slack/channels": { expect: "own" },
  // The owner has connected Slack (beforeAll); the intruder's organization has not: 'Slack is not connected'.
  "PUT /api/slack/settings": { expect: "not-found", body: () => ({ channelId: "C0ALERTS", dmInvitations: true }) },
  "DELETE /api/slack": { expect: "own" },
  "GET /api/organization/admins": { expect: "own" },
  "POST /api/organization/admins/invitations": { expect: "own", body: () => ({ email: "ivy.admin@intruder.example" }) },
  "DELETE /api/organization/admins/invitations/:id": {
    expect: "not-found",
    path: () => `/api/organization/admins/invitations/${ownerInvitationId}`,
    ownerStatus: 204,
  },
  // The owner is their organization's only Admin: their own request is refused as the last one.
  "DELETE /api/organization/admins/:userId": {
    expect: "not-found",
    path: () => `/api/organization/admins/${owner.userId}`,
    ownerStatus: 409,
  },
  "PUT /api/organization/two-factor": { expect: "own", body: () => ({ requireAdminTwoFactor: false }) },
  // Only the invited address accepts; a token that is not an open invitation is nobody's.
  "POST /api/organization/invitations/accept": {
    expect: "not-found",
    body: () => ({ token: "not-an-invitation-token-000000" }),
    ownerStatus: 404,
  },
};

describe("the route table", () => {
  it("has no route that the abuse suite does not know how to attack", () => {
    expect(unclassifiedRoutes()).toEqual([]);
    expect(allRoutes().filter(isSessionScoped).sort()).toEqual(Object.keys(ATTACKS).sort());
  });
});

describe("another organization's Admin, on every session-scoped route", () => {
  it("gets 404 for the owner's ids, only their own rows elsewhere, and changes nothing of the owner's", async () => {
    // The intruder's own settings, sent back: a valid body for PUT that can only touch the intruder.
    const intruderSettings = (
      (await (await requestAs(intruder, "/api/check-in-settings")).json()) as { settings: object }
    ).settings;
    const before = await ownerRows();
    for (const [key, attack] of Object.entries(ATTACKS)) {
      const method = methodOf(key as RouteKey);
      const body = key === "PUT /api/check-in-settings" ? intruderSettings : attack.body?.();
      const response = await requestAs(intruder, attack.path?.() ?? pathFor(key as RouteKey), {
        method,
        // Slack's install and callback answer with a redirect: judge the answer, not where it leads.
        redirect: "manual",
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (attack.expect === "not-found") expect(response.status, key).toBe(404);
      else if (attack.ownStatus) expect(response.status, `${key}: ${text}`).toBe(attack.ownStatus);
      else expect(response.status, `${key}: ${text}`).toBeLessThan(400);
      for (const marker of markers()) expect(text, `${key} leaked ${marker}`).not.toContain(marker);
    }
    expect(await ownerRows()).toEqual(before);
    // The intruder's writes stayed in the intruder's organization.
    const ivy = await env.DB.prepare(
      "select organization_id from team_members where email = 'ivy@intruder.example'",
    ).first<{
      organization_id: string;
    }>();
    expect(ivy?.organization_id).toBe(intruder.organizationId);

    // Positive control: the same requests from the owner succeed where the intruder got 404,
    // so each 404 above is tenancy, not a probe id that does not exist. (Revoke, then send a
    // new check-in, then delete the member: last, in that order.)
    const notFound = Object.entries(ATTACKS).filter(([, attack]) => attack.expect === "not-found");
    expect(notFound.length).toBeGreaterThan(8);
    const LAST = ["POST /api/check-ins/:id/revoke", "POST /api/check-ins", "DELETE /api/team-members/:id"];
    const order = (key: string) => LAST.indexOf(key);
    notFound.sort(([a], [b]) => order(a) - order(b));
    let sent = "";
    for (const [key, attack] of notFound) {
      const method = methodOf(key as RouteKey);
      const body = attack.body?.();
      const response = await requestAs(owner, attack.path?.() ?? pathFor(key as RouteKey), {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      expect(response.status, `the owner's ${key}: ${text}`).toBe(attack.ownerStatus ?? 200);
      if (key === "POST /api/check-ins") sent = createCheckInResponseSchema.parse(JSON.parse(text)).id;
    }
    // The new check-in's invitation settles now, not in the middle of the next test's comparison:
    // sent, or not sent if the consumer came to it after the member (and the check-in) were deleted.
    await eventually(async () =>
      ["delivered", "failed"].includes((await deliveryRow(`check-in-invite:${sent}`))?.status ?? ""),
    );
  });
});

describe("every /api/admin route", () => {
  let admin: TestAccount;
  let unlisted: TestAccount;
  let operator: TestAccount;

  beforeAll(async () => {
    admin = await createAdmin({ companyName: "Plain Admin Co" });
    // A SuperAdmin role in the database on an address that is not in SUPERADMIN_EMAILS.
    unlisted = await createAdmin({ companyName: "Self-Promoted Co" });
    await env.DB.prepare("update user set role = 'SuperAdmin' where id = ?").bind(unlisted.userId).run();
    operator = await createSuperAdmin();
  });

  it("refuses a visitor (401), an Admin and a SuperAdmin who is not allowlisted (403), and writes nothing", async () => {
    const routes = allRoutes().filter(isAdminRoute);
    expect(routes.length).toBeGreaterThan(30);
    // Every row of every table (./database-state). What the probes are meant to change is
    // left out: the unlisted account's role (and updated_at) and the audit rows of its
    // corrections; they are the defence, counted below.
    const rows = async () => {
      const state = await databaseRows();
      state.user = (state.user ?? []).map((row) =>
        row.id === unlisted.userId ? { ...row, role: "(corrected)", updated_at: "(corrected)" } : row,
      );
      state.audit_logs = (state.audit_logs ?? []).filter(
        (row) => !(row.action === "user.role_change" && row.target_id === unlisted.userId),
      );
      expect(Object.keys(state).length).toBeGreaterThan(20);
      return state;
    };
    const promote = () =>
      env.DB.prepare("update user set role = 'SuperAdmin' where id = ?").bind(unlisted.userId).run();
    const corrections = async () =>
      (
        await env.DB.prepare("select count(*) as n from audit_logs where action = 'user.role_change' and target_id = ?")
          .bind(unlisted.userId)
          .first<{ n: number }>()
      )?.n ?? 0;
    const correctionsBefore = await corrections();
    const before = await rows();
    for (const key of routes) {
      const method = methodOf(key);
      const init = (cookie?: string): RequestInit => ({
        method,
        headers: { ...(cookie ? { cookie } : {}), "content-type": "application/json" },
        ...(method === "GET" || method === "DELETE" ? {} : { body: "{}" }),
      });
      const path = pathFor(key);
      expect((await request(path, init())).status, `${key} as a visitor`).toBe(401);
      expect((await request(path, init(admin.cookie))).status, `${key} as an Admin`).toBe(403);
      // Stored SuperAdmin again before every probe: each one is the unlisted-SuperAdmin case,
      // not the Admin it reads as once the first request has corrected it.
      await promote();
      expect((await request(path, init(unlisted.cookie))).status, `${key} as an unlisted SuperAdmin`).toBe(403);
    }
    expect(await rows()).toEqual(before);
    // Each probe met a stored SuperAdmin role and corrected it: proof the case was exercised.
    expect((await corrections()) - correctionsBefore).toBe(routes.length);
    // The same probes reach the routes for the real operator (whatever the route then says about the probe id).
    for (const key of routes.filter((k) => methodOf(k) === "GET")) {
      const status = (await requestAs(operator, pathFor(key))).status;
      expect([401, 403], key).not.toContain(status);
    }
  });
});
