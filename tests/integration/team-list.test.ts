import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type TeamMember, teamListResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";

/**
 * GET /api/team-members a page at a time (a 10,000-person team is not one response): name
 * order across pages, each member once, each with their own latest check-in, a search by name
 * or email, clear 400s, and only the session's organization.
 */

const NAMES: [string, string][] = [
  ["alice", "Zed"],
  ["Bob", "Young"],
  ["bob", "Adams"],
  ["Carla", "Diaz"],
  ["Dmitri", "Ivanov"],
  ["Natalia", "Rossi"],
  ["eve", "Stone"],
  ["Frank", "Ocean"],
  ["Grace", "Hopper"],
  ["Hiro", "Tanaka"],
  ["Ines", "Alves"],
  ["Jamal", "Reed"],
  ["Émile", "Zola"],
  // A name outside Latin-1 in a page's last row: the cursor carries it.
  ["Ana", "Łukasiewicz"],
  // Namesakes: the newer first, then by id (the cursor's last two keys).
  ["Grace", "Hopper"],
];

async function makePro(admin: TestAdmin) {
  await env.DB.prepare(
    "insert into subscriptions (id, organization_id, stripe_customer_id, subscription_status) values (?, ?, 'cus_list', 'active')",
  )
    .bind(crypto.randomUUID(), admin.organizationId)
    .run();
}

