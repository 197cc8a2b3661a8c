import { createMessageBatch, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { enqueueCompletionAlerts } from "../../worker/notify/enqueue";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { cookieHeader, createSuperAdmin, randomIp, type TestAccount, totpSecretOf } from "./auth-helpers";
import { ChatClient, insertCompletedCheckIn, linkOf, newAttempt } from "./checkin-helpers";
import { requestWithEnv } from "./helpers";
import { connectSlack } from "./notify-helpers";
import { EMAIL_INVALID_KEY, INTEGRATION_VARS, type RecordedRequest, STRIPE_INVALID_KEY } from "./vars";

/**
 * The abuse suite, secrets part: a day of use — sign-up, failed and successful sign-ins,
 * the team, a check-in link and its chat, a fresh link, Stripe Checkout and a forged
 * webhook, an email provider, an AI provider that fails, alerts through the notifications
 * queue, the operator's console — with every secret the Worker holds configured to a
 * recognisable value. Every response (bodies and headers), every line the Worker logs, every
 * D1 row and every message put on the notifications queue or its dead-letter queue is kept;
 * none may contain a password, a password hash, a session token, a link token or claim, a
 * device secret or a configured secret. (The answer to `POST /api/check-ins` used to carry
 * the new link, once; now the link goes to the member's email only, so that answer is
 * scanned too.)
 *
 * The day runs once in development and once in production (abuse-secrets.test.ts,
 * abuse-secrets.production.test.ts: one D1 each). The queues are the test's: the producer
 * bindings record every message, and the test consumes them through the Worker's own queue
 * handler with the same bindings, so the consumer too runs in the mode under test.
 */
export function secretsScan(mode: "development" | "production") {
  /** Every body sent to each queue; `pending` is what the test has yet to consume. */
  const queued: unknown[] = [];
  const deadLetters: unknown[] = [];
  const pending: unknown[] = [];
  const recording = (kept: unknown[], consume: boolean) =>
    ({
      async send(body: unknown) {
        kept.push(body);
        if (consume) pending.push(body);
      },
      async sendBatch(messages: Iterable<{ body: unknown }>) {
        for (const message of messages) {
          kept.push(message.body);
          if (consume) pending.push(message.body);
        }
      },
    }) as unknown as Queue;
  const QUEUES = { NOTIFY_QUEUE: recording(queued, true), NOTIFY_DEAD_LETTERS: recording(deadLetters, false) };

  const SECRETS = {
    APP_ENV: mode,
    ...QUEUES,
    STRIPE_SECRET_KEY: "sk_test_SECRETabuse0123456789",
    STRIPE_WEBHOOK_SECRET: "whsec_SECRETabuse0123456789",
    STRIPE_PRICE_ID: "price_abuse",
    STRIPE_API_BASE: env.STRIPE_STANDIN_URL,
    EMAIL_API_KEY: "re_SECRETabuse0123456789",
    EMAIL_API_URL: env.EMAIL_STANDIN_URL,
    // A provider that cannot be reached: its failure path must not log the key either.
    OPENAI_API_KEY: "sk-SECRETabuse0123456789",
    OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    OPENAI_MODEL: "abuse-model",
  };
  /** The same, with every provider refusing or unreachable: the paths that log. */
  const FAILING = {
    ...SECRETS,
    STRIPE_SECRET_KEY: STRIPE_INVALID_KEY,
    EMAIL_API_KEY: EMAIL_INVALID_KEY,
  };
  const UNREACHABLE = { ...SECRETS, STRIPE_API_BASE: "http://127.0.0.1:9", EMAIL_API_URL: "http://127.0.0.1:9" };
  const PASSWORD = "Secret-Passw0rd-abuse-suite";

  const responses: { what: string; text: string }[] = [];
  const logged: string[] = [];
  const spies: { mockRestore: () => void }[] = [];

  beforeAll(() => {
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      const original = console[method].bind(console);
      spies.push(
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
          logged.push(args.map((a) => (typeof a === "string" ? a : (JSON.stringify(a) ?? String(a)))).join(" "));
          original(...args);
        }),
      );
    }
  });
  afterAll(() => {
    for (const spy of spies) spy.mockRestore();
  });

  /** A request with every secret configured; the response is kept for the scan (except its Set-Cookie). */
  async function call(
    path: string,
    init: RequestInit & { cookie?: string; ip?: string; bindings?: Partial<Env> } = {},
    keep = true,
  ) {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
    headers.set("cf-connecting-ip", init.ip ?? randomIp());
    const response = await requestWithEnv(path, init.bindings ?? SECRETS, { ...init, headers });
    const text = await response.clone().text();
    const visibleHeaders = [...response.headers.entries()].filter(([name]) => name !== "set-cookie");
    if (keep)
      responses.push({
        what: `${init.method ?? "GET"} ${path} → ${response.status}`,
        text: `${JSON.stringify(visibleHeaders)}\n${text}`,
      });
    return response;
  }

  /** The test as the queue's consumer: every message waiting, through the Worker's own handler, until none is left. */
  async function consumeQueue(bindings: Partial<Env> = SECRETS, rounds = 5) {
    for (let round = 0; pending.length > 0 && round < rounds; round++) {
      const bodies = pending.splice(0);
      const batch = createMessageBatch(
        "undertone-notifications",
        bodies.map((body, i) => ({ id: `scan-${round}-${i}`, timestamp: new Date(), attempts: 1, body })),
      );
      await worker.queue(batch, { ...env, ...bindings });
    }
  }

  /** What the email provider received for `to`, newest last. */
  async function deliveredTo(to: string): Promise<{ text: string }[]> {
    const requests = (await (await fetch(`${env.EMAIL_STANDIN_URL}/__requests`)).json()) as RecordedRequest[];
    return requests
      .filter((r) => r.path === "/emails" && r.body.includes(to))
      .map((r) => JSON.parse(r.body) as { text: string });
  }

  /** The value of `parameter` in the newest link to `to` the provider received that has it. */
  async function deliveredSecret(to: string, parameter: string, pattern: RegExp): Promise<string> {
    for (const email of (await deliveredTo(to)).reverse()) {
      const link = email.text.match(pattern)?.[0];
      const value = link ? new URL(link).searchParams.get(parameter) : null;
      if (value) return value;
    }
    throw new Error(`no ${parameter} in any email to ${to}`);
  }

  describe(`no response, log line, stored row or queued message carries a password, token or secret (${mode})`, () => {
    let operator: TestAccount;
    const linkTokens: string[] = [];
    const sessionTokens: string[] = [];

    it("through a day of use", { timeout: 90_000 }, async () => {
      operator = await createSuperAdmin();
      const email = `secrets-${mode}-${Date.now()}@example.com`;
      const signup = await call("/api/auth/sign-up/email", {
        method: "POST",
        body: JSON.stringify({
          first_name: "Sia",
          last_name: "Secret",
          email,
          password: PASSWORD,
          company_name: "Secret Co",
        }),
      });
      expect(signup.status).toBe(200);
      // Read from what the provider got: outside development the outbox keeps no link secret.
      const verificationToken = await deliveredSecret(email, "token_hash", /https?:\/\/\S+type=signup\S*/);
      linkTokens.push(verificationToken);
      await call(`/api/auth/verify-email?token=${encodeURIComponent(verificationToken)}`, {}, false);

      const ip = randomIp();
      for (const password of ["wrong-password-1", "wrong-password-2"]) {
        await call("/api/auth/sign-in/email", { method: "POST", ip, body: JSON.stringify({ email, password }) });
      }
      const signIn = await call("/api/auth/sign-in/email", {
        method: "POST",
        ip,
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const cookie = cookieHeader(signIn);
      for (const pair of cookie.split("; ")) {
        const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
        sessionTokens.push(value, value.split(".")[0] ?? value);
      }
      // One more try: rate limited now, and the limiter's answer must not echo anything either.
      await call("/api/auth/sign-in/email", {
        method: "POST",
        ip,
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      await call("/api/auth/sign-in/magic-link", { method: "POST", body: JSON.stringify({ email }) });
      // Its token is stored hashed (verification.identifier): the stored-data scan looks for it in clear.
      linkTokens.push(await deliveredSecret(email, "token_hash", /https?:\/\/\S+type=magiclink\S*/));
      // Issue 25 §3: a reset link's token is stored hashed too, and echoed by no answer.
      await call("/api/auth/request-password-reset", { method: "POST", body: JSON.stringify({ email }) });
      linkTokens.push(await deliveredSecret(email, "token_hash", /https?:\/\/\S+type=recovery\S*/));

      await call("/api/me", { cookie });
      const session = await call("/api/auth/get-session", { cookie });
      // Every session with its metadata: the one auth answer that used to carry every token.
      const sessions = await call("/api/auth/list-sessions", { cookie });
      expect(sessions.status).toBe(200);
      expect(await session.clone().json()).toMatchObject({ session: { userId: expect.any(String) } });
      const ensured = await call("/api/organization/ensure", { method: "POST", cookie });
      const organizationId = ((await ensured.json()) as { organization: { id: string } }).organization.id;
      await call("/api/subscription", { method: "POST", cookie, body: JSON.stringify({ planType: "paid" }) });
      await call("/api/subscription", { cookie });
      const memberEmail = `tess-${mode}@secret.example`;
      const member = await call("/api/team-members", {
        method: "POST",
        cookie,
        body: JSON.stringify({ firstName: "Tess", lastName: "Token", email: memberEmail }),
      });
      const memberId = teamMemberResponseSchema.parse(await member.json()).member.id;
      // The link goes to the member's email only: this answer is scanned like every other.
      const created = await call("/api/check-ins", {
        method: "POST",
        cookie,
        body: JSON.stringify({ teamMemberId: memberId, sendEmail: true }),
      });
      const checkIn = createCheckInResponseSchema.parse(await created.json());
      const linkToken = (await linkOf(checkIn.id)).token;
      expect(linkToken.length).toBeGreaterThan(20);
      linkTokens.push(linkToken);
      // The invitation is on the queue; the consumer renders it, with its link, when it sends.
      await consumeQueue();
      expect(await deliveredSecret(memberEmail, "token", /https?:\/\/\S+\/check-in\/\S+/)).toBe(linkToken);
      await call("/api/check-ins", { cookie });
      await call(`/api/check-ins/${checkIn.id}/resend`, { method: "POST", cookie });
      await call(`/api/check-in/${checkIn.id}?token=${encodeURIComponent(linkToken)}`);
      // "Start my check-in": the chat's device secret rides in its httpOnly cookie only, and the
      // page's claim attempt is never echoed: both scanned for like a token.
      const attempt = newAttempt();
      linkTokens.push(attempt);
      const claimed = await call(`/api/check-in/${checkIn.id}/claim?token=${encodeURIComponent(linkToken)}`, {
        method: "POST",
        body: JSON.stringify({ attempt }),
      });
      expect(claimed.status).toBe(200);
      const deviceCookie = (claimed.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      linkTokens.push(deviceCookie.split("=")[1] ?? "");
      expect(linkTokens.at(-1)).toHaveLength(43);
      await call(`/api/check-in/${checkIn.id}?token=${encodeURIComponent(`${linkToken}x`)}`);
      const chat = await ChatClient.open({ id: checkIn.id, token: linkToken }, { Cookie: deviceCookie });
      await chat.say("My manager's phone is 555-0100 and I'm worn out.");
      chat.send({ type: "message", clientId: "secret-junk-1", content: "" });
      await chat.waitFor((f) => f.type === "error");
      responses.push({ what: "WebSocket frames", text: chat.raw.join("\n") });
      chat.close();
      // Lost the browser: a fresh link with its claim, to the member's email only.
      const fresh = await call(`/api/check-in/${checkIn.id}/fresh-link?token=${encodeURIComponent(linkToken)}`, {
        method: "POST",
      });
      expect(fresh.status).toBe(200);
      linkTokens.push(await deliveredSecret(memberEmail, "claim", /https?:\/\/\S+claim=\S+/));
      await call(`/api/check-in/${checkIn.id}/reach-out?token=${encodeURIComponent(linkToken)}`, { method: "POST" });
      await call("/api/insights", { cookie });
      await call("/api/alerts?status=all", { cookie });

      // A check-in with an urgent alert, announced in Slack and by email; Slack is then
      // disconnected before the channel's post goes, so that delivery is dead-lettered.
      const admin = { cookie, email, password: PASSWORD, organizationId, userId: "" };
      await connectSlack(admin);
      const alerted = await insertCompletedCheckIn({
        organizationId,
        teamMemberId: memberId,
        memberName: "Tess Token",
        transcript: "I'm exhausted.",
      });
      await enqueueCompletionAlerts(SECRETS, organizationId, alerted.checkInId);
      await consumeQueue(SECRETS, 1); // the fan-out: an email to the Admin, a post for the channel
      expect((await call("/api/slack", { method: "DELETE", cookie }, false)).status).toBe(200);
      await consumeQueue(); // the email goes; the post cannot, and no retry would help
      expect(deadLetters.length).toBeGreaterThan(0);

      await call("/api/stripe/webhook", {
        method: "POST",
        headers: { "stripe-signature": "t=1,v1=forged" },
        body: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
      });

      const op = operator.cookie;
      for (const path of [
        "/api/admin/system",
        "/api/admin/users",
        "/api/admin/users/export",
        `/api/admin/support/search?q=${encodeURIComponent(email)}`,
        "/api/admin/audit",
        "/api/admin/reports/users",
        "/api/admin/organizations",
        "/api/admin/ai-config",
        "/api/admin/settings",
        "/api/admin/deliveries",
      ]) {
        await call(path, { cookie: op });
      }
      const config = (await (await call("/api/admin/ai-config", { cookie: op }, false)).json()) as {
        configuration: unknown;
      };
      await call("/api/admin/ai-config/test", { method: "POST", cookie: op, body: JSON.stringify(config) });
      // The paths that log: every provider refusing the key or unreachable, and a scheduled run.
      for (const bindings of [FAILING, UNREACHABLE]) {
        await call("/api/subscription", {
          method: "POST",
          cookie,
          bindings,
          body: JSON.stringify({ planType: "paid" }),
        });
        await call(`/api/check-ins/${checkIn.id}/resend`, { method: "POST", cookie, bindings });
        await call("/api/insights/coaching", { cookie, bindings });
      }
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), {
        ...env,
        ...FAILING,
      });
      await consumeQueue(FAILING);
      await call("/api/admin/ai-config/chat", {
        method: "POST",
        cookie: op,
        body: JSON.stringify({ ...config, messages: [{ role: "user", content: "hello" }] }),
      });
    });

    /** Every secret the day of use handled: passwords, keys, hashes, session and link tokens. */
    async function knownSecrets(): Promise<[string, string][]> {
      const hashes = await env.DB.prepare("select password from account where password is not null").all<{
        password: string;
      }>();
      return [
        ["the password", PASSWORD],
        ["a test account's password", "correct-horse-battery"],
        ["BETTER_AUTH_SECRET", INTEGRATION_VARS.BETTER_AUTH_SECRET],
        // Issue 25 §4: the operator's authenticator secret, encrypted at rest and shown only at setup.
        ["the operator's TOTP secret", totpSecretOf(operator.email)],
        ...Object.entries({ ...SECRETS, REVOKED_STRIPE_KEY: STRIPE_INVALID_KEY, REFUSED_EMAIL_KEY: EMAIL_INVALID_KEY })
          .filter((entry): entry is [string, string] => /KEY|SECRET/.test(entry[0]) && typeof entry[1] === "string")
          .map(([name, value]) => [name, value] as [string, string]),
        ...hashes.results.flatMap((row) => [
          ["a password hash", row.password] as [string, string],
          ["a password hash's key", row.password.split(/[:$]/).pop() ?? row.password] as [string, string],
        ]),
        ...sessionTokens.filter((t) => t.length >= 16).map((t) => ["a session token", t] as [string, string]),
        ...linkTokens.filter((t) => t.length >= 16).map((t) => ["a link token", t] as [string, string]),
      ];
    }

    it("finds none of them in what was answered or logged", async () => {
      const secrets = await knownSecrets();
      expect(responses.length).toBeGreaterThan(30);
      expect(logged.length).toBeGreaterThan(0);
      const leaks: string[] = [];
      for (const [name, secret] of secrets) {
        for (const response of responses) if (response.text.includes(secret)) leaks.push(`${name} in ${response.what}`);
        for (const line of logged) if (line.includes(secret)) leaks.push(`${name} in the log: ${line.slice(0, 160)}`);
      }
      expect(leaks).toEqual([]);
    });

    it("finds none of them in a message on the notifications queue or its dead-letter queue", async () => {
      const secrets = await knownSecrets();
      const messages = [
        ...queued.map((body) => ({ where: "the queue", text: JSON.stringify(body) })),
        ...deadLetters.map((body) => ({ where: "the dead-letter queue", text: JSON.stringify(body) })),
      ];
      const leaks: string[] = [];
      for (const [name, secret] of secrets) {
        for (const message of messages) if (message.text.includes(secret)) leaks.push(`${name} in ${message.where}`);
      }
      expect(leaks).toEqual([]);
      // Ids, never a rendered body: no link of any kind rides the queue.
      for (const message of messages) expect(message.text).not.toMatch(/https?:\/\/|token=|claim=/);
      // Positive controls: the scan read an invitation, an alert's deliveries and a dead letter.
      const kinds = queued.map((body) => {
        const message = body as { type: string; notice?: { kind: string } };
        return message.notice ? `${message.type}:${message.notice.kind}` : message.type;
      });
      expect(kinds).toEqual(expect.arrayContaining(["send:check_in_invite", "alerts", "send:alert"]));
      expect(deadLetters.length).toBeGreaterThan(0);
    });

    it("finds none of them stored in any D1 table, except where the design keeps one", async () => {
      const secrets = await knownSecrets();
      const tables = await env.DB.prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'd1_migrations'",
      ).all<{ name: string }>();
      expect(tables.results.length).toBeGreaterThan(20);
      const found: string[] = [];
      for (const { name } of tables.results) {
        const rows = await env.DB.prepare(`select * from "${name}"`).all<Record<string, unknown>>();
        for (const row of rows.results) {
          for (const [column, value] of Object.entries(row)) {
            if (typeof value !== "string") continue;
            for (const [what, secret] of secrets) {
              if (value.includes(secret)) found.push(`${what} in ${name}.${column}`);
            }
          }
        }
      }
      // Kept by design: better-auth looks sessions up by their token, and in development the
      // outbox is the mailbox, whose emails keep working links (in production they are
      // redacted, and this scan holds that). The session tokens found there also show the
      // scan reads what is stored.
      const byDesign = (place: string) =>
        place.startsWith("a session token in session.token") ||
        // A password hash (or its key) belongs in account.password only, not copied anywhere else.
        (place.startsWith("a password hash") && place.endsWith(" in account.password")) ||
        (place.startsWith("a link token in email_outbox.") && mode === "development");
      expect(found.some((place) => place.startsWith("a session token in session.token"))).toBe(true);
      if (mode === "development") {
        // Positive control: the mailbox keeps links, so the scan sees a link token there.
        expect(found.some((place) => place.startsWith("a link token in email_outbox."))).toBe(true);
      }
      expect(found.filter((place) => !byDesign(place))).toEqual([]);
    });
  });
}
