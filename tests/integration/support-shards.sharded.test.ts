import { beforeAll, describe, expect, it } from "vitest";
import { supportSearchSchema } from "../../worker/shared/console/support";
import { teamMemberResponseSchema } from "../../worker/shared/team";
import { createAdmin, createSuperAdmin, requestAs, type TestAccount, type TestAdmin } from "./auth-helpers";
import { linkOf } from "./checkin-helpers";
import { request } from "./helpers";
import { organizationWithTeam, SHARDS, sendCheckIn, shardOf } from "./shard-helpers";

/**
 * Customer Support finds salespeople (team members, who never sign in) in every shard: by name,
 * email or id, with their organization and latest check-in, never its link.
 */
describe("Customer Support search finds salespeople across shards", () => {
  let operator: TestAccount;
  let north: TestAdmin;
  let south: TestAdmin;
  let southIds: string[];
  let leeAnnId: string;
  let checkInId: string;

  beforeAll(async () => {
    north = (await organizationWithTeam("supnorth", ["Avery"], false)).admin;
    const team = await organizationWithTeam("supsouth", ["Blake", "Casey"], false);
    south = team.admin;
    southIds = team.memberIds;
    const added = await requestAs(south, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({
        firstName: "Lee",
        lastName: "Ann",
        email: "lee_ann@supsouth.example",
        jobTitle: "AE",
        region: "South",
      }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    leeAnnId = teamMemberResponseSchema.parse(await added.json()).member.id;
    checkInId = await sendCheckIn(south, southIds[0] ?? "");
    operator = await createSuperAdmin();
  }, 60_000);

  const search = async (q: string) => {
    const response = await requestAs(operator, `/api/admin/support/search?q=${encodeURIComponent(q)}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const text = await response.text();
    return { text, body: supportSearchSchema.parse(JSON.parse(text)) };
  };

  it("keeps the two organizations in different shards", async () => {
    expect(new Set([await shardOf(north.organizationId), await shardOf(south.organizationId)])).toEqual(
      new Set(SHARDS),
    );
  });

  it("finds a salesperson by email, with the organization and the latest check-in, and no token or link", async () => {
    const { text, body } = await search("blake@supsouth.example");
    expect(body.salespeople).toEqual([
      {
        id: southIds[0],
        name: "Blake supsouth",
        email: "blake@supsouth.example",
        jobTitle: null,
        region: null,
        active: true,
        organizationId: south.organizationId,
        organizationName: "supsouth",
        lastCheckIn: { status: "pending", sentAt: expect.any(Number) },
      },
    ]);
    const { token } = await linkOf(checkInId);
    expect(text).not.toContain(token);
    expect(text).not.toContain(checkInId);
    expect(text).not.toMatch(/token|link|hash/i);
  });

  it("finds salespeople by name and by exact id, each shard's", async () => {
    const byName = await search("Casey sup");
    expect(byName.body.salespeople.map((p) => [p.id, p.organizationId, p.lastCheckIn])).toEqual([
      [southIds[1], south.organizationId, null],
    ]);
    const everyone = await search("sup");
    expect(everyone.body.salespeople.map((p) => p.name).sort()).toEqual([
      "Avery supnorth",
      "Blake supsouth",
      "Casey supsouth",
      "Lee Ann",
    ]);
    const byId = await search(leeAnnId);
    expect(byId.body.salespeople).toMatchObject([
      { id: leeAnnId, name: "Lee Ann", email: "lee_ann@supsouth.example", jobTitle: "AE", region: "South" },
    ]);
  });

  it("takes % and _ in the query literally", async () => {
    expect((await search("%%")).body.salespeople).toEqual([]);
    expect((await search("bl_ke")).body.salespeople).toEqual([]);
    expect((await search("%supsouth")).body.salespeople).toEqual([]);
    expect((await search("lee_ann")).body.salespeople.map((p) => p.id)).toEqual([leeAnnId]);
  });

  it("answers only the operator: 401 without a session, 403 for an Admin", async () => {
    const path = "/api/admin/support/search?q=blake";
    expect((await request(path)).status).toBe(401);
    const admin = await createAdmin();
    expect((await requestAs(admin, path)).status).toBe(403);
    expect((await requestAs(south, path)).status).toBe(403);
  });
});
