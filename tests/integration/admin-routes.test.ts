import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getGlobalSettings } from "../../worker/settings/global";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { alertDetailSchema } from "../../worker/shared/console/alerts";
import { DEFAULT_GLOBAL_SETTINGS } from "../../worker/shared/settings";
import { buildPlatform, testDb } from "./admin-fixtures";
import { createAdmin, createSuperAdmin, requestAs, type TestAccount } from "./auth-helpers";
import { countRows, request, requestWithEnv } from "./helpers";

/**
 * /api/admin/* end to end through the Worker: every route refuses a visitor (401), an Admin
 * (403) and a SuperAdmin whose address is not (or no longer) in SUPERADMIN_EMAILS (403);
 * for an operator, each works, and every change lands in audit_logs.
 *
 * Over 300 lines: one table of every console route, then one case per route.
 */
let operator: TestAccount;
let admin: TestAccount;
let ids: Record<string, string> = {};

beforeAll(async () => {
  ids = await buildPlatform("routes", [
    {
      name: "Acme Corp",
      domain: "acme.test",
      createdDaysAgo: 40,
      accounts: [{ role: "Manager", createdDaysAgo: 3 }],
      members: [{ active: true, createdDaysAgo: 40, jobTitle: "Account Executive", region: "North" }],
      scores: [{ daysAgo: 1, morale: 70, confidence: 60, stress: 40, salesStrength: 75 }],
      alerts: [
        { type: "retention", daysAgo: 1, message: "Acme: burnout risk" },
        { type: "other", daysAgo: 2 },
      ],
      subscription: { status: "active", salespeople: 4 },
    },
  ]);
  operator = await createSuperAdmin();
  admin = await createAdmin({ companyName: "Admin Co" });
});

const ORG = () => ids["Acme Corp"] ?? "";

/** Every route of the console's API, with a body where it takes one. */
const ROUTES: { method: string; path: () => string; body?: unknown }[] = [
  { method: "GET", path: () => "/api/admin/stats" },
  { method: "GET", path: () => "/api/admin/stats/activity" },
  { method: "GET", path: () => "/api/admin/organizations" },
  { method: "GET", path: () => `/api/admin/organizations/${ORG()}` },
  { method: "POST", path: () => "/api/admin/organizations", body: { name: "Refused Co" } },
  { method: "PATCH", path: () => `/api/admin/organizations/${ORG()}`, body: { name: "Hijacked" } },
  { method: "DELETE", path: () => `/api/admin/organizations/${ORG()}` },
  { method: "GET", path: () => "/api/admin/users/stats" },
  { method: "GET", path: () => "/api/admin/users" },
  { method: "GET", path: () => "/api/admin/users/export" },
  { method: "GET", path: () => "/api/admin/sentiment/summary" },
  { method: "GET", path: () => "/api/admin/sentiment/companies" },
  { method: "GET", path: () => "/api/admin/questions" },
  { method: "GET", path: () => "/api/admin/questions/export" },
  {
    method: "POST",
    path: () => "/api/admin/questions",
    body: { pillar: "morale", question_text: "Refused?", question_type: "open_ended", priority_order: 1 },
  },
  {
    method: "POST",
    path: () => "/api/admin/questions/import",
    body: { questions: [{ pillar: "morale", question_text: "Refused?", question_type: "open_ended" }] },
  },
  {
    method: "PUT",
    path: () => "/api/admin/questions/default-morale-1",
    body: { pillar: "morale", question_text: "Refused?", question_type: "open_ended", priority_order: 1 },
  },
  { method: "DELETE", path: () => "/api/admin/questions/default-morale-1" },
  { method: "GET", path: () => "/api/admin/ai-config" },
  { method: "PUT", path: () => "/api/admin/ai-config", body: { configuration: DEFAULT_AI_AGENT_CONFIG } },
  { method: "POST", path: () => "/api/admin/ai-config/test", body: { configuration: DEFAULT_AI_AGENT_CONFIG } },
  {
    method: "POST",
    path: () => "/api/admin/ai-config/chat",
    body: { configuration: DEFAULT_AI_AGENT_CONFIG, messages: [{ role: "user", content: "hi" }] },
  },
  { method: "GET", path: () => "/api/admin/settings" },
  { method: "PUT", path: () => "/api/admin/settings", body: DEFAULT_GLOBAL_SETTINGS },
  { method: "GET", path: () => "/api/admin/billing/summary" },
  { method: "GET", path: () => "/api/admin/billing/subscriptions" },
  { method: "GET", path: () => "/api/admin/alerts/summary" },
  { method: "GET", path: () => "/api/admin/alerts/notifications" },
  { method: "GET", path: () => "/api/admin/alerts" },
  { method: "GET", path: () => "/api/admin/alerts/routes-alert-0-0" },
  { method: "POST", path: () => "/api/admin/alerts/routes-alert-0-0/read" },
  { method: "POST", path: () => "/api/admin/alerts/routes-alert-0-0/resolve" },
  { method: "GET", path: () => "/api/admin/reports/organizations" },
  { method: "GET", path: () => "/api/admin/audit" },
  { method: "GET", path: () => "/api/admin/system" },
  { method: "GET", path: () => "/api/admin/support/search?q=acme" },
  { method: "POST", path: () => "/api/admin/support/users/nobody/resend-verification" },
];

