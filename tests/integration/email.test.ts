import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { sendEmail } from "../../worker/email/send";
import { postJson } from "./auth-helpers";
import { countRows, request, requestWithEnv } from "./helpers";
import { EMAIL_INVALID_KEY, type RecordedRequest } from "./vars";

const db = createDb(env.DB);
const message = (to: string, extra: Record<string, string> = {}) => ({
  to,
  subject: "Your check-in is ready",
  html: '<p>Open <a href="https://undertone.example/check-in/1?token=a&amp;b">your check-in</a></p>',
  text: "Open your check-in: https://undertone.example/check-in/1?token=a&b",
  kind: "check_in_invite",
  ...extra,
});
const providerEnv = (key = "re_test_key") => ({ ...env, EMAIL_API_KEY: key, EMAIL_API_URL: env.EMAIL_STANDIN_URL });
const outboxRow = (id: string) =>
  env.DB.prepare("select status, provider, error, sent_at from email_outbox where id = ?").bind(id).first<{
    status: string;
    provider: string;
    error: string | null;
    sent_at: number | null;
  }>();

async function providerRequestsTo(to: string): Promise<RecordedRequest[]> {
  const all = (await (await fetch(`${env.EMAIL_STANDIN_URL}/__requests`)).json()) as RecordedRequest[];
  return all.filter((r) => r.body.includes(to));
}

describe("sendEmail", () => {
  it("locally, the outbox row is the delivery", async () => {
    const result = await sendEmail(env, db, message("rep@example.com", { organizationId: "" }));
    expect(result.status).toBe("sent");
    expect(await outboxRow(result.id)).toMatchObject({ status: "sent", provider: "outbox", error: null });
  });

  it("makes a repeated send with the same dedupeKey a no-op", async () => {
    const first = await sendEmail(env, db, { ...message("dedupe@example.com"), dedupeKey: "invite:ci-1" });
    const second = await sendEmail(env, db, { ...message("dedupe@example.com"), dedupeKey: "invite:ci-1" });
    expect(first.status).toBe("sent");
    expect(second).toEqual({ status: "duplicate", id: first.id });
    expect(await countRows("email_outbox", "dedupe_key = 'invite:ci-1'")).toBe(1);
  });

  it("in production, posts to the provider's API (Resend) with the key, and records the result", async () => {
    const to = `provider-${Date.now()}@example.com`;
    const result = await sendEmail(providerEnv(), db, { ...message(to), dedupeKey: `invite:${to}` });
    expect(result.status).toBe("sent");
    expect(await outboxRow(result.id)).toMatchObject({ status: "sent", provider: "resend" });
    const [sent] = await providerRequestsTo(to);
    if (!sent) throw new Error("the provider stand-in received nothing");
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/emails");
    expect(sent.headers.authorization).toBe("Bearer re_test_key");
    expect(sent.headers["idempotency-key"]).toBe(`invite:${to}`);
    expect(JSON.parse(sent.body)).toEqual({
      from: "Undertone <no-reply@undertone.dev>",
      to: [to],
      subject: "Your check-in is ready",
      html: message(to).html,
      text: message(to).text,
    });
  });

  it("records a refused delivery as failed (never throws), and retries it on the next send", async () => {
    const to = `refused-${Date.now()}@example.com`;
    const failed = await sendEmail(providerEnv(EMAIL_INVALID_KEY), db, { ...message(to), dedupeKey: `r:${to}` });
    expect(failed).toMatchObject({ status: "failed" });
    expect(await outboxRow(failed.id)).toMatchObject({ status: "failed", provider: "resend" });
    expect((await outboxRow(failed.id))?.error).toContain("API key is invalid");

    const retried = await sendEmail(providerEnv(), db, { ...message(to), dedupeKey: `r:${to}` });
    expect(retried).toEqual({ status: "sent", id: failed.id });
    expect(await countRows("email_outbox", `to_address = '${to}'`)).toBe(1);
  });
});

describe("/dev/mailbox", () => {
  it("lists every email newest first with clickable links, in development", async () => {
    const email = `mailbox-${Date.now()}@example.com`;
    await postJson("/api/auth/sign-up/email", { email, password: "secret-123" });
    await postJson("/api/auth/sign-in/magic-link", { email });
    const response = await request("/dev/mailbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const magic = html.indexOf("Your Undertone login link");
    const verification = html.indexOf("please verify your email");
    expect(magic).toBeGreaterThan(-1);
    expect(verification).toBeGreaterThan(magic); // newest first
    expect(html).toMatch(/<a href="http:\/\/localhost:5173\/auth\/callback\?token_hash=[^"]+&amp;type=magiclink">/);

    const filtered = await (await request(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    expect(filtered.match(/data-testid="mail"/g)).toHaveLength(2);
  });

  it("escapes what people typed", async () => {
    await sendEmail(env, db, { ...message("xss@example.com"), subject: "<script>alert(1)</script>" });
    const html = await (await request("/dev/mailbox")).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("does not exist in production: a plain 404, not JSON, not the mail", async () => {
    const response = await requestWithEnv("/dev/mailbox", { APP_ENV: "production" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).toBe("Not found");
    const api = await requestWithEnv("/api/dev/emails", { APP_ENV: "production" });
    expect(api.status).toBe(404);
  });
});
