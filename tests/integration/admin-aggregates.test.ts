import { beforeAll, describe, expect, it } from "vitest";
import { alertSummary, listAlerts, notifications } from "../../worker/admin/alerts";
import { billingSummary, listSubscriptions } from "../../worker/admin/billing";
import { companyComparison } from "../../worker/admin/company-comparison";
import { getOrganization, listOrganizations, organizationDetail } from "../../worker/admin/organizations";
import { reportRange } from "../../worker/admin/report-range";
import { buildReport } from "../../worker/admin/reports";
import { sentimentSummary } from "../../worker/admin/sentiment";
import { platformStats, recentActivity } from "../../worker/admin/stats";
import { supportSearch } from "../../worker/admin/support";
import { listPeople, userStats } from "../../worker/admin/users";
import { buildPlatform, DAY, testDb } from "./admin-fixtures";

/**
 * The console's SQL aggregates against a platform whose numbers are known by hand.
 * (Storage is per file: this file's world is exactly what beforeAll builds.)
 *
 * Over 300 lines: storage is per file, and every figure is checked against the one
 * platform beforeAll builds.
 */
const now = Date.now();
const db = testDb();
let ids: Record<string, string> = {};

beforeAll(async () => {
  ids = await buildPlatform(
    "agg",
    [
      {
        name: "Acme Corp",
        domain: "acme.test",
        industry: "Software",
        tier: "professional",
        createdDaysAgo: 100,
        accounts: [
          { role: "Admin", createdDaysAgo: 200, first: "Ada", last: "Admin" },
          { role: "Manager", createdDaysAgo: 10, first: "Max", last: "Manager" },
          { role: "Salesperson", createdDaysAgo: 5, first: "Sal", last: "Person" },
          { role: "Sales Representative", createdDaysAgo: 40, status: "Inactive", first: "Rep", last: "Sentative" },
        ],
        members: [
          { active: true, createdDaysAgo: 100 },
          { active: true, createdDaysAgo: 20 },
          { active: false, createdDaysAgo: 100 },
        ],
        scores: [
          { daysAgo: 1, morale: 80, confidence: 70, stress: 30, salesStrength: 80 },
          { daysAgo: 3, morale: 60, confidence: 50, stress: 50, salesStrength: 60 },
          { daysAgo: 9, morale: 50, confidence: 40, stress: 60, salesStrength: 70 },
          { daysAgo: 40, morale: 30, confidence: 30, stress: 80, salesStrength: 50 },
        ],
        blockers: [{ daysAgo: 2 }, { daysAgo: 3 }, { daysAgo: 10 }],
        alerts: [
          {
            type: "retention",
            daysAgo: 1,
            message: "Acme: burnout risk for a salesperson whose stress keeps climbing week after week",
          },
          { type: "performance", status: "read", daysAgo: 2 },
          { type: "other", daysAgo: 3 },
          { type: "retention", status: "resolved", daysAgo: 20 },
        ],
        subscription: { status: "active", salespeople: 3 },
      },
      {
        name: "Beta LLC",
        status: "trial",
        createdDaysAgo: 10,
        accounts: [{ role: "Admin", createdDaysAgo: 10, first: "Bea", last: "Boss" }],
        members: [{ active: true, createdDaysAgo: 10 }],
        scores: [{ daysAgo: 2, morale: 40, confidence: 60, stress: 70, salesStrength: 60 }],
        alerts: [{ type: "other", daysAgo: 0.5 }],
        subscription: { status: "past_due", salespeople: 5 },
        trial: { endsInDays: 4 },
      },
      { name: "Gamma Inc", status: "suspended", tier: "enterprise", createdDaysAgo: 45, pendingCheckIns: 2 },
    ],
    now,
  );
});

describe("platform stats (replacing get_platform_stats)", () => {
  it("counts organizations, roles and check-ins by the spec's mapping and windows", async () => {
    expect(await platformStats(db, [db], now)).toEqual({
      total_organizations: 3,
      new_organizations_last_30_days: 1,
      // User Oversight's Total Users: the same people (people-counts.ts).
      total_users: 10,
      total_managers: 1,
      total_admins: 2,
      // 5 team members, 1 of them paused, + a Salesperson and a Sales Representative account.
      total_salespeople: 7,
      total_checkins: 5,
      checkins_last_30_days: 4,
      checkins_last_7_days: 3,
      // Acme's check-in 9 days ago: the base of the growth rate (3 against 1).
      checkins_previous_7_days: 1,
    });
  });

  it("lists recent activity newest first, from real rows", async () => {
    const events = await recentActivity(db, [db], 8);
    expect(events.length).toBe(8);
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort((a, b) => b - a));
    expect(events[0]).toMatchObject({ kind: "alert_raised", title: "Beta LLC" });
    expect(events.some((e) => e.kind === "check_in_completed" && e.title === "Acme Corp")).toBe(true);
  });
});

