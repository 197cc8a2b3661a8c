import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "../../worker/index";
import type { NotifyMessage } from "../../worker/notify/messages";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { DISTRESSED_ANSWERS } from "../fixtures/worker/distressed-answers";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { ChatClient, claimChat, linkOf, travel } from "./checkin-helpers";

/**
 * The sharded files' fixtures (tests/integration/*.sharded.test.ts, run with new organizations
 * in DB_SHARD_0 and DB_SHARD_1): every row is made through the app, as a customer makes it, and
 * read back from the database it must be in.
 */

/** Every table whose rows belong to one organization (README → "Organizations live in shards"). */
export const ORGANIZATION_TABLES = [
  "organization_settings",
  "team_members",
  "check_ins",
  "check_in_messages",
  "sentiment_scores",
  "real_time_sentiment",
  "risk_alerts",
  "user_challenges",
  "coaching_cache",
  "notification_deliveries",
  "digest_runs",
  "score_corrections",
  // The dashboards' summaries, kept by triggers in the database of the rows they sum (drizzle/0015, 0016).
  "score_rollups",
  "member_scores",
  "member_counts",
  "member_latest_hours",
  "check_in_rollups",
  "theme_rollups",
  "theme_reporters",
  "theme_reporter_hours",
] as const;

/**
 * Every table of the platform database: in a shard they stay empty. `organizations` is not
 * listed: a shard keeps a copy of its organizations' rows, which their foreign keys point at.
 */
export const PLATFORM_TABLES = [
  "user",
  "session",
  "account",
  "verification",
  "two_factor",
  "organization_shards",
  "trials",
  "subscriptions",
  "stripe_events",
  "audit_logs",
  "rate_limits",
  "system_signals",
  "schedule_cursors",
  "global_settings",
  "core_question_bank",
  "ai_agent_configurations",
  "email_outbox",
  "slack_installations",
  "admin_invitations",
  "notification_preferences",
] as const;

export const DATABASES = { DB: env.DB, DB_SHARD_0: env.DB_SHARD_0, DB_SHARD_1: env.DB_SHARD_1 } as const;
export type DatabaseName = keyof typeof DATABASES;
export const SHARDS = ["DB_SHARD_0", "DB_SHARD_1"] as const;

/** How many rows of `table` the organization has in one database. */
export async function rowsOf(database: DatabaseName, table: string, organizationId: string): Promise<number> {
  const row = await DATABASES[database]
    .prepare(`select count(*) as n from ${table} where organization_id = ?`)
    .bind(organizationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** How many rows `table` has in one database, whoever's. */
export async function allRowsOf(database: DatabaseName, table: string, where = "1 = 1"): Promise<number> {
  const row = await DATABASES[database].prepare(`select count(*) as n from ${table} where ${where}`).first<{
    n: number;
  }>();
  return row?.n ?? 0;
}

/** The binding the organization → shard map names for it. */
export async function shardOf(organizationId: string): Promise<string | null> {
  const row = await env.DB.prepare("select shard from organization_shards where organization_id = ?")
    .bind(organizationId)
    .first<{ shard: string }>();
  return row?.shard ?? null;
}

export type Flow = { company: string; admin: TestAdmin; memberIds: string[]; checkInId: string };

/** The notifications consumer, run on one message as the queue would hand it over. */
export async function deliverNotice(body: NotifyMessage) {
  const batch = createMessageBatch<NotifyMessage>("undertone-notifications", [
    { id: `notice-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, env);
  await getQueueResult(batch as MessageBatch<unknown>, ctx);
}

/**
 * An Admin's sign-up, a team added through the API (first names as given, the company as last
 * name) and the check-in settings saved as the defaults, automatic check-ins on or off.
 */
export async function organizationWithTeam(
  company: string,
  firstNames: readonly string[],
  schedulingEnabled: boolean,
): Promise<{ admin: TestAdmin; memberIds: string[] }> {
  const admin = await createAdmin({ companyName: company });
  const memberIds: string[] = [];
  for (const name of firstNames) {
    const added = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: name, lastName: company, email: `${name.toLowerCase()}@${company}.example` }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    memberIds.push(teamMemberResponseSchema.parse(await added.json()).member.id);
  }
  const saved = await requestAs(admin, "/api/check-in-settings", {
    method: "PUT",
    body: JSON.stringify({
      frequency: "weekly",
      durationMinutes: 10,
      autoReminders: true,
      reminderIntervalHours: 24,
      maxResponseHours: 72,
      schedulingEnabled,
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { admin, memberIds };
}

/**
 * Sign-up, a team of two, settings saved, one check-in completed by Jordan (distressed: alerts)
 * whose closing summary he corrects (morale: "mixed", not "low"), its alerts delivered.
 */
export async function runFlow(company: string): Promise<Flow> {
  const { admin, memberIds } = await organizationWithTeam(company, ["Jordan", "Riley"], false);
  const id = await sendCheckIn(admin, memberIds[0] ?? "");
  const link = await linkOf(id);
  const { cookie } = await claimChat(link);
  const chat = await ChatClient.open(link, { Cookie: cookie ?? "" });
  for (const answer of DISTRESSED_ANSWERS) await chat.say(answer);
  await travel(id, 4000);
  // The closing summary (issue 24 §7): a correction is the organization's row (score_corrections).
  await chat.waitFor((frame) => frame.type === "summary");
  const mark = chat.frames.length;
  chat.send({ type: "summary.correct", dimension: "morale", band: "middle" });
  await chat.waitFor((frame) => frame.type === "summary", { after: mark });
  await chat.confirmSummary();
  chat.close();
  // The completion's alerts through the notifications consumer (deliveries are the organization's rows).
  await deliverNotice({ type: "alerts", organizationId: admin.organizationId, checkInId: id });
  return { company, admin, memberIds, checkInId: id };
}

/** The Admin sends a member a check-in now; its id. */
export async function sendCheckIn(admin: TestAdmin, teamMemberId: string): Promise<string> {
  const sent = await requestAs(admin, "/api/check-ins", { method: "POST", body: JSON.stringify({ teamMemberId }) });
  expect(sent.status, await sent.clone().text()).toBe(201);
  return createCheckInResponseSchema.parse(await sent.json()).id;
}
