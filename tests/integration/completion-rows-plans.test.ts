import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type CompletionResult, persistCompletion } from "../../worker/checkin/persist";
import { createDb } from "../../worker/db/client";
import { readConfig } from "../../worker/lib/config";
import { renderAlert } from "../../worker/notify/alerts";
import { applyRetention } from "../../worker/schedule/retention";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import { createAdmin, createSuperAdmin, type TestAccount, type TestAdmin } from "./auth-helpers";
import { createCheckIn, insertCompletedCheckIn } from "./checkin-helpers";
import { requestWithEnv } from "./helpers";
import { planOf, type RecordedStatement, recordingD1 } from "./recording-d1";

/**
 * Issue 26 §1 took an index away from the completion's tables (drizzle/0018_compact_rows.sql):
 * every statement the app runs on them must still search an index. The Admin's dashboard,
 * person page and alerts, the console's pages and reports, the completion batch, the reach-out,
 * the alert notice and retention run on a recording D1; each statement that reads
 * risk_alerts, user_challenges or sentiment_scores is EXPLAINed. A full scan of one fails (except
 * the console's few figures over every organization that read a whole table by design, listed
 * below, each with its reason), and so does a statement of one organization that searches every
 * organization's rows.
 */
const TABLES = /\b(risk_alerts|user_challenges|sentiment_scores)\b/;
const FULL_SCAN =
  /^SCAN (risk_alerts|user_challenges|sentiment_scores|s|u|a|l|p)\b(?! USING (COVERING )?INDEX risk_alerts_(unread|read|resolved_time)_idx$)/;

/**
 * A walk of risk_alerts_unread_idx, _read_idx or _resolved_time_idx (drizzle/0022) is not a full
 * scan: each partial index holds one status's alerts only, which is what a statement reading it
 * asks for (it has no column to SEARCH by; the old index on status and time did).
 */
/** Console statements over every organization, known to read a whole table (issue 26 left them as they were). */
const WHOLE_TABLE_BY_DESIGN: { fragment: RegExp; why: string }[] = [
  {
    fragment: /^select count\(\*\) from "risk_alerts"( where "risk_alerts"."alert_type" (not )?in \(\?, \?\))?$/,
    why: "the console's alert list, view 'all': a count of every alert (of a priority)",
  },
  {
    fragment:
      /from "risk_alerts" left join "team_members" .* order by "risk_alerts"."created_at" desc, coalesce\("risk_alerts"."id", "risk_alerts"."check_in_id" \|\| '\.' \|\| "risk_alerts"."category"\) limit/,
    why: "the console's alert list, view 'all' and a priority: every alert of the shard, newest first",
  },
  {
    fragment:
      /^select coalesce\("risk_alerts"."id", [^)]*\), "risk_alerts"."organization_id", "risk_alerts"."category", .* from "risk_alerts" left join "team_members" on "team_members"."id" = "risk_alerts"."team_member_id" order by "risk_alerts"."created_at" desc limit/,
    why: "the console's recent activity: every organization's newest alerts in the shard",
  },
  {
    fragment: /from "risk_alerts" left join .* where "risk_alerts"."created_at" between \? and \? order by/,
    why: "the console's alerts report: every alert of a period, every organization",
  },
  {
    fragment:
      /^select "organization_id", count\(\*\) as "n" from "risk_alerts" where \("risk_alerts"."organization_id" in \(select value from json_each/,
    why: "the console's organizations report: a page of organizations' alerts of a period; SQLite reads the open and the resolved index whole (it read the status index whole before drizzle/0022)",
  },
  {
    fragment: /^select count\(\*\) as "total", .* from "sentiment_scores"$/,
    why: "the console's sentiment summary: every score row, counted",
  },
  {
    fragment:
      /^select "sentiment_scores"."organization_id", "organizations"."name" as "organization_name", count\(\*\)/,
    why: "the console's company comparison: every organization's scores of the window, grouped",
  },
  {
    fragment: /^select count\(distinct "organization_id"\) from "sentiment_scores"/,
    why: "the console's company comparison: how many organizations answered in the window",
  },
];

/**
 * "The newest N": an index walked in its order and stopped at the LIMIT (no sort of the rows
 * read), which reads N entries, not the table.
 */
function newestFirst(sql: string, plan: string[]): boolean {
  return (
    / limit \?\)?( "\w+")?$/.test(sql) &&
    plan.every((line) => !FULL_SCAN.test(line) || / USING (COVERING )?INDEX \w+$/.test(line)) &&
    !plan.some((line) => line.startsWith("USE TEMP B-TREE FOR ORDER BY"))
  );
}

/**
 * A statement of one organization that searches the table by an index of every organization's
 * rows (by status or time alone): a range that grows with the platform, not with the organization.
 */
