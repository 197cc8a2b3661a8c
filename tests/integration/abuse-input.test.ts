import { listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { GUESS_RULE } from "../../worker/checkin/link";
import { MAX_FRAME_BYTES } from "../../worker/shared/checkin-protocol";
import {
  allRoutes,
  DEMO_ROUTES,
  isAdminRoute,
  isSessionScoped,
  methodOf,
  pathFor,
  type RouteKey,
} from "./abuse-routes";
import { createAdmin, createSuperAdmin, randomIp, type TestAccount } from "./auth-helpers";
import { ChatClient, createCheckIn, objectTables, upgrade, wsPath } from "./checkin-helpers";
import { databaseRows } from "./database-state";
import { request, requestWithEnv } from "./helpers";
import { objectStorage } from "./object-storage";

/**
 * The abuse suite, input part: bad bodies on every route that takes one, demo routes in
 * production, bad check-in links on every public check-in route, hostile Origins on the
 * WebSocket upgrade, frames the object must refuse, and Stripe deliveries replayed the
 * way Stripe itself retries. Each case also checks that nothing changed.
 *
 * Over 300 lines: one case table per attack surface, sharing one set of fixtures.
 */
const objectCount = async () => (await listDurableObjectIds(env.CHECKIN_SESSION)).length;

/** Every D1 row (./database-state), after a check that the comparison reads the fixtures' rows. */
async function databaseState(): Promise<Record<string, unknown[]>> {
  const state = await databaseRows();
  if (!JSON.stringify(state.organizations).includes("Input Abuse Co")) throw new Error("databaseState read no rows");
  return state;
}

let admin: TestAccount;
let operator: TestAccount;
beforeAll(async () => {
  admin = await createAdmin({ companyName: "Input Abuse Co" });
  operator = await createSuperAdmin();
});

describe("malformed JSON, wrong types and oversized bodies", () => {
  const BAD_BODIES: [string, string][] = [
    ["malformed JSON", '{"firstName": "Ann", '],
    ["not an object", '["firstName", "Ann"]'],
    ["a bare string", '"Ann"'],
    ["null", "null"],
    [
      "wrong types",
      JSON.stringify({
        firstName: 42,
        lastName: ["x"],
        email: { $ne: null },
        planType: 7,
        teamMemberId: false,
        password: 123456,
        name: {},
        configuration: "x",
        questions: "x",
        frequency: [],
      }),
    ],
    ["oversized (300 KB)", JSON.stringify({ firstName: "A".repeat(300 * 1024) })],
  ];

  /** Actions whose only input is the path or the session: a body is ignored, never parsed. */
  const BODYLESS: readonly RouteKey[] = [
    "POST /api/organization/ensure",
    "POST /api/subscription/portal",
    "POST /api/check-ins/:id/resend",
    "POST /api/check-ins/:id/revoke",
    "POST /api/alerts/:id/resolve",
    "POST /api/check-in/:id/reach-out",
    "POST /api/admin/alerts/:id/read",
    "POST /api/admin/alerts/:id/resolve",
    "POST /api/admin/support/users/:id/resend-verification",
  ];

  it("get a 4xx JSON error on every route that takes a body, and change nothing", async () => {
    const routes = allRoutes().filter(
      (key) => ["POST", "PUT", "PATCH"].includes(methodOf(key)) && !DEMO_ROUTES.includes(key),
    );
    expect(routes.length).toBeGreaterThan(25);
    for (const key of BODYLESS) expect(routes).toContain(key);
    const before = await databaseState();
    const failures: string[] = [];
    for (const key of routes) {
      const cookie = isAdminRoute(key) ? operator.cookie : isSessionScoped(key) ? admin.cookie : undefined;
      for (const [what, body] of BAD_BODIES) {
        const init: RequestInit = {
          method: methodOf(key),
          headers: {
            "content-type": "application/json",
            "cf-connecting-ip": randomIp(),
            "stripe-signature": "t=1,v1=00",
            ...(cookie ? { cookie } : {}),
          },
          body,
        };
        // The webhook answers 503 until a signing secret is configured: test it configured.
        const response =
          key === "POST /api/stripe/webhook"
            ? await requestWithEnv(pathFor(key), { STRIPE_WEBHOOK_SECRET: "whsec_abuse_suite" }, init)
            : await request(pathFor(key), init);
        const text = await response.text();
        const status = response.status;
        if (what.startsWith("oversized")) {
          if (status !== 413) failures.push(`${key} (${what}): ${status}, not 413`);
        } else if (BODYLESS.includes(key) ? status >= 500 : status < 400 || status >= 500) {
          failures.push(`${key} (${what}): ${status} ${text.slice(0, 120)}`);
        }
        if (status >= 400 && !response.headers.get("content-type")?.includes("application/json")) {
          failures.push(`${key} (${what}): ${status} without a JSON error`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseState()).toEqual(before);
  });
});

describe("demo-only routes", () => {
  it("answer 404 with APP_ENV=production and change nothing, while they exist in development", async () => {
    const before = await databaseState();
    for (const key of DEMO_ROUTES) {
      const init: RequestInit = {
        method: methodOf(key),
        headers: { "content-type": "application/json" },
        ...(methodOf(key) === "GET" ? {} : { body: "{}" }),
      };
      const production = await requestWithEnv(pathFor(key), { APP_ENV: "production" }, init);
      expect(production.status, key).toBe(404);
    }
    expect(await databaseState()).toEqual(before);
    expect((await request("/dev/mailbox")).status).toBe(200);
  });
});

describe("check-in links on every public check-in route", () => {
  const routes = [
    { name: "GET info", call: (path: string, ip: string) => request(path, { headers: { "cf-connecting-ip": ip } }) },
    {
      name: "WebSocket upgrade",
      call: (path: string, ip: string) => upgrade(path.replace("?", "/ws?"), { "cf-connecting-ip": ip }),
    },
    {
      name: "POST reach-out",
      call: (path: string, ip: string) =>
        request(path.replace("?", "/reach-out?"), { method: "POST", headers: { "cf-connecting-ip": ip } }),
    },
    {
      name: "POST claim",
      call: (path: string, ip: string) =>
        request(path.replace("?", "/claim?"), {
          method: "POST",
          headers: { "cf-connecting-ip": ip, "content-type": "application/json" },
          body: "{}",
        }),
    },
    {
      name: "POST fresh-link",
      call: (path: string, ip: string) =>
        request(path.replace("?", "/fresh-link?"), { method: "POST", headers: { "cf-connecting-ip": ip } }),
    },
    {
      name: "POST handover",
      call: (path: string, ip: string) =>
        request(path.replace("?", "/handover?"), {
          method: "POST",
          headers: { "cf-connecting-ip": ip, "content-type": "application/json" },
          body: JSON.stringify({ approve: true }),
        }),
    },
  ];

  it("refuse a missing, wrong, foreign, expired (or revoked) and completed token, without an object or a row", async () => {
    const good = await createCheckIn();
    const other = await createCheckIn();
    const expired = await createCheckIn({ expiresInMs: -1000 });
    const revoked = await createCheckIn({ status: "expired" });
    const completed = await createCheckIn({ status: "completed" });
    const links: [string, string, number][] = [
      ["missing", `/api/check-in/${good.id}?token=`, 400],
      ["wrong", `/api/check-in/${good.id}?token=not-the-token`, 404],
      ["another check-in's", `/api/check-in/${good.id}?token=${encodeURIComponent(other.token)}`, 404],
      ["expired", `/api/check-in/${expired.id}?token=${encodeURIComponent(expired.token)}`, 404],
      ["revoked", `/api/check-in/${revoked.id}?token=${encodeURIComponent(revoked.token)}`, 404],
      ["completed", `/api/check-in/${completed.id}?token=${encodeURIComponent(completed.token)}`, 404],
    ];
    const objects = await objectCount();
    const before = await databaseState();
    for (const route of routes) {
      for (const [what, path, status] of links) {
        // A fresh address per attempt: this test is about refusal, the next one about counting.
        const response = await route.call(path, randomIp());
        expect(response.status, `${route.name}, ${what} token`).toBe(status);
        expect(response.webSocket, `${route.name}, ${what} token`).toBeNull();
      }
    }
    expect(await objectCount()).toBe(objects);
    expect(await databaseState()).toEqual(before);
  });

  const route0 = (path: string, ip: string) => request(path, { headers: { "cf-connecting-ip": ip } });

  it("count wrong guesses per address across all of them, and throttle only those", async () => {
    const checkIn = await createCheckIn();
    const ip = "192.0.2.77";
    const statuses: number[] = [];
    for (let i = 0; i < GUESS_RULE.limit; i++) {
      const route = routes[i % routes.length];
      if (route) statuses.push((await route.call(`/api/check-in/${checkIn.id}?token=guess-${i}`, ip)).status);
    }
    expect(statuses).toEqual(Array(GUESS_RULE.limit).fill(404));
    // Failures only (issue 12 item 12): the right link still opens from that office…
    const right = await request(`/api/check-in/${checkIn.id}?token=${encodeURIComponent(checkIn.token)}`, {
      headers: { "cf-connecting-ip": ip },
    });
    expect(right.status).toBe(200);
    // …while every further wrong guess from it is refused on every route.
    for (const route of routes) {
      const wrong = await route.call(`/api/check-in/${checkIn.id}?token=guess-again`, ip);
      expect(wrong.status, route.name).toBe(429);
    }
    expect(
      (await route0(`/api/check-in/${checkIn.id}?token=guess-elsewhere`, "192.0.2.78")).status,
      "another address",
    ).toBe(404);
  });

  it("count an IPv6 subscriber's whole /64 as one address", async () => {
    const checkIn = await createCheckIn();
    // A new address of the same /64 for every guess: one subscriber picking addresses at will.
    const inPrefix = (i: number) => `2001:db8:77:1:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;
    for (let i = 0; i < GUESS_RULE.limit; i++) {
      expect((await route0(`/api/check-in/${checkIn.id}?token=v6-${i}`, inPrefix(i))).status).toBe(404);
    }
    expect((await route0(`/api/check-in/${checkIn.id}?token=v6-more`, "2001:db8:77:1:ffff::1")).status).toBe(429);
    // The next /64 is another subscriber.
    expect((await route0(`/api/check-in/${checkIn.id}?token=v6-next`, "2001:db8:77:2::1")).status).toBe(404);
  });
});

describe("the WebSocket upgrade checks Origin", () => {
  it("refuses every foreign or look-alike origin before any object exists, and accepts the app's own", async () => {
    const checkIn = await createCheckIn();
    const objects = await objectCount();
    const foreign = [
      "https://evil.example",
      "null",
      "http://localhost.evil.example",
      "http://localhost:5173.evil.example",
      "http://evil.example/http://localhost:5173",
      "https://localhost:5173",
      "http://localhost:5174",
      "http://127.0.0.1:5173",
    ];
    for (const origin of foreign) {
      const response = await upgrade(wsPath(checkIn), { Origin: origin });
      expect(response.status, origin).toBe(403);
      expect(response.webSocket, origin).toBeNull();
    }
    expect(await objectCount()).toBe(objects);
    for (const origin of ["http://localhost", env.BETTER_AUTH_URL]) {
      const client = await ChatClient.open(checkIn, { Origin: origin });
      client.close();
    }
  });
});

describe("frames the check-in object must refuse", () => {
  it("answers each malformed frame with invalid_frame, one over the limit with frame_too_large, then a 1.5 MB frame; nothing changes and the chat carries on", async () => {
    const checkIn = await createCheckIn();
    const chat = await ChatClient.open(checkIn);
    // The reply too, so that nothing is still being written when the junk arrives.
    await chat.say("First answer before the junk.");
    // Every row and key the object keeps, and every D1 row: an UPDATE shows as surely as an INSERT.
    const stored = await objectStorage(checkIn.id);
    const database = await databaseState();
    expect(JSON.stringify(stored)).toContain("First answer before the junk.");
    // Each malformed frame first, each with its own answer (the 1.5 MB one last: the runtime
    // may close the socket after it, and nothing sent later would arrive).
    const overLimit = JSON.stringify({
      type: "message",
      clientId: "junk-over-limit",
      content: "x".repeat(MAX_FRAME_BYTES),
    });
    const junk: [string, string | ArrayBuffer, "invalid_frame" | "frame_too_large"][] = [
      ["a binary frame", new Uint8Array(64).buffer, "invalid_frame"],
      ["content that is not text", '{"type":"message","clientId":"junk-2-xxxx","content":{"$gt":""}}', "invalid_frame"],
      ["a server frame from the client", '{"type":"snapshot","status":"completed","messages":[]}', "invalid_frame"],
      [
        "a path as clientId",
        '{"type":"message","clientId":"../../etc/passwd","content":"path in id"}',
        "invalid_frame",
      ],
      ["malformed JSON", '{"type":"message",', "invalid_frame"],
      // Just over the object's own limit, far under the runtime's: the object must refuse it.
      ["a frame over MAX_FRAME_BYTES", overLimit, "frame_too_large"],
    ];
    for (const [what, frame, code] of junk) {
      const mark = chat.frames.length;
      chat.send(frame);
      const error = await chat
        .waitFor<"error">((f) => f.type === "error", { after: mark })
        .catch((cause: unknown) => {
          throw new Error(`${what}: no error frame (${String(cause)})`);
        });
      expect(error.code, what).toBe(code);
    }
    const mark = chat.frames.length;
    chat.send({ type: "message", clientId: "junk-large-frame-1", content: "x".repeat(1536 * 1024) });
    // Either the object refuses it with frame_too_large, or the runtime closes the socket.
    await chat
      .waitFor<"error">((f) => f.type === "error" && f.code === "frame_too_large", { after: mark })
      .catch((error: unknown) => {
        if (!chat.closed) throw error;
      });
    expect(await objectStorage(checkIn.id)).toEqual(stored);
    expect(await databaseState()).toEqual(database);
    expect((await objectTables(checkIn.id)).session?.status).toBe("active");
    const next = chat.closed ? await ChatClient.open(checkIn) : chat;
    await next.say("Second answer after the junk.", { reply: false });
    const users = (await ChatClient.open(checkIn)).latestSnapshot()?.messages.filter((m) => m.sender === "user") ?? [];
    expect(users.map((m) => m.content)).toEqual(["First answer before the junk.", "Second answer after the junk."]);
  });
});

describe("Stripe webhooks replayed the way Stripe retries them", () => {
  const SECRET = "whsec_abuse_suite";
  const deliver = (payload: string, signature: string) =>
    requestWithEnv(
      "/api/stripe/webhook",
      { STRIPE_WEBHOOK_SECRET: SECRET },
      { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload },
    );
  const sign = (payload: string, timestamp: number) =>
    Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: SECRET,
      timestamp,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });

  it("applies one event once when ten deliveries race, each signed anew; a replay signed 10 minutes ago is refused", async () => {
    const owner = await createAdmin({ companyName: "Retried Co" });
    const now = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      created: now,
      data: {
        object: {
          id: "cs_test_retry",
          object: "checkout.session",
          mode: "subscription",
          payment_status: "paid",
          client_reference_id: owner.organizationId,
          customer: "cus_retry",
          subscription: "sub_retry",
          metadata: { organizationId: owner.organizationId, quantity: "3" },
        },
      },
    });
    const stale = await deliver(payload, await sign(payload, now - 600));
    expect(stale.status).toBe(400);
    const signatures = await Promise.all(Array.from({ length: 10 }, (_, i) => sign(payload, now - i)));
    const responses = await Promise.all(signatures.map((signature) => deliver(payload, signature)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = await Promise.all(responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    const rows = await env.DB.prepare("select count(*) as n from subscriptions where organization_id = ?")
      .bind(owner.organizationId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const events = await env.DB.prepare("select count(*) as n from stripe_events where id = ?")
      .bind(eventId)
      .first<{ n: number }>();
    expect(events?.n).toBe(1);
  });
});