function init(route: (typeof ROUTES)[number], cookie?: string): RequestInit {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (route.body !== undefined) headers["content-type"] = "application/json";
  return { method: route.method, headers, ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }) };
}

describe("who may call /api/admin/*", () => {
  it("refuses every route without a session (401), for an Admin (403) and for a SuperAdmin not allowlisted (403)", async () => {
    const tables = ["organizations", "core_question_bank", "ai_agent_configurations", "global_settings"];
    const auditBefore = await countRows("audit_logs", "action <> 'user.role_change'");
    const before = await Promise.all(tables.map((t) => countRows(t)));
    const alertStatus = await env.DB.prepare("select status from risk_alerts where id = 'routes-alert-0-0'").first();
    for (const route of ROUTES) {
      const label = `${route.method} ${route.path()}`;
      const anonymous = await request(route.path(), init(route));
      expect(anonymous.status, label).toBe(401);
      const asAdmin = await request(route.path(), init(route, admin.cookie));
      expect(asAdmin.status, label).toBe(403);
      // The operator's own session, on a deployment whose allowlist no longer names them.
      const delisted = await requestWithEnv(
        route.path(),
        { SUPERADMIN_EMAILS: "someone.else@undertone.dev" },
        init(route, operator.cookie),
      );
      expect(delisted.status, label).toBe(403);
      expect(((await delisted.json()) as { error: { code: string } }).error.code, label).toBe("forbidden");
    }
    // Nothing moved. (The delisted operator's role was corrected to Admin, and back: those
    // role changes are audited, and nothing else is.)
    expect(await Promise.all(tables.map((t) => countRows(t)))).toEqual(before);
    expect(await countRows("audit_logs", "action <> 'user.role_change'")).toBe(auditBefore);
    const corrections = await env.DB.prepare(
      "select details from audit_logs where action = 'user.role_change' and target_id = ? order by created_at",
    )
      .bind(operator.userId)
      .all<{ details: string }>();
    expect(corrections.results.map((r) => JSON.parse(r.details))[0]).toMatchObject({
      from: "SuperAdmin",
      to: "Admin",
      reason: "SUPERADMIN_EMAILS correction at sign-in",
    });
    expect(await env.DB.prepare("select status from risk_alerts where id = 'routes-alert-0-0'").first()).toEqual(
      alertStatus,
    );
  });

  it("refuses a SuperAdmin role on an address outside the allowlist, even stored in the database", async () => {
    const outsider = await createAdmin({ companyName: "Outsider Co" });
    await env.DB.prepare("update user set role = 'SuperAdmin' where id = ?").bind(outsider.userId).run();
    const response = await requestAs(outsider, "/api/admin/stats");
    expect(response.status).toBe(403);
  });
});

