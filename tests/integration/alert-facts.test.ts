import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { storedAlertText } from "../../worker/db/alert-text";
import { riskAlertsFor } from "../../worker/scoring/risk";
import { alertListResponseSchema } from "../../worker/shared/insights";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { createAdmin, createSuperAdmin, requestAs, type TestAccount, type TestAdmin } from "./auth-helpers";

/**
 * drizzle/0021 (issue 26 §1) seen through the HTTP API: an alert written since stores its facts
 * and no id, and the Admin's and the console's alert lists show the very message and priority the
 * app stored before for the same person and facts, under the id `{checkInId}.{category}`; an alert
 * written before is served with its own stored id and message. Both resolve by their id, only in
 * their organization.
 */
let owner: TestAdmin;
let intruder: TestAdmin;
let operator: TestAccount;
let fresh: { checkInId: string; id: string; message: string };
let old: { checkInId: string; id: string; message: string };

async function sendCheckIn(admin: TestAdmin, memberId: string) {
  const sent = await requestAs(admin, "/api/check-ins", {
    method: "POST",
    body: JSON.stringify({ teamMemberId: memberId }),
  });
  const id = createCheckInResponseSchema.parse(await sent.json()).id;
  // Completed, so the member may be sent the next one.
  await env.DB.prepare("update check_ins set status = 'completed', completed_at = ? where id = ?")
    .bind(Date.now(), id)
    .run();
  return id;
}

beforeAll(async () => {
  owner = await createAdmin({ companyName: "Facts Co" });
  intruder = await createAdmin({ companyName: "Other Facts Co" });
  operator = await createSuperAdmin();
  const added = await requestAs(owner, "/api/team-members", {
    method: "POST",
    body: JSON.stringify({ firstName: "Émile", lastName: "Roux", email: "emile@facts.example" }),
  });
  const memberId = teamMemberResponseSchema.parse(await added.json()).member.id;
  const scores = { morale: 60, confidence: 60, stress: 84, sales_strength: 60, blockers: 60 };
  const [draft] = riskAlertsFor(scores, "Émile Roux", [], {
    burnout: ["long hours", "exhaustion or poor sleep", "3 signs of strain in 2 answers"],
  });
  if (!draft) throw new Error("no alert drafted");
  const newCheckIn = await sendCheckIn(owner, memberId);
  const oldCheckIn = await sendCheckIn(owner, memberId);
  const now = Date.now();
  const text = storedAlertText(draft);
  expect(text).toEqual({ facts: "84,a,b,#3/2", message: null });
  await env.DB.batch([
    env.DB.prepare(
      "insert into risk_alerts (organization_id, team_member_id, check_in_id, category, facts, message, created_at) values (?, ?, ?, 'burnout', ?, ?, ?)",
    ).bind(owner.organizationId, memberId, newCheckIn, text.facts, text.message, now - 1000),
    // As written before drizzle/0021 (and kept so by it): its own id and the sentence itself.
    env.DB.prepare(
      "insert into risk_alerts (id, organization_id, team_member_id, check_in_id, category, message, created_at) values ('Abc_-123456789xy', ?, ?, ?, 'burnout', 'Emile R shows burnout risk in their latest check-in (stress 90/100).', ?)",
    ).bind(owner.organizationId, memberId, oldCheckIn, now - 2000),
  ]);
  fresh = {
    checkInId: newCheckIn,
    id: `${newCheckIn}.burnout`,
    message:
      "Émile Roux shows burnout risk in their latest check-in (stress 84/100): long hours, exhaustion or poor sleep, 3 signs of strain in 2 answers.",
  };
  expect(draft.message).toBe(fresh.message);
  old = {
    checkInId: oldCheckIn,
    id: "Abc_-123456789xy",
    message: "Emile R shows burnout risk in their latest check-in (stress 90/100).",
  };
});

describe("alerts stored as facts", () => {
  it("the Admin's list renders the message stored before, and serves an old alert's own id and message", async () => {
    const open = alertListResponseSchema.parse(await (await requestAs(owner, "/api/alerts")).json());
    expect(open.items.map((a) => [a.id, a.message, a.priority, a.alertType])).toEqual([
      [fresh.id, fresh.message, "urgent", "retention"],
      [old.id, old.message, "urgent", "retention"],
    ]);
  });

  it("the console shows the same message under the same id, and finds each alert by it", async () => {
    const list = (await (await requestAs(operator, "/api/admin/alerts?view=all")).json()) as {
      items: { id: string; message: string; priority: string }[];
    };
    const ours = list.items.filter((a) => a.id === fresh.id || a.id === old.id);
    expect(ours.map((a) => [a.id, a.message, a.priority])).toEqual([
      [fresh.id, fresh.message, "urgent"],
      [old.id, old.message, "urgent"],
    ]);
    for (const alert of [fresh, old]) {
      const detail = (await (
        await requestAs(operator, `/api/admin/alerts/${encodeURIComponent(alert.id)}`)
      ).json()) as {
        alert: { id: string; message: string };
      };
      expect(detail.alert).toMatchObject({ id: alert.id, message: alert.message });
    }
    expect((await requestAs(operator, `/api/admin/alerts/${fresh.checkInId}.low_morale`)).status).toBe(404);
  });

  it("resolves each by its id in its organization only", async () => {
    for (const alert of [fresh, old]) {
      const path = `/api/alerts/${encodeURIComponent(alert.id)}/resolve`;
      expect((await requestAs(intruder, path, { method: "POST" })).status).toBe(404);
      const resolved = await requestAs(owner, path, { method: "POST" });
      expect(resolved.status).toBe(200);
      expect(await resolved.json()).toMatchObject({
        alert: { id: alert.id, status: "resolved", message: alert.message },
      });
    }
    const rows = await env.DB.prepare(
      "select id, status, message is null as rendered from risk_alerts where organization_id = ? order by created_at",
    )
      .bind(owner.organizationId)
      .all();
    expect(rows.results).toEqual([
      { id: old.id, status: "resolved", rendered: 0 },
      { id: null, status: "resolved", rendered: 1 },
    ]);
  });
});
