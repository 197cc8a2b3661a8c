import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cookieHeader, createAdmin, emailedLink, latestEmail, postJson, requestAs } from "./auth-helpers";
import { countRows, request } from "./helpers";

const verifyMagicLink = (token: string) =>
  request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`, { redirect: "manual" });

describe("magic link (spec 1 §7 item 3)", () => {
  it("emails a one-time /auth/callback link that signs an existing user in", async () => {
    const admin = await createAdmin();
    const sent = await postJson("/api/auth/sign-in/magic-link", { email: admin.email });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: true });

    const mail = await latestEmail(admin.email, "magic_link");
    expect(mail?.subject).toBe("Your Undertone login link");
    const link = await emailedLink(admin.email, "magic_link");
    expect(link.url.pathname).toBe("/auth/callback");
    expect(link.type).toBe("magiclink");
    // Only a hash of the token is stored.
    expect(await countRows("verification", `identifier like '%${link.token}%' or value like '%${link.token}%'`)).toBe(
      0,
    );

    const verified = await verifyMagicLink(link.token);
    expect(verified.status).toBe(200);
    const cookie = cookieHeader(verified);
    expect(cookie).toMatch(/better-auth\.session_token=/);
    const me = (await (await requestAs({ cookie }, "/api/me")).json()) as { user: { id: string } };
    expect(me.user.id).toBe(admin.userId);

    // Used once: the same link no longer signs anyone in.
    const replay = await verifyMagicLink(link.token);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/error=INVALID_TOKEN/);
    expect(cookieHeader(replay)).toBe("");
  });

  it("answers an unknown email exactly like a known one, and creates the account on use", async () => {
    const email = `stranger-${Date.now()}@example.com`;
    const sent = await postJson("/api/auth/sign-in/magic-link", { email });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: true });
    expect(await countRows("user", `email = '${email}'`)).toBe(0);

    const { token } = await emailedLink(email, "magic_link");
    const verified = await verifyMagicLink(token);
    expect(verified.status).toBe(200);
    const row = await env.DB.prepare("select role, email_verified, organization_id from user where email = ?")
      .bind(email)
      .first();
    expect(row).toEqual({ role: "Admin", email_verified: 1, organization_id: null });
  });

  it("refuses a made-up token without a session", async () => {
    const response = await verifyMagicLink("not-a-real-token");
    expect(response.status).toBe(302);
    expect(cookieHeader(response)).toBe("");
  });
});