describe("the operator", () => {
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const call = (path: string, init: RequestInit = {}) => requestAs(operator, path, init);
  const send = (method: string, path: string, body?: unknown) =>
    call(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const auditCount = (action: string) => countRows("audit_logs", `action = '${action}'`);

  it("reads platform stats from real rows", async () => {
    const stats = await json<Record<string, number>>(await call("/api/admin/stats"));
    expect(stats.total_organizations).toBe(await countRows("organizations"));
    expect(stats.total_checkins).toBe(1);
    expect(stats.total_managers).toBe(1);
  });

  it("creates, edits, views and deletes an organization, with audit rows and the spec's validation", async () => {
    const invalid = await send("POST", "/api/admin/organizations", { name: "   " });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toBe(
      "Organization name is required",
    );
    const badStatus = await send("POST", "/api/admin/organizations", { name: "X", status: "bogus" });
    expect(badStatus.status).toBe(400);
    for (const domain of ["not a domain!!", "localhost", "-bad.com", "a..com", "http://acme.com"]) {
      const badDomain = await send("POST", "/api/admin/organizations", { name: "X", domain });
      expect(badDomain.status, domain).toBe(400);
      expect(((await badDomain.json()) as { error: { message: string } }).error.message).toBe(
        "Enter a domain like company.com",
      );
    }

    const created = await json<{ id: string; status: string; subscriptionTier: string }>(
      await send("POST", "/api/admin/organizations", { name: "Initech", domain: "initech.example" }),
      201,
    );
    // Open (access active), on the 14-day trial every new organization starts (issue 25 §2).
    expect(created).toMatchObject({ status: "trial", access: "active", subscriptionTier: "basic" });
    const audit = await env.DB.prepare(
      "select * from audit_logs where action = 'organization.create' and target_id = ?",
    )
      .bind(created.id)
      .first<{ actor_email: string; actor_user_id: string; created_at: number; details: string }>();
    expect(audit).toMatchObject({ actor_email: operator.email, actor_user_id: operator.userId });
    expect(Date.now() - (audit?.created_at ?? 0)).toBeLessThan(60_000);
    expect(JSON.parse(audit?.details ?? "{}")).toMatchObject({
      name: "Initech",
      request: "POST /api/admin/organizations",
    });

    const updated = await json<{ name: string; industry: string | null }>(
      await send("PATCH", `/api/admin/organizations/${created.id}`, { industry: "Software", status: "suspended" }),
    );
    expect(updated).toMatchObject({ name: "Initech", industry: "Software" });
    expect(await auditCount("organization.update")).toBe(1);
    const detail = await json<{ organization: { status: string } }>(
      await call(`/api/admin/organizations/${created.id}`),
    );
    expect(detail.organization.status).toBe("suspended");

    const listed = await json<{ items: { name: string }[]; total: number }>(
      await call("/api/admin/organizations?search=initech"),
    );
    expect(listed.items.map((o) => o.name)).toEqual(["Initech"]);
    expect((await call("/api/admin/organizations?page=0")).status).toBe(400);

    await json(await send("DELETE", `/api/admin/organizations/${created.id}`));
    expect(await auditCount("organization.delete")).toBe(1);
    expect((await call(`/api/admin/organizations/${created.id}`)).status).toBe(404);
    expect((await send("DELETE", `/api/admin/organizations/${created.id}`)).status).toBe(404);
  });

  it("imports questions all or nothing with the spec's messages, and exports them as question-bank-{date}.json", async () => {
    const before = await countRows("core_question_bank");
    const refused = await send("POST", "/api/admin/questions/import", {
      questions: [
        { pillar: "morale", question_text: "Good one?", question_type: "open_ended" },
        { pillar: "happiness", question_text: "Bad one?", question_type: "essay", priority_order: -1 },
      ],
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as {
      error: { message: string; details: { issues: { item: number; message: string }[] } };
    };
    expect(body.error.message).toBe("Found 3 validation errors. Check the format and try again.");
    expect(body.error.details.issues.map((i) => i.message)).toEqual([
      "Invalid pillar: happiness. Must be one of: quota_confidence, burnout_risks, team_dynamics, morale, sales_strength, blockers",
      "Invalid question type: essay. Must be one of: open_ended, rating_scale, multiple_choice, follow_up, probe",
      "Priority order must be a positive integer",
    ]);
    expect(await countRows("core_question_bank")).toBe(before);
    const none = await send("POST", "/api/admin/questions/import", { questions: [] });
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe(
      "No valid questions found to import",
    );

    const imported = await json<{ imported: number }>(
      await send("POST", "/api/admin/questions/import", {
        questions: { pillar: "blockers", question_text: "Routes: what blocks you?", question_type: "probe" },
      }),
    );
    expect(imported.imported).toBe(1);
    expect(await auditCount("question.import")).toBe(1);

    const exported = await call("/api/admin/questions/export");
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="question-bank-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const questions = (await exported.json()) as { question_text: string }[];
    expect(questions.length).toBe(before + 1);
    expect(questions.map((q) => q.question_text)).toContain("Routes: what blocks you?");
  });

  it("saves the AI configuration and reloads exactly what was saved", async () => {
    const empty = await json<{ id: string | null }>(await call("/api/admin/ai-config"));
    expect(empty.id).toBeNull();
    const configuration = {
      ...DEFAULT_AI_AGENT_CONFIG,
      personality: { ...DEFAULT_AI_AGENT_CONFIG.personality, patience: 4 },
      conversation: { ...DEFAULT_AI_AGENT_CONFIG.conversation, probe_depth: "deep" as const },
    };
    const outOfRange = await send("PUT", "/api/admin/ai-config", {
      configuration: {
        ...configuration,
        personality: { ...configuration.personality, patience: 11 },
      },
    });
    expect(outOfRange.status).toBe(400);
    const saved = await json<{ id: string; updatedAt: number }>(
      await send("PUT", "/api/admin/ai-config", { configuration }),
    );
    const reloaded = await json<{ id: string; updatedAt: number; configuration: unknown }>(
      await call("/api/admin/ai-config"),
    );
    expect(reloaded).toEqual({ ...saved, configuration });
    expect(await auditCount("ai_config.update")).toBe(1);
  });

  it("persists global settings that the check-in and schedule reader then returns", async () => {
    const settings = {
      ...DEFAULT_GLOBAL_SETTINGS,
      defaultDuration: 15,
      pillarWeights: { ...DEFAULT_GLOBAL_SETTINGS.pillarWeights, blockers: 1.7 },
    };
    const bad = await send("PUT", "/api/admin/settings", { ...settings, defaultFrequency: "hourly" });
    expect(bad.status).toBe(400);
    await json(await send("PUT", "/api/admin/settings", settings));
    expect(await getGlobalSettings(testDb())).toEqual(settings);
    const read = await json<{ settings: unknown; updatedAt: number }>(await call("/api/admin/settings"));
    expect(read.settings).toEqual(settings);
    expect(await auditCount("settings.update")).toBe(1);
  });

  it("resolves an alert and shows its details; the bell counts unread only", async () => {
    const bell = await json<{ unreadCount: number }>(await call("/api/admin/alerts/notifications"));
    const detail = alertDetailSchema.parse(await json(await call("/api/admin/alerts/routes-alert-0-0")));
    expect(detail.alert).toMatchObject({ organization_name: "Acme Corp", priority: "urgent" });
    // The member's contact card, every field in its place.
    expect(detail.teamMember).toEqual({
      id: "routes-tm-0-0",
      name: "Member 0-0",
      email: "routes-tm-0-0@example.test",
      jobTitle: "Account Executive",
      region: "North",
    });
    await json(await send("POST", "/api/admin/alerts/routes-alert-0-0/read"));
    expect((await json<{ unreadCount: number }>(await call("/api/admin/alerts/notifications"))).unreadCount).toBe(
      bell.unreadCount - 1,
    );
    await json(await send("POST", "/api/admin/alerts/routes-alert-0-0/resolve"));
    const resolved = await json<{ alert: { status: string; resolved_at: number | null }; resolvedBy: string }>(
      await call("/api/admin/alerts/routes-alert-0-0"),
    );
    expect(resolved).toMatchObject({ alert: { status: "resolved" }, resolvedBy: operator.email });
    expect(await auditCount("alert.resolve")).toBe(1);
    expect((await send("POST", "/api/admin/alerts/nope/resolve")).status).toBe(404);
  });

  it("downloads CSV reports for a date range and refuses a bad range", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const csv = await call(`/api/admin/reports/alerts?from=2020-01-01&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain("Acme: burnout risk");
    expect((await call("/api/admin/reports/alerts?from=2026-05-02&to=2026-05-01")).status).toBe(400);
    expect((await call("/api/admin/reports/payroll")).status).toBe(400);
    const users = await call("/api/admin/users/export?role=manager");
    expect((await users.text()).split("\r\n").filter(Boolean).length).toBe(2);
    // Exports of personal data are on the record.
    expect(await auditCount("export.alerts")).toBe(1);
    expect(await auditCount("export.users")).toBe(1);
  });

  it("shows which providers are configured without ever returning a secret", async () => {
    const secret = "sk-live-very-secret-value-123";
    const response = await requestWithEnv(
      "/api/admin/system",
      { OPENAI_API_KEY: secret, STRIPE_SECRET_KEY: "sk_test_also_secret", EMAIL_API_KEY: "re_secret_key" },
      { headers: { cookie: operator.cookie } },
    );
    const text = await response.text();
    expect(response.status).toBe(200);
    for (const value of [secret, "sk_test_also_secret", "re_secret_key", "integration-test-secret"])
      expect(text).not.toContain(value);
    expect(JSON.parse(text)).toMatchObject({
      ai: { configured: true, provider: "openai-compatible" },
      payments: { configured: true },
    });
  });

  it("lists the audit log with filters", async () => {
    const log = await json<{ items: { action: string; actorEmail: string }[]; actions: string[] }>(
      await call("/api/admin/audit?action=organization.create"),
    );
    expect(log.items.length).toBeGreaterThan(0);
    expect(log.items.every((e) => e.action === "organization.create" && e.actorEmail === operator.email)).toBe(true);
    expect(log.actions).toContain("question.import");
    expect((await call("/api/admin/audit?from=not-a-date")).status).toBe(400);
  });
});
