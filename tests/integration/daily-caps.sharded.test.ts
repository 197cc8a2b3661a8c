import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardDb } from "../../worker/db/shards";
import { reserveDailyCap } from "../../worker/lib/daily-caps";
import { dailyCapFor } from "../../worker/shared/daily-limits";
import { teamMemberResponseSchema } from "../../worker/shared/team";
import { utcDay } from "../../worker/shared/time";
import { createAdmin, requestAs } from "./auth-helpers";
import { allRowsOf, shardOf } from "./shard-helpers";

/**
 * A daily cap reserved from an organization's shard (worker/lib/daily-caps.ts), as the check-in
 * object reserves its model calls: the cap is sized by the team in the shard, and the counter is
 * the platform database's. The two live in different databases, so they cannot share one D1
 * batch: the statements run side by side.
 */
describe("a daily cap reserved from a shard's handle", () => {
  it("sizes the cap by the shard's team and counts in the platform database", async () => {
    const admin = await createAdmin({ companyName: "capshard" });
    for (const name of ["Jordan", "Riley"]) {
      const added = await requestAs(admin, "/api/team-members", {
        method: "POST",
        body: JSON.stringify({ firstName: name, lastName: "Cap", email: `${name.toLowerCase()}@capshard.example` }),
      });
      expect(added.status, await added.clone().text()).toBe(201);
      teamMemberResponseSchema.parse(await added.json());
    }
    const shard = await shardOf(admin.organizationId);
    expect(shard).toBe("DB_SHARD_0");
    const db = shardDb(env, shard ?? "");
    const now = Date.now();
    const cap = dailyCapFor("llm", 2);
    expect(await reserveDailyCap(db, admin.organizationId, "llm", 10, now)).toBe(10);
    // Past the cap: what still fits of a team of two (a team of none would allow less).
    expect(await reserveDailyCap(db, admin.organizationId, "llm", cap, now)).toBe(cap - 10);
    const counter = await env.DB.prepare("select count from rate_limits where key = ?")
      .bind(`cap:llm:${admin.organizationId}:${utcDay(now)}`)
      .first<{ count: number }>();
    expect(counter?.count).toBe(10 + cap);
    expect(await allRowsOf("DB_SHARD_0", "rate_limits")).toBe(0);
  });
});