describe("organizations", () => {
  it("lists newest first with real Users and Activity counts", async () => {
    const list = await listOrganizations(db, {}, now);
    expect(list.total).toBe(3);
    expect(list.grandTotal).toBe(3);
    expect(list.items.map((o) => [o.name, o.userCount, o.activityCount])).toEqual([
      ["Beta LLC", 2, 1],
      ["Gamma Inc", 1, 0],
      ["Acme Corp", 7, 3],
    ]);
  });

  it("filters by search (name or domain), status and tier, keeping the grand total", async () => {
    expect((await listOrganizations(db, { search: "ACME.t" })).items.map((o) => o.name)).toEqual(["Acme Corp"]);
    expect((await listOrganizations(db, { search: "beta" })).items.map((o) => o.name)).toEqual(["Beta LLC"]);
    // LIKE wildcards typed by the operator are literal characters.
    expect((await listOrganizations(db, { search: "%" })).total).toBe(0);
    // The status is the plan's lifecycle (issue 25 §2): Beta's trial runs, but its subscription is past due.
    const pastDue = await listOrganizations(db, { status: "past_due" });
    expect(pastDue.items.map((o) => o.name)).toEqual(["Beta LLC"]);
    expect(pastDue.grandTotal).toBe(3);
    expect((await listOrganizations(db, { status: "active" })).items.map((o) => o.name)).toEqual(["Acme Corp"]);
    expect((await listOrganizations(db, { status: "suspended" })).items.map((o) => o.name)).toEqual(["Gamma Inc"]);
    expect((await listOrganizations(db, { status: "trial" })).total).toBe(0);
    expect((await listOrganizations(db, { tier: "enterprise" })).items.map((o) => o.name)).toEqual(["Gamma Inc"]);
  });

  it("pages on the server", async () => {
    const first = await listOrganizations(db, { page: 1, pageSize: 2 });
    const second = await listOrganizations(db, { page: 2, pageSize: 2 });
    expect(first.items.length).toBe(2);
    expect(second.items.map((o) => o.name)).toEqual(["Acme Corp"]);
    expect(second.total).toBe(3);
  });

  it("describes one organization in detail", async () => {
    const acme = ids["Acme Corp"] ?? "";
    const detail = await organizationDetail(db, acme);
    expect(detail).toMatchObject({
      teamMembers: { active: 2, inactive: 1 },
      checkIns: { total: 4, completed: 4, pending: 0 },
      openAlerts: 3,
      subscription: { status: "active", salespersonCount: 3, monthlyCost: 6 },
      // The trial every organization starts with (never chosen: Acme pays).
      trial: { status: "active", chosen: false },
    });
    expect(detail?.accounts.length).toBe(4);
    expect(await getOrganization(db, "nope")).toBeNull();
  });
});

describe("user oversight", () => {
  it("counts people by the role mapping, active status and the 30-day windows", async () => {
    expect(await userStats(db, [db], now)).toEqual({
      total_users: 10,
      total_salespeople: 7,
      total_managers: 1,
      total_admins: 2,
      active_users: 8,
      new_users_last_30_days: 5,
      new_users_previous_30_days: 2,
    });
  });

  it("lists accounts and team members together, with search, role filter and pages", async () => {
    const all = await listPeople(db, { pageSize: 4 });
    expect(all.total).toBe(10);
    expect(all.items.length).toBe(4);
    const managers = await listPeople(db, { role: "manager" });
    expect(managers.items.map((p) => p.name)).toEqual(["Max Manager"]);
    const sales = await listPeople(db, { role: "salesperson" });
    expect(sales.total).toBe(7);
    expect(sales.items.filter((p) => p.kind === "team_member").length).toBe(5);
    const byOrg = await listPeople(db, { search: "beta" });
    expect(byOrg.items.map((p) => p.name).sort()).toEqual(["Bea Boss", "Member 1-0"]);
    const byEmail = await listPeople(db, { search: "agg-user-0-1@" });
    expect(byEmail.items).toMatchObject([{ name: "Max Manager", organizationName: "Acme Corp", emailVerified: true }]);
  });
});