async function addMember(admin: TestAdmin, [firstName, lastName]: [string, string], domain: string, n = 0) {
  const response = await requestAs(admin, "/api/team-members", {
    method: "POST",
    body: JSON.stringify({
      firstName,
      lastName,
      email: `${firstName.toLowerCase().replace(/[^a-z]/g, "")}.${lastName.toLowerCase().replace(/[^a-z]/g, "")}${n || ""}@${domain}`,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return teamMemberResponseSchema.parse(await response.json()).member;
}

async function list(admin: TestAdmin, query = "") {
  const response = await requestAs(admin, `/api/team-members${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return teamListResponseSchema.parse(await response.json());
}

/** Every page of the list, following each nextCursor. */
async function allPages(admin: TestAdmin, limit: number, search = "") {
  const pages = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(limit) });
    if (search) params.set("q", search);
    if (cursor) params.set("cursor", cursor);
    const page = await list(admin, `?${params}`);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

/** SQLite's `collate nocase`: ASCII letters folded, then code-point order ("Émile" after "Zed"). */
const nocase = (a: string, b: string) => {
  const [x, y] = [a, b].map((text) => text.replace(/[A-Z]/g, (c) => c.toLowerCase()));
  return x === y ? 0 : (x ?? "") < (y ?? "") ? -1 : 1;
};
const byName = (a: TeamMember, b: TeamMember) =>
  nocase(a.firstName, b.firstName) ||
  nocase(a.lastName, b.lastName) ||
  b.createdAt.localeCompare(a.createdAt) ||
  (a.id < b.id ? -1 : 1);

describe("the team list, a page at a time", () => {
  let admin: TestAdmin;
  let other: TestAdmin;
  const added: TeamMember[] = [];
  beforeAll(async () => {
    admin = await createAdmin({ companyName: "Pages Co" });
    other = await createAdmin({ companyName: "Elsewhere Co" });
    await makePro(admin);
    for (const [n, name] of NAMES.entries()) added.push(await addMember(admin, name, "pages.example", n));
    await addMember(other, ["Alina", "Other"], "elsewhere.example");
  });

  it("pages through the whole team in name order, each member once, with the total on every page", async () => {
    const pages = await allPages(admin, 5);
    expect(pages.map((page) => page.members.length)).toEqual([5, 5, 5]);
    expect(pages.every((page) => page.total === NAMES.length)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const members = pages.flatMap((page) => page.members);
    expect(new Set(members.map((m) => m.id)).size).toBe(NAMES.length);
    expect(members.map((m) => m.id)).toEqual([...added].sort(byName).map((m) => m.id));
    // One member a page: every row's sort key goes through a cursor (the two Grace Hoppers, Łukasiewicz).
    const small = (await allPages(admin, 1)).flatMap((page) => page.members.map((m) => m.id));
    expect(small).toEqual([...added].sort(byName).map((m) => m.id));
    // Without a limit: one page of up to 100, the whole of this team.
    const whole = await list(admin);
    expect(whole.members.map((m) => m.id)).toEqual(members.map((m) => m.id));
    expect(whole.nextCursor).toBeNull();
  });

  it("gives each member on any page their own latest check-in", async () => {
    const sorted = [...added].sort(byName);
    const onSecondPage = sorted[7];
    if (!onSecondPage) throw new Error("no eighth member");
    const sent = await requestAs(admin, "/api/check-ins", {
      method: "POST",
      body: JSON.stringify({ teamMemberId: onSecondPage.id }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { id: checkInId } = (await sent.json()) as { id: string };
    const members = (await allPages(admin, 5)).flatMap((page) => page.members);
    for (const member of members) {
      if (member.id === onSecondPage.id) expect(member.lastCheckIn).toMatchObject({ id: checkInId, status: "pending" });
      else expect(member.lastCheckIn).toBeNull();
    }
    const one = teamMemberResponseSchema.parse(
      await (await requestAs(admin, `/api/team-members/${onSecondPage.id}`)).json(),
    );
    expect(one.member.lastCheckIn?.id).toBe(checkInId);
  });

  it("narrows by a part of a name or an email, whatever its case, and counts what matches", async () => {
    const ali = await allPages(admin, 1, "ALI");
    const found = ali.flatMap((page) => page.members).map((m) => m.firstName);
    expect(found).toEqual(["alice", "Natalia"]);
    expect(ali[0]?.total).toBe(2);
    expect((await list(admin, "?q=bob")).members.map((m) => m.lastName)).toEqual(["Adams", "Young"]);
    expect(
      (await list(admin, `?q=${encodeURIComponent("HIRO.TANAKA9@PAGES")}`)).members.map((m) => m.firstName),
    ).toEqual(["Hiro"]);
    expect((await list(admin, "?q=%20%20grace%20")).members.map((m) => m.firstName)).toEqual(["Grace", "Grace"]);
    // An uppercase letter outside ASCII is found as it is written (SQLite's lower() folds ASCII only).
    expect((await list(admin, `?q=${encodeURIComponent("Émile z")}`)).members.map((m) => m.lastName)).toEqual(["Zola"]);
    const none = await list(admin, "?q=nobody-here");
    expect(none).toMatchObject({ members: [], total: 0, nextCursor: null });
  });

  it("lists only the session's organization, on every page and in every search", async () => {
    const mine = (await allPages(admin, 4)).flatMap((page) => page.members.map((m) => m.email));
    expect(mine.every((email) => email?.endsWith("@pages.example"))).toBe(true);
    const theirs = await list(other);
    expect(theirs.members.map((m) => m.firstName)).toEqual(["Alina"]);
    expect(theirs.total).toBe(1);
    expect((await list(other, "?q=ali")).members.map((m) => m.firstName)).toEqual(["Alina"]);
    // A cursor made in one organization reads on in the other's list only.
    const cursor = (await list(admin, "?limit=1")).nextCursor ?? "";
    const after = await list(other, `?cursor=${encodeURIComponent(cursor)}`);
    expect(after.members.every((m) => m.email?.endsWith("@elsewhere.example"))).toBe(true);
  });

  it("refuses a bad cursor, a search over 100 characters and a limit over 100 with a clear 400", async () => {
    for (const query of [
      "?cursor=not-a-cursor",
      `?cursor=${btoa("[1,2]")}`,
      `?q=${"x".repeat(101)}`,
      "?limit=101",
      "?limit=0",
    ]) {
      const response = await requestAs(admin, `/api/team-members${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message.length, query).toBeGreaterThan(0);
    }
    expect((await list(admin)).total).toBe(NAMES.length);
  });
});
