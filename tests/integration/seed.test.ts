import { describe, expect, it } from "vitest";
import { countRows as count, request, requestWithEnv } from "./helpers";

type SeedBody = { created: boolean; checkInId: string; checkInUrl: string; lines: string[] };

const seed = () => request("/api/dev/seed", { method: "POST" });

describe("POST /api/dev/seed", () => {
  it("seeds the demo organization once, and only a fresh check-in link on later runs", async () => {
    const first = await seed();
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as SeedBody;
    expect(firstBody.created).toBe(true);
    expect(firstBody.checkInUrl).toMatch(/^http:\/\/localhost\/check-in\/[\w-]{16}\?token=[\w-]{43}$/);

    const tables = ["organizations", "user", "team_members", "sentiment_scores", "real_time_sentiment", "risk_alerts"];
    const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
    expect(before).toMatchObject({ organizations: 1, user: 2, team_members: 6 });
    expect(before.sentiment_scores).toBeGreaterThanOrEqual(30);
    expect(before.real_time_sentiment).toBe((before.sentiment_scores ?? 0) * 5);
    expect(before.risk_alerts).toBeGreaterThanOrEqual(2);

    const second = await seed();
    const secondBody = (await second.json()) as SeedBody;
    expect(secondBody.created).toBe(false);
    expect(secondBody.checkInId).not.toBe(firstBody.checkInId);
    const after = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
    expect(after).toEqual(before);
    // Only the newest demo link stays pending.
    expect(await count("check_ins", "status = 'pending'")).toBe(1);
    expect(await count("check_ins", `id = '${secondBody.checkInId}' and status = 'pending'`)).toBe(1);
  });

  it("does not exist outside development", async () => {
    const organizationsBefore = await count("organizations");
    const response = await requestWithEnv("/api/dev/seed", { APP_ENV: "production" }, { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    expect(await count("organizations")).toBe(organizationsBefore);
  });
});

describe("the demo operator's second factor (issue 25 §4)", () => {
  it("prints a base32 secret with which a standard TOTP code opens the console; the demo Admin has none", async () => {
    const body = (await (await seed()).json()) as SeedBody & { operatorTotpSecret: string };
    const line = body.lines.find((l) => l.includes("base32 secret"));
    const secret = line?.match(/base32 secret: ([A-Z2-7]+)/)?.[1] ?? "";
    expect(secret).toBe(body.operatorTotpSecret);
    const { DEMO_ADMIN, DEMO_OPERATOR } = await import("../../worker/dev/seed");
    const { signInWithTotp, signIn, requestAs } = await import("./auth-helpers");
    const { response, cookie } = await signInWithTotp(DEMO_OPERATOR.email, DEMO_OPERATOR.password, secret);
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await requestAs({ cookie }, "/api/admin/stats")).status).toBe(200);
    // Stored encrypted, like every secret better-auth keeps.
    expect(await count("two_factor", `secret like '%${secret}%'`)).toBe(0);

    const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await admin.response.json()).toMatchObject({ user: { email: DEMO_ADMIN.email } });
  });
});
