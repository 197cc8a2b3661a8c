import { env } from "cloudflare:workers";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { readConfig } from "../../worker/lib/config";
import { memberPage } from "../../worker/schedule/create-job";
import { expiredPage } from "../../worker/schedule/expire-job";
import { invitePage, reminderPage } from "../../worker/schedule/send-jobs";
import { checkInInsert } from "../../worker/team/check-ins";

/**
 * Issue 26 item 3: the schedule's walks stay a range read however large the organization and
 * however many check-ins are open across all of them. SQLite's plan for each page and for the
 * insert every check-in goes through (drizzle/0014_schedule_walk.sql): no table scan, no
 * sort of the whole organization (a temp B-tree), and "is this member's check-in open?" a seek
 * on the member, never the open check-ins of every organization (check_ins_status_expires_idx).
 */
const db = createDb(env.DB);
const dialect = new SQLiteAsyncDialect();
const now = Date.now();

async function planOf(query: { sql: string; params: unknown[] }): Promise<string[]> {
  const { results } = await env.DB.prepare(`explain query plan ${query.sql}`)
    .bind(...query.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

const TABLE_SCAN = /^SCAN (team_members|check_ins|organizations|organization_settings|tm|ci)\b/;

function expectRangeReads(plan: string[]) {
  expect(
    plan.filter((line) => TABLE_SCAN.test(line) || line.includes("TEMP B-TREE")),
    plan.join("\n"),
  ).toEqual([]);
}

describe("the schedule's statements, as SQLite plans them", () => {
  it("reads a page of an organization's members as a range, each member's check-ins by a seek on the member", async () => {
    const plan = await planOf(memberPage(db, { organizationId: "org", after: "m-100", batchSize: 200, now }).toSQL());
    expectRangeReads(plan);
    expect(plan[0]).toMatch(
      /team_members USING (COVERING )?INDEX team_members_org_status_id_idx \(organization_id=\? AND status=\? AND id>\?\)/,
    );
    expect(
      plan.filter((line) => line.includes("check_ins_status_expires_idx")),
      plan.join("\n"),
    ).toEqual([]);
  });

  it("inserts a check-in after a seek on the member for an open one", async () => {
    const { statement } = await checkInInsert(db, readConfig(env), {
      organizationId: "org",
      teamMemberId: "m-1",
      createdBy: null,
      scheduleKey: "weekly:2026-W01",
      durationMinutes: 10,
      expiresAt: now + 72 * 3_600_000,
      invitedAt: null,
      now,
    });
    const plan = await planOf(dialect.sqlToQuery(statement));
    expectRangeReads(plan);
    expect(plan.join("\n")).toMatch(
      /check_ins USING (COVERING )?INDEX check_ins_member_open_idx \(team_member_id=\? AND status=\? AND expires_at>\?\)/,
    );
    expect(
      plan.filter((line) => line.includes("check_ins_status_expires_idx")),
      plan.join("\n"),
    ).toEqual([]);
  });

  it("walks open check-ins in id order for invitations and reminders, and expires oldest first", async () => {
    for (const query of [
      invitePage(db, { now, after: "c-1" }, 500).toSQL(),
      reminderPage(db, { now, after: "c-1" }, 500).toSQL(),
      expiredPage(db, { now, batchSize: 200 }).toSQL(),
    ]) {
      expectRangeReads(await planOf(query));
    }
  });
});
