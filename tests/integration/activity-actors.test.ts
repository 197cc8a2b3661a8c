import { beforeAll, describe, expect, it } from "vitest";
import { recentActivity } from "../../worker/admin/stats";
import { auditLogs, user } from "../../worker/db/schema";
import { buildPlatform, testDb } from "./admin-fixtures";

/**
 * The console Overview's Recent Activity reads the audit log, which holds what customers'
 * Admins and the schedule did too (an invitation sent, a check-in revoked): only what an
 * operator did is an "operator action".
 */
const db = testDb();
const now = Date.now();

beforeAll(async () => {
  const ids = await buildPlatform("actors", [
    { name: "Actor Co", createdDaysAgo: 400, accounts: [{ role: "Admin", createdDaysAgo: 400, first: "Ada" }] },
  ]);
  const orgId = ids["Actor Co"] ?? "";
  await db.insert(user).values({
    id: "actors-operator",
    name: "Op Erator",
    email: "actors-operator@example.test",
    emailVerified: true,
    role: "SuperAdmin",
    firstName: "Op",
    lastName: "Erator",
    organizationId: null,
    status: "Active",
    createdAt: new Date(now - 400 * 86_400_000),
    updatedAt: new Date(now - 400 * 86_400_000),
  });
  const row = (
    id: string,
    action: string,
    actorUserId: string | null,
    actorEmail: string | null,
    secondsAgo: number,
  ) => ({
    id,
    action,
    actorUserId,
    actorEmail,
    targetType: "test",
    organizationId: orgId,
    createdAt: new Date(now + 60_000 - secondsAgo * 1000),
  });
  await db
    .insert(auditLogs)
    .values([
      row("actors-a1", "organization.admin_invited", "actors-user-0-0", "actors-user-0-0@example.test", 1),
      row("actors-a2", "organization.create", "actors-operator", "actors-operator@example.test", 2),
      row("actors-a3", "check_in.move_disputed", null, null, 3),
    ]);
});

describe("recent activity from the audit log", () => {
  it("calls only an operator's own action an operator action", async () => {
    const events = await recentActivity(db, [db], 3);
    const kindOf = (title: string) => events.find((e) => e.title === title)?.kind;
    expect(kindOf("organization.create")).toBe("operator_action");
    expect(kindOf("organization.admin_invited")).toBe("account_action");
    expect(kindOf("check_in.move_disputed")).toBe("account_action");
    expect(events.find((e) => e.title === "check_in.move_disputed")?.detail).toBe("system");
  });
});