describe("sentiment", () => {
  it("computes the six global values, trends and volume", async () => {
    const summary = await sentimentSummary([db], now);
    expect(summary).toMatchObject({
      global_morale: 52,
      global_confidence: 50,
      global_stress: 58,
      global_sales_strength: 64,
      global_team_dynamics: 51,
      global_blockers_count: 3,
      total_responses: 5,
      trends: { morale: 10, confidence: 20, stress: -10, sales_strength: -3, team_dynamics: 15, blockers: 1 },
      volume: { last_7_days: 3, previous_7_days: 1, last_30_days: 4 },
    });
    expect(summary.volume.weekly.map((w) => w.responses)).toEqual([0, 0, 1, 0, 0, 0, 1, 3]);
  });

  it("compares companies side by side within a window", async () => {
    const month = await companyComparison(db, { days: "30" }, now);
    expect(month.total).toBe(2);
    expect(month.items).toMatchObject([
      {
        organizationName: "Acme Corp",
        responses: 3,
        morale: 63,
        confidence: 53,
        stress: 47,
        salesStrength: 70,
        teamDynamics: 58,
        blockers: 3,
        activeAlerts: 3,
      },
      {
        organizationName: "Beta LLC",
        responses: 1,
        morale: 40,
        confidence: 60,
        stress: 70,
        salesStrength: 60,
        teamDynamics: 50,
        blockers: 0,
        activeAlerts: 1,
      },
    ]);
    const byStress = await companyComparison(db, { days: "30", sort: "stress" }, now);
    expect(byStress.items.map((c) => c.organizationName)).toEqual(["Beta LLC", "Acme Corp"]);
    const week = await companyComparison(db, { days: "7" }, now);
    expect(week.items.map((c) => [c.organizationName, c.responses])).toEqual([
      ["Acme Corp", 2],
      ["Beta LLC", 1],
    ]);
  });
});

describe("billing", () => {
  it("counts revenue and billed users only from active subscriptions at $2.00", async () => {
    expect(await billingSummary(db, now)).toEqual({
      totalSubscriptions: 2,
      activeSubscriptions: 1,
      monthlyRevenue: 6,
      billableUsers: 3,
      averageRevenuePerOrganization: 6,
      activeTrials: 1,
    });
    const list = await listSubscriptions(db, {});
    expect(list.items.map((s) => [s.organization_name, s.subscription_status, s.monthly_cost])).toEqual([
      ["Acme Corp", "active", 6],
      ["Beta LLC", "past_due", 10],
    ]);
    expect((await listSubscriptions(db, { status: "inactive" })).items.map((s) => s.organization_name)).toEqual([
      "Beta LLC",
    ]);
  });
});

describe("alerts and notifications", () => {
  it("summarises active alerts with priority derived from the type", async () => {
    expect(await alertSummary([db])).toEqual({ totalActive: 4, highPriority: 2, mediumLow: 2 });
    const active = await listAlerts(db, [db], {});
    expect(active.total).toBe(4);
    expect(active.items[0]).toMatchObject({
      organization_name: "Beta LLC",
      user_name: "Member 1-0",
      priority: "medium",
    });
    expect(active.items.map((a) => a.priority)).toEqual(["medium", "urgent", "high", "medium"]);
    expect((await listAlerts(db, [db], { view: "resolved" })).total).toBe(1);
    expect((await listAlerts(db, [db], { priority: "high" })).total).toBe(2);
  });

  it("rings the bell for unread alerts only, newest five", async () => {
    const bell = await notifications(db, [db]);
    expect(bell.unreadCount).toBe(3);
    expect(bell.items.map((n) => [n.organization_name, n.priority])).toEqual([
      ["Beta LLC", "medium"],
      ["Acme Corp", "urgent"],
      ["Acme Corp", "medium"],
    ]);
  });
});

describe("reports", () => {
  it("builds CSVs for a date range", async () => {
    const range = reportRange({}, now);
    const sentiment = await buildReport(db, "sentiment", range);
    expect(sentiment.rowCount).toBe(4);
    expect(sentiment.csv.split("\r\n")[0]).toBe(
      "Recorded,Organization,Salesperson,Check-in ID,Morale,Confidence,Stress,Sales strength,Blockers,Conversation quality",
    );
    const organizations = await buildReport(db, "organizations", range);
    expect(organizations.rowCount).toBe(3);
    expect(organizations.csv).toContain("Acme Corp,acme.test,Software,active,professional");
    const alerts = await buildReport(db, "alerts", range);
    expect(alerts.rowCount).toBe(5);
    const users = await buildReport(db, "users", range);
    expect(users.rowCount).toBe(5);
    const lastWeek = reportRange({
      from: new Date(now - 7 * DAY).toISOString().slice(0, 10),
      to: new Date(now).toISOString().slice(0, 10),
    });
    expect((await buildReport(db, "sentiment", lastWeek)).rowCount).toBe(3);
  });

  it("refuses a reversed or impossible range", () => {
    expect(() => reportRange({ from: "2026-03-02", to: "2026-03-01" })).toThrow(/on or before/);
    expect(() => reportRange({ from: "2026-02-31", to: "2026-03-01" })).toThrow(/real dates/);
  });
});

describe("customer support search", () => {
  it("finds accounts by email or name and organizations by name or domain", async () => {
    const result = await supportSearch(db, "acme");
    expect(result.organizations.map((o) => o.name)).toEqual(["Acme Corp"]);
    expect(result.users.length).toBe(4);
    const byName = await supportSearch(db, "bea boss");
    expect(byName.users).toMatchObject([{ name: "Bea Boss", organizationName: "Beta LLC", emailVerified: true }]);
    expect(byName.organizations).toEqual([]);
  });
});
