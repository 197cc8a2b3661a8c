import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ChatClient, createCheckIn, d1Count, objectTables, travel } from "./checkin-helpers";

/**
 * Issue 12, item 11: a check-in revoked while its completion could not reach D1 never
 * becomes scores. The object completed (D1 failing), the Admin revoked it meanwhile, then D1
 * recovers and the object's retry runs: the completion requires the row to be pending.
 */
describe("a completion that lands after the check-in was revoked", () => {
  it("writes nothing: no status change, no messages, scores, real-time rows, blockers or alerts; and stops retrying", async () => {
    const checkIn = await createCheckIn({ durationMinutes: 5 });
    const chat = await ChatClient.open(checkIn);
    await chat.say("I'm stressed and exhausted, and pricing approvals block every deal.");
    // A real D1 failure: a trigger makes the completion batch abort, as an outage would.
    await env.DB.exec(
      "CREATE TRIGGER fail_scores_revoked BEFORE INSERT ON sentiment_scores BEGIN SELECT RAISE(ABORT, 'simulated D1 outage'); END;",
    );
    try {
      await travel(checkIn.id, 5 * 60_000);
      await travel(checkIn.id, 4000);
      await chat.confirmSummary();
      expect((await objectTables(checkIn.id)).pending).toHaveLength(1);
      // The Admin revokes it now (as POST /api/check-ins/:id/revoke writes it).
      await env.DB.prepare("update check_ins set status = 'expired' where id = ? and status = 'pending'")
        .bind(checkIn.id)
        .run();
    } finally {
      await env.DB.exec("DROP TRIGGER IF EXISTS fail_scores_revoked;");
    }
    // D1 is back; the retry runs.
    await travel(checkIn.id, 5000);
    await expect.poll(async () => (await objectTables(checkIn.id)).pending, { timeout: 10_000 }).toEqual([]);
    const row = await env.DB.prepare("select status, completed_at from check_ins where id = ?")
      .bind(checkIn.id)
      .first<{ status: string; completed_at: number | null }>();
    expect(row).toEqual({ status: "expired", completed_at: null });
    for (const table of [
      "check_in_messages",
      "sentiment_scores",
      "real_time_sentiment",
      "user_challenges",
      "risk_alerts",
    ]) {
      expect(await d1Count(table, "check_in_id = ?", checkIn.id), table).toBe(0);
    }
    // Revoked: the object keeps no transcript either.
    await expect.poll(async () => (await objectTables(checkIn.id)).messages, { timeout: 10_000 }).toBe(0);
  });
});
