import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  alertListResponseSchema,
  insightsResponseSchema,
  memberInsightsResponseSchema,
} from "../../worker/shared/insights";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { insertCompletedCheckIn } from "./checkin-helpers";
import { request } from "./helpers";

/**
 * Tenancy: every team, check-in, insight and alert route, tried with a second
 * organization's session against the first one's ids, answers 404 and changes nothing;
 * lists never carry the other organization's rows. And no admin route returns a transcript.
 */

let owner: TestAdmin;
let intruder: TestAdmin;
let memberId: string;
let checkInId: string;
let alertId: string;
const SECRET_WORDS = "my-private-words-about-my-manager";

async function snapshot() {
  const rows = await env.DB.batch([
    env.DB.prepare("select * from team_members where organization_id = ? order by id").bind(owner.organizationId),
    env.DB.prepare("select * from check_ins where organization_id = ? order by id").bind(owner.organizationId),
    env.DB.prepare("select * from risk_alerts where organization_id = ? order by rowid").bind(owner.organizationId),
  ]);
  return JSON.stringify(rows.map((r) => r.results));
}

beforeAll(async () => {
  owner = await createAdmin({ companyName: "Owner Co" });
  intruder = await createAdmin({ companyName: "Intruder Co" });
  const added = await requestAs(owner, "/api/team-members", {
    method: "POST",
    body: JSON.stringify({ firstName: "Olive", lastName: "Owner", email: "olive@owner.example" }),
  });
  memberId = teamMemberResponseSchema.parse(await added.json()).member.id;
  const sent = await requestAs(owner, "/api/check-ins", {
    method: "POST",
    body: JSON.stringify({ teamMemberId: memberId }),
  });
  checkInId = createCheckInResponseSchema.parse(await sent.json()).id;
  // A completed check-in with its transcript, scores and an alert, as the check-in writes them.
  ({ alertId } = await insertCompletedCheckIn({
    organizationId: owner.organizationId,
    teamMemberId: memberId,
    memberName: "Olive Owner",
    transcript: SECRET_WORDS,
  }));
});

describe("another organization's ids answer 404 and change nothing", () => {
  const routes = (): [string, string, RequestInit?][] => [
    ["GET", `/api/team-members/${memberId}`],
    ["PATCH", `/api/team-members/${memberId}`, { body: JSON.stringify({ firstName: "Hacked" }) }],
    ["PATCH", `/api/team-members/${memberId}`, { body: JSON.stringify({ status: "inactive" }) }],
    ["DELETE", `/api/team-members/${memberId}`],
    ["POST", "/api/check-ins", { body: JSON.stringify({ teamMemberId: memberId }) }],
    ["POST", `/api/check-ins/${checkInId}/resend`],
    ["POST", `/api/check-ins/${checkInId}/revoke`],
    ["GET", `/api/insights/members/${memberId}`],
    ["POST", `/api/alerts/${alertId}/resolve`],
  ];

  it("for every route", async () => {
    const before = await snapshot();
    for (const [method, path, init] of routes()) {
      const response = await requestAs(intruder, path, { method, ...init });
      expect(response.status, `${method} ${path}`).toBe(404);
      const text = await response.text();
      expect(text, `${method} ${path}`).not.toContain("Olive");
    }
    expect(await snapshot()).toBe(before);
  });

  it("lists and aggregates never carry the other organization's rows", async () => {
    const members = await (await requestAs(intruder, "/api/team-members")).text();
    const checkIns = await (await requestAs(intruder, "/api/check-ins")).text();
    const filtered = await (await requestAs(intruder, `/api/check-ins?teamMemberId=${memberId}`)).text();
    const alerts = alertListResponseSchema.parse(await (await requestAs(intruder, "/api/alerts?status=all")).json());
    const filteredAlerts = await (await requestAs(intruder, `/api/alerts?teamMemberId=${memberId}`)).text();
    const insights = insightsResponseSchema.parse(await (await requestAs(intruder, "/api/insights?range=52w")).json());
    for (const text of [members, checkIns, filtered, filteredAlerts, JSON.stringify(insights)]) {
      expect(text).not.toContain("Olive");
      expect(text).not.toContain(memberId);
    }
    expect(alerts.items).toEqual([]);
    expect(insights.hasData).toBe(false);
    expect(insights.pillars.find((card) => card.pillar === "blockers")?.value).toBe(0);
  });

  it("while the owner sees their own", async () => {
    const insights = insightsResponseSchema.parse(await (await requestAs(owner, "/api/insights")).json());
    expect(insights.people.map((p) => p.firstName)).toEqual(["Olive"]);
    expect(insights.alerts.items.map((a) => a.id)).toEqual([alertId]);
    expect(insights.blockers.map((b) => b.theme)).toEqual(["Pricing approvals"]);
    const person = memberInsightsResponseSchema.parse(
      await (await requestAs(owner, `/api/insights/members/${memberId}`)).json(),
    );
    expect(person.risk).toBe("high");
  });
});

describe("transcripts stay private", () => {
  it("no admin route returns a word of the conversation", async () => {
    const paths = [
      "/api/team-members",
      `/api/team-members/${memberId}`,
      "/api/check-ins",
      `/api/check-ins?teamMemberId=${memberId}`,
      "/api/insights?range=4w",
      "/api/insights?range=52w",
      `/api/insights/members/${memberId}?range=52w`,
      "/api/alerts?status=all",
    ];
    for (const path of paths) {
      const response = await requestAs(owner, path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain(SECRET_WORDS);
    }
  });
});

describe("alerts", () => {
  it("lists open alerts and resolves one", async () => {
    const open = alertListResponseSchema.parse(await (await requestAs(owner, "/api/alerts")).json());
    expect(open.items.map((a) => [a.id, a.status, a.teamMember?.firstName])).toEqual([[alertId, "unread", "Olive"]]);
    const resolved = await requestAs(owner, `/api/alerts/${alertId}/resolve`, { method: "POST" });
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({ alert: { id: alertId, status: "resolved" } });
    const row = await env.DB.prepare(
      "select status, resolved_by from risk_alerts where check_in_id || '.' || category = ?",
    )
      .bind(alertId)
      .first<{ status: string; resolved_by: string }>();
    expect(row).toEqual({ status: "resolved", resolved_by: owner.userId });
    expect(alertListResponseSchema.parse(await (await requestAs(owner, "/api/alerts")).json()).items).toEqual([]);
    const history = alertListResponseSchema.parse(await (await requestAs(owner, "/api/alerts?status=resolved")).json());
    expect(history.items.map((a) => a.id)).toEqual([alertId]);
    expect((await requestAs(owner, "/api/alerts?status=maybe")).status).toBe(400);
    expect((await requestAs(owner, "/api/alerts/nope/resolve", { method: "POST" })).status).toBe(404);
  });

  it("insights refuse a bad range and need a session", async () => {
    expect((await requestAs(owner, "/api/insights?range=3w")).status).toBe(400);
    for (const path of [
      "/api/insights",
      `/api/insights/members/${memberId}`,
      "/api/alerts",
      "/api/check-in-settings",
    ]) {
      expect((await request(path)).status, path).toBe(401);
    }
  });
});
