import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { readConfig } from "../../worker/lib/config";
import { runSchedule } from "../../worker/schedule/run";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { claimChat, linkOf } from "./checkin-helpers";
import { requestWithEnv } from "./helpers";

/**
 * Sending a check-in and editing the member's email at the same moment (issue 22 item 1).
 * The check-in stores the route and address in the INSERT that reads the member, and the
 * email lock refuses an edit once a check-in is open; so whatever order the two requests
 * land in, the link reaches one address only — the invitation, a resend, a reminder and a
 * fresh link alike — and the Admin gets a link (`url`) only for a member left without one.
 */
const ROUNDS = 12;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The send and the edit at once: in even rounds the edit starts first and the send 0–75 ms
 * later, in odd rounds the other way round, so both orders happen (the test checks they did).
 */
function race(round: number, send: () => Promise<Response>, edit: () => Promise<Response>) {
  const lag = Math.floor(round / 2) * 15;
  return round % 2 === 0 ? Promise.all([delay(lag).then(send), edit()]) : Promise.all([send(), delay(lag).then(edit)]);
}

/**
 * The D1 binding with one statement held: before the first statement matching `pattern` runs,
 * `meanwhile` runs to its end. So another request lands exactly between the send's reads and
 * its INSERT, every time (the window the outside reproduction hit 6 times in 12).
 */
function holdingBefore(pattern: RegExp, meanwhile: () => Promise<void>): D1Database {
  let held = false;
  const db = env.DB;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "prepare") {
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (query: string) => {
        const statement = target.prepare(query);
        if (held || !pattern.test(query)) return statement;
        held = true;
        const run = <T>(call: (bound: D1PreparedStatement) => Promise<T>, values: unknown[]) =>
          meanwhile().then(() => call(statement.bind(...values)));
        return {
          bind: (...values: unknown[]) => ({
            all: () => run((bound) => bound.all(), values),
            raw: (options?: { columnNames: true }) => run((bound) => bound.raw(options as never), values),
            run: () => run((bound) => bound.run(), values),
            first: (column?: string) => run((bound) => bound.first(column as never), values),
          }),
        };
      };
    },
  });
}

/** An Admin's request through the Worker with a changed D1 binding. */
function requestAsWith(admin: TestAdmin, DB: D1Database, path: string, init: RequestInit) {
  return requestWithEnv(
    path,
    { DB },
    { ...init, headers: { cookie: admin.cookie, "content-type": "application/json" } },
  );
}
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const patch = (body: unknown): RequestInit => ({ method: "PATCH", body: JSON.stringify(body) });

async function addMember(admin: TestAdmin, firstName: string, email: string | null) {
  const response = await requestAs(
    admin,
    "/api/team-members",
    post({ firstName, lastName: "Race", ...(email ? { email } : {}) }),
  );
  expect(response.status).toBe(201);
  return teamMemberResponseSchema.parse(await response.json()).member;
}

/** Every address anything of this check-in was sent to: queued deliveries and the email log. */
async function addressesReached(checkInId: string): Promise<string[]> {
  const like = `%${checkInId}%`;
  const [deliveries, emails] = await Promise.all([
    env.DB.prepare("select recipient as address from notification_deliveries where id like ?").bind(like).all<{
      address: string;
    }>(),
    env.DB.prepare("select to_address as address from email_outbox where dedupe_key like ? or text like ?")
      .bind(like, like)
      .all<{ address: string }>(),
  ]);
  return [...new Set([...deliveries.results, ...emails.results].map((r) => r.address))].sort();
}

async function stored(checkInId: string) {
  return env.DB.prepare("select delivery_route as route, delivery_address as address from check_ins where id = ?")
    .bind(checkInId)
    .first<{ route: string; address: string | null }>();
}

async function memberEmail(memberId: string) {
  return env.DB.prepare("select email from team_members where id = ?").bind(memberId).first<string | null>("email");
}

/** After the race: a resend, a reminder run and a fresh link, each of which must keep to the stored address. */
async function sendEverythingAgain(admin: TestAdmin, checkInId: string, token: string | null) {
  expect((await requestAs(admin, `/api/check-ins/${checkInId}/resend`, { method: "POST" })).status).toBe(200);
  // Reminders: due as if a day had passed since the invitation.
  await env.DB.prepare("update check_ins set invited_at = invited_at - ? where id = ?")
    .bind(25 * 60 * 60 * 1000, checkInId)
    .run();
  await runSchedule({
    db: createDb(env.DB),
    config: readConfig(env),
    send: async (message) => {
      // The schedule's own mailer is the queue; here every message is recorded as sent, like the queue does.
      await env.DB.prepare(
        "insert into email_outbox (id, organization_id, to_address, subject, html, text, kind, dedupe_key, status, provider) values (?, ?, ?, ?, '', ?, ?, ?, 'sent', 'test')",
      )
        .bind(
          crypto.randomUUID(),
          message.organizationId ?? null,
          message.to,
          message.subject,
          message.text,
          message.kind,
          message.dedupeKey ?? null,
        )
        .run();
      return { status: "sent", id: message.dedupeKey ?? "" };
    },
  });
  if (!token) return;
  // Someone started the chat; another browser asks for a fresh link.
  await claimChat({ id: checkInId, token });
  const fresh = await exports.default.fetch(
    new Request(`http://localhost/api/check-in/${checkInId}/fresh-link?token=${encodeURIComponent(token)}`, {
      method: "POST",
    }),
  );
  expect(fresh.status).toBe(200);
}

