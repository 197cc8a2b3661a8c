import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { meResponseSchema } from "../../worker/shared/auth";
import { bulkInviteResultSchema, parseInviteLines } from "../../worker/shared/bulk-invite";
import { cookieHeader, createAdmin, createSuperAdmin, latestEmail, requestAs, type TestAccount } from "./auth-helpers";
import { countRows, request } from "./helpers";
import { eventually } from "./notify-helpers";

/** Bulk Invite Users (User Oversight): sales reps into the team, admins into accounts with an emailed link. */

let operator: TestAccount;
beforeAll(async () => {
  operator = await createSuperAdmin();
});

const invite = (body: unknown) =>
  requestAs(operator, "/api/admin/users/invite", { method: "POST", body: JSON.stringify(body) });

describe("POST /api/admin/users/invite", () => {
  it("adds sales reps to the team within the trial's limit, sends their first check-in, and reports each", async () => {
    const owner = await createAdmin({ companyName: "Bulk Reps Co" });
    const { people } = parseInviteLines(
      [
        "ana@bulk.example, Ana, Ruiz",
        "Ben Okafor <ben@bulk.example>",
        "Cy Park, cy@bulk.example",
        "dee@bulk.example\tDee\tLong",
      ].join("\n"),
    );
    expect(people).toHaveLength(4);
    const response = await invite({
      organizationId: owner.organizationId,
      role: "salesperson",
      sendCheckIn: true,
      people,
    });
    expect(response.status).toBe(200);
    const raw = await response.text();
    // The operator never receives a check-in's link or token (README → Threat model).
    expect(raw).not.toMatch(/check-in\/|token/);
    const body = bulkInviteResultSchema.parse(JSON.parse(raw));
    expect(body.organizationName).toBe("Bulk Reps Co");
    expect(body.results).toEqual([
      { email: "ana@bulk.example", outcome: "added", note: "Check-in sent" },
      { email: "ben@bulk.example", outcome: "added", note: "Check-in sent" },
      { email: "cy@bulk.example", outcome: "added", note: "Check-in sent" },
      { email: "dee@bulk.example", outcome: "skipped", note: "The Free Trial's 3 team members are taken" },
    ]);
    expect(await countRows("team_members", `organization_id = '${owner.organizationId}'`)).toBe(3);
    const ben = await env.DB.prepare(
      "select first_name, last_name, status from team_members where organization_id = ? and email = 'ben@bulk.example'",
    )
      .bind(owner.organizationId)
      .first();
    expect(ben).toEqual({ first_name: "Ben", last_name: "Okafor", status: "active" });
    expect(await countRows("check_ins", `organization_id = '${owner.organizationId}' and status = 'pending'`)).toBe(3);
    // Invitations go through the notifications queue: the email lands a moment later.
    expect((await eventually(() => latestEmail("ana@bulk.example", "check_in_invite")))?.subject).toBe(
      "Bulk Reps Co: your 10-minute check-in is ready",
    );

    // Again: everyone already there is skipped, nothing doubles.
    const again = bulkInviteResultSchema.parse(
      await (await invite({ organizationId: owner.organizationId, role: "salesperson", people })).json(),
    );
    expect(again.results.slice(0, 3).map((r) => r.note)).toEqual(Array(3).fill("Already on the team"));
    expect(await countRows("team_members", `organization_id = '${owner.organizationId}'`)).toBe(3);

    // On the record: who invited how many into which organization.
    const audit = await env.DB.prepare(
      "select actor_email, details from audit_logs where action = 'users.bulk_invite' and target_id = ? order by created_at",
    )
      .bind(owner.organizationId)
      .all<{ actor_email: string; details: string }>();
    expect(audit.results).toHaveLength(2);
    expect(audit.results[0]?.actor_email).toBe(operator.email);
    expect(JSON.parse(audit.results[0]?.details ?? "{}")).toMatchObject({ role: "salesperson", added: 3, skipped: 1 });
  });

  it("creates admin accounts in the organization whose emailed link signs them in to its dashboard", async () => {
    const owner = await createAdmin({ companyName: "Bulk Admins Co" });
    const response = await invite({
      organizationId: owner.organizationId,
      role: "admin",
      people: [
        { email: "Lee@Bulk-Admins.example", firstName: "Lee", lastName: "Moss" },
        { email: owner.email, firstName: "Already", lastName: "Here" },
      ],
    });
    expect(response.status).toBe(200);
    expect(bulkInviteResultSchema.parse(await response.json()).results).toEqual([
      { email: "lee@bulk-admins.example", outcome: "invited", note: "Sign-in link emailed" },
      { email: owner.email, outcome: "skipped", note: "Already has an account" },
    ]);
    const account = await env.DB.prepare(
      "select role, organization_id, email_verified, first_name from user where email = 'lee@bulk-admins.example'",
    ).first();
    expect(account).toEqual({
      role: "Admin",
      organization_id: owner.organizationId,
      email_verified: 0,
      first_name: "Lee",
    });

    // The role given is on the record, by whom.
    const roleChange = await env.DB.prepare(
      "select actor_email, details from audit_logs where action = 'user.role_change' and target_type = 'user' and details like '%lee@bulk-admins.example%'",
    ).first<{ actor_email: string; details: string }>();
    expect(roleChange?.actor_email).toBe(operator.email);
    expect(JSON.parse(roleChange?.details ?? "{}")).toMatchObject({ from: null, to: "Admin" });

    // The invitation's own words, and a one-time link to /auth/callback.
    expect(await latestEmail("lee@bulk-admins.example", "magic_link")).toBeNull();
    const email = await latestEmail("lee@bulk-admins.example", "invitation");
    expect(email?.subject).toBe("You're invited to Bulk Admins Co on Undertone");
    expect(email?.text).toContain("Hi Lee,");
    const link = new URL(email?.text.match(/https?:\/\/\S+\/auth\/callback\?\S+/)?.[0] ?? "http://x");
    expect(link.searchParams.get("type")).toBe("magiclink");

    // Following it (as /auth/callback does) signs Lee in, verified, as an Admin of that organization.
    const verified = await request(
      `/api/auth/magic-link/verify?token=${encodeURIComponent(link.searchParams.get("token_hash") ?? "")}`,
    );
    expect(verified.status).toBe(200);
    const me = meResponseSchema.parse(await (await requestAs({ cookie: cookieHeader(verified) }, "/api/me")).json());
    expect(me.user).toMatchObject({
      email: "lee@bulk-admins.example",
      role: "Admin",
      organizationId: owner.organizationId,
    });
    const row = await env.DB.prepare("select email_verified from user where email = 'lee@bulk-admins.example'").first();
    expect(row).toEqual({ email_verified: 1 });
  });

  it("refuses bad input with a clear 400 and changes nothing; an unknown organization is 404", async () => {
    const owner = await createAdmin({ companyName: "Bulk Refusals Co" });
    const before = await countRows("team_members");
    const person = { email: "x@refuse.example", firstName: "X", lastName: "Y" };
    const cases: [unknown, string][] = [
      [{ organizationId: owner.organizationId, role: "salesperson", people: [] }, "Add at least one person"],
      [
        { organizationId: owner.organizationId, role: "manager", people: [person] },
        "Role must be salesperson or admin",
      ],
      [
        { organizationId: owner.organizationId, role: "admin", people: [{ ...person, email: "not-an-email" }] },
        "Please enter a valid email address",
      ],
      [
        { organizationId: owner.organizationId, role: "admin", people: [person, person] },
        "Each email may appear only once",
      ],
      [
        { organizationId: owner.organizationId, role: "admin", people: Array(51).fill(person) },
        "At most 50 people at a time",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await invite(body);
      expect(response.status, message).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
    expect((await invite({ organizationId: "nope", role: "admin", people: [person] })).status).toBe(404);
    expect(await countRows("team_members")).toBe(before);
    expect(await countRows("user", "email = 'x@refuse.example'")).toBe(0);
  });

  it("is the operator's alone: an Admin is refused", async () => {
    const owner = await createAdmin({ companyName: "Bulk Guard Co" });
    const response = await requestAs(owner, "/api/admin/users/invite", {
      method: "POST",
      body: JSON.stringify({
        organizationId: owner.organizationId,
        role: "admin",
        people: [{ email: "sneaky@guard.example", firstName: "S", lastName: "N" }],
      }),
    });
    expect(response.status).toBe(403);
    expect(await countRows("user", "email = 'sneaky@guard.example'")).toBe(0);
  });
});

describe("parseInviteLines", () => {
  it("reads the usual paste formats and names the line of each problem", () => {
    const parsed = parseInviteLines(
      [
        "jane@acme.com, Jane, Doe",
        "",
        '"Sam Lee" <SAM@acme.com>',
        "Mary Ann Smith; mary@acme.com",
        "no email here, at all",
        "solo@acme.com",
        "jane@acme.com, Jane, Again",
        "a@acme.com, b@acme.com",
      ].join("\n"),
    );
    expect(parsed.people).toEqual([
      { email: "jane@acme.com", firstName: "Jane", lastName: "Doe" },
      { email: "sam@acme.com", firstName: "Sam", lastName: "Lee" },
      { email: "mary@acme.com", firstName: "Mary", lastName: "Ann Smith" },
    ]);
    expect(parsed.errors).toEqual([
      "Line 5: put exactly one email address on each line",
      "Line 6: First name is required",
      "Line 7: jane@acme.com is already listed",
      "Line 8: put exactly one email address on each line",
    ]);
  });
});
