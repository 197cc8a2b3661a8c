import { beforeAll, describe, expect, it } from "vitest";
import { platformStats } from "../../worker/admin/stats";
import { user } from "../../worker/db/schema";
import { buildPlatform, testDb } from "./admin-fixtures";

/**
 * The Overview's Platform Users card counts the organizations' people only: an operator's
 * account (a SuperAdmin without an organization) is not one of them, nor in the average.
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
        accounts: [{ role: "Admin", createdDaysAgo: 20 }],
        members: [{ active: true, createdDaysAgo: 20 }],
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
  it("leave out the operator, who belongs to no organization", async () => {
    const stats = await platformStats(db, [db], now);
    expect(stats.total_admins).toBe(1);
    expect(stats.total_salespeople + stats.total_managers + stats.total_admins).toBe(2);
  });
});