describe("sending a check-in while the member's email is edited", () => {
  let admin: TestAdmin;
  beforeAll(async () => {
    admin = await createAdmin({ companyName: "Race Co" });
    // Pro: no trial limit on members, so every round has its own member.
    await env.DB.prepare(
      "insert into subscriptions (id, organization_id, subscription_status, current_salesperson_count) values (?, ?, 'active', 1)",
    )
      .bind(crypto.randomUUID(), admin.organizationId)
      .run();
  });

  it(`never lets the link reach a second address (${ROUNDS} rounds of both requests at once)`, async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const member = await addMember(admin, `Mia${round}`, `mia${round}@member.example`);
      const attacker = `admin${round}@attacker.example`;
      const [sent, edited] = await race(
        round,
        () => requestAs(admin, "/api/check-ins", post({ teamMemberId: member.id })),
        () => requestAs(admin, `/api/team-members/${member.id}`, patch({ email: attacker })),
      );
      expect(sent.status).toBe(201);
      expect([200, 409]).toContain(edited.status);
      const body = createCheckInResponseSchema.parse(await sent.json());
      expect(body.url).toBeUndefined();
      const route = await stored(body.id);
      // The edit landed first (the link goes to the new address) or was refused (the old one): never both.
      expect(route?.address).toBe(edited.status === 200 ? attacker : `mia${round}@member.example`);
      expect(await memberEmail(member.id)).toBe(route?.address);
      outcomes.add(edited.status === 200 ? "edit first" : "send first");

      const { token } = await linkOf(body.id);
      await sendEverythingAgain(admin, body.id, token);
      expect(await addressesReached(body.id)).toEqual([route?.address]);
    }
    // Both orders happened, or the test proves less than it says.
    expect([...outcomes].sort()).toEqual(["edit first", "send first"]);
  });

  it(`never hands the Admin the link of a member who has an email by then (${ROUNDS} rounds)`, async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const member = await addMember(admin, `Noa${round}`, null);
      const address = `noa${round}@added.example`;
      const [sent, edited] = await race(
        round,
        () => requestAs(admin, "/api/check-ins", post({ teamMemberId: member.id })),
        () => requestAs(admin, `/api/team-members/${member.id}`, patch({ email: address })),
      );
      expect(sent.status).toBe(201);
      const body = createCheckInResponseSchema.parse(await sent.json());
      const route = await stored(body.id);
      if (body.url) {
        // Handed over: the member has no email now either, and nothing is ever sent anywhere.
        expect(edited.status).toBe(409);
        expect(route).toEqual({ route: "handover", address: null });
        expect(await memberEmail(member.id)).toBeNull();
        const token = new URL(body.url).searchParams.get("token");
        await sendEverythingAgain(admin, body.id, null);
        // A fresh link has nowhere to go.
        await claimChat({ id: body.id, token: token ?? "" });
        const fresh = await exports.default.fetch(
          new Request(`http://localhost/api/check-in/${body.id}/fresh-link?token=${encodeURIComponent(token ?? "")}`, {
            method: "POST",
          }),
        );
        expect(fresh.status).toBe(409);
        expect(await addressesReached(body.id)).toEqual([]);
        outcomes.add("send first");
      } else {
        // The address landed first: the link went there, and only there.
        expect(edited.status).toBe(200);
        expect(route).toEqual({ route: "email", address });
        await sendEverythingAgain(admin, body.id, null);
        expect(await addressesReached(body.id)).toEqual([address]);
        outcomes.add("edit first");
      }
    }
    expect([...outcomes].sort()).toEqual(["edit first", "send first"]);
  });

  it("an edit landing between the send's reads and its insert redirects nothing: the link goes to the address the insert read", async () => {
    const member = await addMember(admin, "Ivy", "ivy@member.example");
    const attacker = "ivy-admin@attacker.example";
    let edited = 0;
    const db = holdingBefore(/^\s*insert into check_ins/i, async () => {
      edited = (await requestAs(admin, `/api/team-members/${member.id}`, patch({ email: attacker }))).status;
    });
    const sent = await requestAsWith(admin, db, "/api/check-ins", post({ teamMemberId: member.id }));
    expect(edited).toBe(200); // the edit really landed inside the send
    expect(sent.status).toBe(201);
    const body = createCheckInResponseSchema.parse(await sent.json());
    expect(await stored(body.id)).toEqual({ route: "email", address: attacker });
    await sendEverythingAgain(admin, body.id, (await linkOf(body.id)).token);
    expect(await addressesReached(body.id)).toEqual([attacker]);
  });

  it("an address added between the send's reads and its insert: no link in the Admin's answer, the link goes to that address", async () => {
    const member = await addMember(admin, "Uma", null);
    const address = "uma@added.example";
    let edited = 0;
    const db = holdingBefore(/^\s*insert into check_ins/i, async () => {
      edited = (await requestAs(admin, `/api/team-members/${member.id}`, patch({ email: address }))).status;
    });
    const sent = await requestAsWith(admin, db, "/api/check-ins", post({ teamMemberId: member.id }));
    expect(edited).toBe(200);
    const body = createCheckInResponseSchema.parse(await sent.json());
    expect(body.url).toBeUndefined();
    expect(await stored(body.id)).toEqual({ route: "email", address });
    await sendEverythingAgain(admin, body.id, null);
    expect(await addressesReached(body.id)).toEqual([address]);
  });
});
