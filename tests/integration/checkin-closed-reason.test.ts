import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { NOT_FOUND_MESSAGE } from "../../worker/checkin/link";
import { MOVE_DISPUTED_ACTION, moveDisputeId } from "../../worker/checkin/move-disputes";
import { recordRevocation } from "../../worker/checkin/revocation";
import { createDb } from "../../worker/db/client";
import { createCheckIn, type TestCheckIn } from "./checkin-helpers";
import { request } from "./helpers";

/**
 * Why an expired check-in's right link is refused: the audit log's rows say it (one read,
 * worker/checkin/closed-reason.ts). The Admin's revoke wins over "This wasn't me" when both
 * were written (the member may dispute a move after the revoke); no row is a plain 404.
 */

const HOUR = 60 * 60 * 1000;

const expiredCheckIn = () => createCheckIn({ status: "expired", expiresInMs: -HOUR });

const revoke = (checkIn: TestCheckIn) =>
  recordRevocation(createDb(env.DB), { id: "admin-1", email: "admin@example.com" }, checkIn);

async function dispute(checkIn: TestCheckIn, move: number) {
  await env.DB.prepare(
    "insert into audit_logs (id, action, target_type, target_id, organization_id) values (?, ?, 'check_in', ?, ?)",
  )
    .bind(moveDisputeId(checkIn.id, move), MOVE_DISPUTED_ACTION, checkIn.id, checkIn.organizationId)
    .run();
}

const open = (checkIn: TestCheckIn) =>
  request(`/api/check-in/${checkIn.id}?token=${encodeURIComponent(checkIn.token)}`);

describe("a closed check-in's link says why", () => {
  // The texts as the spec words them, not the shared table: this pins that they did not change.
  const cases = [
    {
      name: "revoked",
      close: revoke,
      code: "closed_revoked",
      message:
        "Your manager's team withdrew this check-in, so there is nothing more to answer here. Nothing you wrote in it was kept.",
    },
    {
      name: "disputed (two moves said not me)",
      close: async (checkIn: TestCheckIn) => {
        await dispute(checkIn, 1);
        await dispute(checkIn, 2);
      },
      code: "closed_not_me",
      message:
        "This check-in was closed because you told us its move to a new device wasn't you. Nobody can continue it; your manager can send you a new one.",
    },
  ];
  it.each(cases)("$name: 410 $code, with its message", async ({ close, code, message }) => {
    const checkIn = await expiredCheckIn();
    await close(checkIn);
    const answer = await open(checkIn);
    expect(answer.status).toBe(410);
    expect(await answer.json()).toMatchObject({ error: { code, message } });
  });

  it("both rows: the revoke wins", async () => {
    const checkIn = await expiredCheckIn();
    await dispute(checkIn, 1);
    await revoke(checkIn);
    const answer = await open(checkIn);
    expect(answer.status).toBe(410);
    expect(await answer.json()).toMatchObject({ error: { code: "closed_revoked" } });
  });

  it("another check-in's rows say nothing about this one: 404", async () => {
    const checkIn = await expiredCheckIn();
    const other = await expiredCheckIn();
    await revoke(other);
    await dispute(other, 1);
    const answer = await open(checkIn);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { message: NOT_FOUND_MESSAGE } });
  });
});