function everyOrganization(sql: string, plan: string[]): boolean {
  if (!/organization_id"? = \?/.test(sql)) return false;
  return plan.some((line) => {
    const search = /^SEARCH (risk_alerts|user_challenges|sentiment_scores|s|u|a|l|p) USING .*\((.*)\)/.exec(line);
    return search !== null && !/\b(organization_id|team_member_id|check_in_id|id)=/.test(search[2] ?? "");
  });
}

let admin: TestAdmin;
let operator: TestAccount;
const members: string[] = [];
const alerts: string[] = [];
const now = Date.now();

beforeAll(async () => {
  admin = await createAdmin({ companyName: "Plans Co" });
  operator = await createSuperAdmin();
  for (let i = 0; i < 3; i++) {
    const memberId = `${admin.organizationId}-m${i}`;
    await env.DB.prepare(
      "insert into team_members (id, organization_id, first_name, last_name, email) values (?, ?, ?, 'Plan', ?)",
    )
      .bind(memberId, admin.organizationId, `Rep${i}`, `${memberId}@example.com`)
      .run();
    members.push(memberId);
    const done = await insertCompletedCheckIn({
      organizationId: admin.organizationId,
      teamMemberId: memberId,
      memberName: `Rep${i} Plan`,
      transcript: "Exhausted.",
    });
    alerts.push(done.alertId);
  }
}, 60_000);

/** A completion as the object computes it (a short chat, judged by the reader): it raises alerts and a blocker. */
function completionOf(checkIn: { id: string; organizationId: string; teamMemberId: string }): CompletionResult {
  const judged = judgeCheckIn(
    [
      { sender: "assistant", content: "How has your week been?", pillar: "morale" },
      { sender: "user", content: "Exhausted, and pricing approvals block every deal.", pillar: "morale" },
    ],
    { memberName: "Casey Tester" },
  );
  return {
    ...judged,
    checkInId: checkIn.id,
    organizationId: checkIn.organizationId,
    teamMemberId: checkIn.teamMemberId,
    startedAt: now - 600_000,
    completedAt: now,
    fallbackUsed: false,
    questionsAsked: 1,
    pillarsExplored: 1,
    corrections: [],
  };
}

async function run(account: { cookie: string } | null, recorded: RecordedStatement[], path: string, method = "GET") {
  const response = await requestWithEnv(
    path,
    { DB: recordingD1(env.DB, recorded) },
    { method, headers: account ? { cookie: account.cookie } : {} },
  );
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(400);
}

/** Everything that reads or writes the completion's tables, run once on a recording D1. */
async function recordEverything(): Promise<RecordedStatement[]> {
  const recorded: RecordedStatement[] = [];
  const member = members[0] ?? "";
  // The Admin's dashboard, a person's page and the alerts, open, resolved and all.
  for (const range of ["4w", "12w", "52w"]) {
    await run(admin, recorded, `/api/insights?range=${range}`);
    await run(admin, recorded, `/api/insights/members/${member}?range=${range}`);
  }
  await run(admin, recorded, `/api/alerts/${alerts[0]}/resolve`, "POST");
  for (const status of ["open", "resolved", "all"]) {
    await run(admin, recorded, `/api/alerts?status=${status}`);
    await run(admin, recorded, `/api/alerts?status=${status}&teamMemberId=${member}`);
  }
  // The console.
  const day = new Date(now).toISOString().slice(0, 10);
  const paths = [
    "/api/admin/stats",
    "/api/admin/stats/activity",
    "/api/admin/organizations?page=1&pageSize=5",
    `/api/admin/organizations/${admin.organizationId}`,
    "/api/admin/sentiment/summary",
    "/api/admin/sentiment/companies",
    "/api/admin/sentiment/judgement",
    "/api/admin/alerts/summary",
    "/api/admin/alerts/notifications",
    `/api/admin/alerts/${alerts[1]}`,
    ...["organizations", "users", "sentiment", "alerts"].map(
      (kind) => `/api/admin/reports/${kind}?from=2026-01-01&to=${day}`,
    ),
    ...["active", "unread", "resolved", "all"].flatMap((view) =>
      ["", "&priority=high", "&priority=medium_low"].map((priority) => `/api/admin/alerts?view=${view}${priority}`),
    ),
  ];
  for (const path of paths) await run(operator, recorded, path);
  await run(operator, recorded, `/api/admin/alerts/${alerts[1]}/read`, "POST");
  await run(operator, recorded, `/api/admin/alerts/${alerts[2]}/resolve`, "POST");
  // The completion batch (and its retry), the reach-out, the alert notice and retention.
  const checkIn = await createCheckIn();
  const d1 = recordingD1(env.DB, recorded);
  await persistCompletion(d1, completionOf(checkIn));
  await persistCompletion(d1, completionOf(checkIn));
  const revoked = await createCheckIn({ status: "expired" });
  await persistCompletion(d1, completionOf(revoked));
  const open = await createCheckIn();
  await run(null, recorded, `/api/check-in/${open.id}/reach-out?token=${encodeURIComponent(open.token)}`, "POST");
  const ctx = { db: createDb(d1), config: readConfig(env), organizationId: checkIn.organizationId };
  await renderAlert(ctx, { kind: "alert", checkInId: checkIn.id }, "person");
  await applyRetention(createDb(d1), now, { rawDataDays: 1, summaryDataDays: 2, enableAnonymization: true }, 50);
  return recorded;
}

let recording: Promise<RecordedStatement[]> | undefined;
const everything = () => {
  recording ??= recordEverything();
  return recording;
};

describe("the completion's tables", () => {
  it("are read by an index in every statement, except the console's whole-table figures", async () => {
    const recorded = await everything();
    const seen = new Map<string, RecordedStatement>();
    for (const statement of recorded) if (TABLES.test(statement.sql)) seen.set(statement.sql, statement);
    // The recording reached each table and each kind of statement.
    const all = [...seen.keys()].join("\n");
    for (const table of ["risk_alerts", "user_challenges", "sentiment_scores"]) expect(all).toContain(table);
    for (const verb of ["select", "insert into", "update", "delete from"])
      expect(all).toMatch(new RegExp(`^${verb}`, "m"));

    const scans: string[] = [];
    const byDesign = new Set<string>();
    for (const [sql, statement] of seen) {
      const plan = await planOf(env.DB, statement);
      if (everyOrganization(sql, plan)) scans.push(`${sql}\n  ${plan.join("\n  ")}`);
      if (!plan.some((line) => FULL_SCAN.test(line)) || newestFirst(sql, plan)) continue;
      const known = WHOLE_TABLE_BY_DESIGN.find((k) => k.fragment.test(sql));
      if (known) byDesign.add(known.why);
      else scans.push(`${sql}\n  ${plan.join("\n  ")}`);
    }
    expect(scans, scans.join("\n\n")).toEqual([]);
    // Each exception is still needed (a fixed one leaves the list).
    expect([...byDesign].sort()).toEqual(WHOLE_TABLE_BY_DESIGN.map((k) => k.why).sort());
  });

  it("count an organization's open alerts from the index alone, and list them by their own partial indexes", async () => {
    const recorded = await everything();
    const planFor = async (fragment: RegExp) => {
      const statement = recorded.find((s) => fragment.test(s.sql));
      expect(statement, String(fragment)).toBeDefined();
      return (await planOf(env.DB, statement ?? { sql: "", params: [] })).join("\n");
    };
    // The Overview's count of open alerts (and the console's per organization) reads no row.
    expect(await planFor(/^select count\(\*\) as "open" from "risk_alerts"/)).toMatch(
      /COVERING INDEX risk_alerts_open_idx \(organization_id=\?\)/,
    );
    expect(
      await planFor(/^select count\(\*\) from "risk_alerts" where \("risk_alerts"."organization_id" = \?/),
    ).toMatch(/COVERING INDEX risk_alerts_open_idx/);
    // Every organization's alerts by status (the console, retention; drizzle/0022): each status by
    // its own index by time, walked newest first (oldest first for retention).
    expect(await planFor(/^select count\(\*\) from "risk_alerts" where "risk_alerts"."status" = 'unread'$/)).toMatch(
      /COVERING INDEX risk_alerts_unread_idx/,
    );
    const newestUnread = await planFor(/ where "risk_alerts"."status" = 'unread' order by .* limit \?$/);
    expect(newestUnread).toMatch(/INDEX risk_alerts_unread_idx/);
    expect(newestUnread).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    const newestRead = await planFor(/ where "risk_alerts"."status" = 'read' order by .* limit \?$/);
    expect(newestRead).toMatch(/INDEX risk_alerts_read_idx/);
    expect(newestRead).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    expect(
      await planFor(
        /^delete from "risk_alerts" where rowid in \(select rowid from "risk_alerts" where \("risk_alerts"."status" = 'resolved'/,
      ),
    ).toMatch(/COVERING INDEX risk_alerts_resolved_time_idx \(created_at<\?\)/);
    // A person's alerts: their open ones and those resolved in the window, one index each.
    const person = await planFor(/"risk_alerts"."team_member_id" = \? and \(/);
    expect(person).toContain("risk_alerts_open_idx (organization_id=?)");
    expect(person).toContain("risk_alerts_resolved_idx (organization_id=? AND created_at>?)");
  });
});
