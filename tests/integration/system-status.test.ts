// Issue 25 §7: the Overview's system status reads real signals — the last scheduled run and
// its result, delivery failures in the last hour, the AI provider's last outcome — and says
// "healthy" only when all of them are.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { type EmailMessage, sendEmail } from "../../worker/email/send";
import { readConfig } from "../../worker/lib/config";
import { recordProviderOutcome, resetProviderOutcomeThrottle } from "../../worker/lib/system-signals";
import { runSchedule } from "../../worker/schedule/run";
import { createSuperAdmin, type TestAccount } from "./auth-helpers";
import { requestWithStripe } from "./stripe-helpers";

const db = createDb(env.DB);
const send = (message: EmailMessage) => sendEmail(env, db, message);
const MIN = 60_000;

type Status = { healthy: boolean; checks: { id: string; ok: boolean; detail: string }[] };
let operator: TestAccount;
beforeAll(async () => {
  operator = await createSuperAdmin();
});
async function status(bindings: Record<string, string> = {}): Promise<Status> {
  const response = await requestWithStripe(operator, "/api/admin/system", {}, bindings);
  expect(response.status).toBe(200);
  return (await response.json()) as Status;
}
const check = (s: Status, id: string) => s.checks.find((c) => c.id === id);

describe("the system status", () => {
  it("faults a scheduled run never recorded, then reads the last run, its result and its age", async () => {
    const before = await status();
    expect(before.healthy).toBe(false);
    expect(check(before, "schedule")).toEqual({
      id: "schedule",
      label: "Scheduled runs",
      ok: false,
      detail: "No scheduled run has been recorded",
    });

    await runSchedule({ db, config: readConfig(env), send });
    const ran = await status();
    expect(check(ran, "schedule")).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^Last run just now: Created/),
    });
    expect(ran.checks.every((c) => c.ok)).toBe(true);
    expect(ran.healthy).toBe(true);

    // A run whose steps fail (no public origin for the links) is a fault that names them.
    await runSchedule({ db, config: { ...readConfig(env), BETTER_AUTH_URL: undefined }, send });
    const failed = await status();
    expect(failed.healthy).toBe(false);
    expect(check(failed, "schedule")).toMatchObject({
      ok: false,
      detail: "Last run just now: 2 steps failed: invite, remind",
    });

    // A good run again, then no run for 31 minutes.
    await runSchedule({ db, config: readConfig(env), send });
    expect(check(await status(), "schedule")?.ok).toBe(true);
    await env.DB.prepare("update system_signals set last_success_at = ?, last_failure_at = ? where name = 'schedule'")
      .bind(Date.now() - 31 * MIN, Date.now() - 40 * MIN)
      .run();
    const stale = await status();
    expect(check(stale, "schedule")).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^No scheduled run for 31 min/),
    });
    expect(stale.healthy).toBe(false);
  });

  it("faults an email or a queued notification that failed in the last hour, not an older one", async () => {
    await runSchedule({ db, config: readConfig(env), send });
    expect(check(await status(), "deliveries")?.ok).toBe(true);
    const insertEmail = (createdAt: number) =>
      env.DB.prepare(
        "insert into email_outbox (id, to_address, subject, html, text, kind, status, created_at) values (?, 'a@b.example', 's', 'h', 't', 'verification', 'failed', ?)",
      )
        .bind(crypto.randomUUID(), createdAt)
        .run();
    await insertEmail(Date.now() - 2 * 60 * MIN);
    expect(check(await status(), "deliveries")?.ok).toBe(true);
    await insertEmail(Date.now() - 5 * MIN);
    expect(check(await status(), "deliveries")).toMatchObject({
      ok: false,
      detail: "1 email failed in the last hour",
    });

    await env.DB.prepare("insert into organizations (id, name) values ('signals-org', 'Signals')").run();
    await env.DB.prepare(
      "insert into notification_deliveries (id, organization_id, kind, channel, recipient, subject, status, attempts, updated_at) values ('d1', 'signals-org', 'alert', 'email', 'm@b.example', 's', 'retrying', 1, ?)",
    )
      .bind(Date.now())
      .run();
    const both = await status();
    expect(check(both, "deliveries")?.detail).toBe("1 email and 1 queued notification failed in the last hour");
    expect(both.healthy).toBe(false);
  });

  it("reads the AI provider's last success and failure; the latest failing is a fault", async () => {
    resetProviderOutcomeThrottle();
    const withAi = { OPENAI_API_KEY: "sk-test-signals" };
    expect(check(await status(withAi), "ai")).toMatchObject({ ok: true, detail: "Not called yet" });
    await recordProviderOutcome(env, true);
    expect(check(await status(withAi), "ai")).toMatchObject({ ok: true, detail: "last success just now; no failure" });
    const error = Object.assign(new Error("Incorrect API key provided: sk-test-****nals"), {
      name: "AuthenticationError",
      status: 401,
    });
    await recordProviderOutcome(env, false, error);
    const down = check(await status(withAi), "ai");
    expect(down).toMatchObject({ ok: false });
    expect(down?.detail).toContain("AuthenticationError (HTTP 401)");
    // The provider's message (which may quote a key) is never kept.
    expect(JSON.stringify(await env.DB.prepare("select * from system_signals").all())).not.toContain("sk-test");
    // Without a key the embedded interviewer is used: nothing to fail.
    expect(check(await status(), "ai")).toMatchObject({ ok: true, detail: expect.stringMatching(/^Embedded/) });
  });
});
