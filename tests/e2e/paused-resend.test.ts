import { describe, expect, test } from "vitest";
import { api, createVerifiedAdmin, loginAs, randomClientIp, signedInCookie } from "./auth.ts";
import { browserSuite } from "./browser.ts";

/**
 * A paused member gets no emails (reminders skip them; the API refuses a resend): their open
 * check-in offers no Resend on the Team page or their own page, only the reason.
 */
const { newPage, origin } = browserSuite();

describe("a paused member's open check-in", () => {
  test("shows why it cannot be resent instead of a Resend button", async () => {
    const admin = await createVerifiedAdmin(origin);
    const cookie = await signedInCookie(origin, admin);
    const added = await api(origin, "/api/team-members", {
      body: { firstName: "Paula", lastName: "Paused", email: `paula-${Date.now()}@paused.example` },
      cookie,
    });
    expect(added.status).toBe(201);
    const { member } = (await added.json()) as { member: { id: string } };
    expect((await api(origin, "/api/check-ins", { body: { teamMemberId: member.id }, cookie })).status).toBe(201);
    const paused = await api(origin, `/api/team-members/${member.id}`, {
      method: "PATCH",
      body: { status: "inactive" },
      cookie,
    });
    expect(paused.status).toBe(200);

    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await loginAs(page, admin.email, admin.password);
      for (const path of ["/dashboard/team", `/dashboard/team/${member.id}`]) {
        await page.goto(path);
        const list = page.getByTestId("check-ins");
        await list.getByTestId("check-in-status").first().waitFor();
        expect(await list.getByRole("button", { name: "Resend" }).count(), path).toBe(0);
        expect(await list.getByTestId("resend-paused").textContent(), path).toBe("Paused: resume Paula to resend");
        // Revoking stays possible.
        expect(await list.getByRole("button", { name: "Revoke" }).count(), path).toBe(1);
      }
    } finally {
      await context.close();
    }
  });
});
