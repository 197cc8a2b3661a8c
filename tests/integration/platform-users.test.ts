import { beforeAll, describe, expect, it } from "vitest";
import { platformStats } from "../../worker/admin/stats";
import { userStats } from "../../worker/admin/users";
import { user } from "../../worker/db/schema";
import { buildPlatform, testDb } from "./admin-fixtures";

/**
 * The Overview's Platform Users and User Oversight's Total Users are one population (spec 2 §2,
 * §5's role mapping counts SuperAdmin among the admins): every account, the operator's too,
 * and every salesperson, paused or not. Paused people are the gap to Active Users, not missing.
 */
const now = Date.now();
const db = testDb();

beforeAll(async () => {
  await buildPlatform(
    "pu",
    [
      {
        name: "Solo Co",
        createdDaysAgo: 20,
        accounts: [
          { role: "Admin", createdDaysAgo: 20 },
          { role: "Manager", createdDaysAgo: 20, status: "Inactive" },
        ],
        members: [
          { active: true, createdDaysAgo: 20 },
          { active: false, createdDaysAgo: 20 },
        ],
      },
    ],
    now,
  );
  await db.insert(user).values({
    id: "pu-operator",
    name: "Platform Operator",
    email: "pu-operator@example.test",
    emailVerified: true,
    role: "SuperAdmin",
    firstName: "Platform",
    lastName: "Operator",
    organizationId: null,
    status: "Active",
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
});

describe("platform users", () => {
  it("are the same people on the Overview and in User Oversight: operators and paused people included", async () => {
    const [overview, oversight] = await Promise.all([platformStats(db, [db], now), userStats(db, [db], now)]);
    expect(oversight.total_users).toBe(5);
    expect(overview.total_users).toBe(oversight.total_users);
    expect(overview).toMatchObject({ total_admins: 2, total_managers: 1, total_salespeople: 2 });
    expect(overview.total_salespeople + overview.total_managers + overview.total_admins).toBe(overview.total_users);
    // The paused account and the paused salesperson are counted, and are what Active Users leaves out.
    expect(oversight.active_users).toBe(3);
  });
});
