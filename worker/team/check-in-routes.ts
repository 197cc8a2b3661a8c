import { and, desc, eq, gt, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { publicOrigin } from "../auth/auth";
import { type AdminEnv, requireAdmin } from "../auth/middleware";
import { deliveryOf, sendable } from "../checkin/delivery";
import { recordRevocation } from "../checkin/revocation";
import { changeCheckInStatus } from "../db/check-in-status";
import type { Database } from "../db/client";
import { checkIns, teamMembers } from "../db/schema";
import { sendEmail } from "../email/send";
import { ApiError, badRequest, conflict, notFound } from "../lib/errors";
import { log } from "../lib/log";
import { zv } from "../lib/validate";
import {
  type CheckInActionResponse,
  type CheckInListResponse,
  type CreateCheckInResponse,
  checkInListQuerySchema,
  createCheckInSchema,
  idParamSchema,
  PENDING_CHECK_IN_MESSAGE,
  pausedResendRefused,
  SHARE_LINK_REFUSED,
} from "../shared/team";
import { checkInItem, effectiveStatus, emailCheckIn, linkOf, resendDedupeKeyFor } from "./check-ins";
import { organizationName, sendNewCheckIn } from "./send-check-in";

/**
 * /api/check-ins — send a check-in to a member, list the organization's check-ins, resend
 * or revoke one. For a member with an email the link goes to that email only: no answer here
 * carries it or its token (the chat belongs to whoever starts it first, so it must be the
 * member). For a member without an email there is no other way to reach them, so the answers
 * to send and resend carry the link for the Admin to hand over — only then. The list never
 * carries a link, and no route here returns a transcript.
 */

/**
 * After D1 says expired: the audit row that lets the link say "withdrawn" later (revocation.ts),
 * then the chat open in someone's browser ends with the revocation instead of running on to
 * completion (its tabs are told why). The check-in is revoked either way and no reconnect can
 * reopen the chat, so a failure here is logged, not reported: at worst the link reads as
 * expired, or that open chat still completes (and is never scored, persist.ts).
 */
async function afterRevoke(env: Env, db: Database, actor: { id: string; email: string }, checkIn: CheckIn) {
  try {
    await recordRevocation(db, actor, checkIn);
  } catch (error) {
    log("warn", "check_in_revoke_unrecorded", { checkInId: checkIn.id, error });
  }
  try {
    await env.CHECKIN_SESSION.getByName(checkIn.id).revoke();
  } catch (error) {
    log("warn", "check_in_revoke_unsent", { checkInId: checkIn.id, error });
  }
}

type CheckIn = typeof checkIns.$inferSelect;

const CURSOR = /^(\d{1,15})_([\w-]{1,100})$/;

async function ownCheckIn(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select({ checkIn: checkIns, member: teamMembers })
    .from(checkIns)
    .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
    .where(and(eq(checkIns.id, id), eq(checkIns.organizationId, organizationId)));
  if (!row) throw notFound("Check-in not found");
  return row;
}

export const teamCheckInRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .post("/", zv("json", createCheckInSchema), async (c) => {
    const { db, organizationId, config, user } = c.var;
    const { teamMemberId, sendEmail: shouldEmail = true } = c.req.valid("json");
    const [member] = await db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.id, teamMemberId), eq(teamMembers.organizationId, organizationId)));
    if (!member) throw notFound("Team member not found");
    // A member with an email gets the link there and only there; one without gets it through the Admin.
    if (!shouldEmail && member.email !== null) throw new ApiError(400, "link_is_emailed", SHARE_LINK_REFUSED);
    if (member.status !== "active") {
      throw conflict(`${member.firstName} is paused. Resume them on the Team page to send a check-in.`);
    }

    const origin = publicOrigin(config, c.req.raw);
    const sent = await sendNewCheckIn(c.env, db, config, {
      organizationId,
      organizationName: await organizationName(db, organizationId),
      member,
      createdBy: user.id,
      origin,
      sendEmail: true,
    });
    if (!sent) throw new ApiError(409, "check_in_pending", PENDING_CHECK_IN_MESSAGE);
    const body: CreateCheckInResponse = {
      id: sent.id,
      expiresAt: new Date(sent.expiresAt).toISOString(),
      email: sent.email,
      // Only for a member without an email (sendNewCheckIn sets it only then).
      ...(sent.url ? { url: sent.url } : {}),
    };
    return c.json(body, 201);
  })
  .get("/", zv("query", checkInListQuerySchema), async (c) => {
    const { db, organizationId } = c.var;
    const query = c.req.valid("query");
    const now = Date.now();
    const filters: (SQL | undefined)[] = [eq(checkIns.organizationId, organizationId)];
    if (query.status === "pending")
      filters.push(and(eq(checkIns.status, "pending"), gt(checkIns.expiresAt, new Date(now))));
    if (query.status === "completed") filters.push(eq(checkIns.status, "completed"));
    if (query.status === "expired") {
      filters.push(
        or(eq(checkIns.status, "expired"), and(eq(checkIns.status, "pending"), lte(checkIns.expiresAt, new Date(now)))),
      );
    }
    if (query.teamMemberId) filters.push(eq(checkIns.teamMemberId, query.teamMemberId));
    if (query.cursor) {
      const match = CURSOR.exec(query.cursor);
      if (!match) throw badRequest("cursor is not valid; use the nextCursor of the previous page");
      const createdAt = new Date(Number(match[1]));
      const id = match[2] ?? "";
      filters.push(or(lt(checkIns.createdAt, createdAt), and(eq(checkIns.createdAt, createdAt), lt(checkIns.id, id))));
    }
    const rows = await db
      .select({ checkIn: checkIns, member: teamMembers })
      .from(checkIns)
      .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
      .where(and(...filters))
      .orderBy(desc(checkIns.createdAt), desc(checkIns.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const body: CheckInListResponse = {
      items: page.map(({ checkIn, member }) => checkInItem(checkIn, member, now)),
      nextCursor: rows.length > query.limit && last ? `${last.checkIn.createdAt.getTime()}_${last.checkIn.id}` : null,
    };
    return c.json(body);
  })
  .post("/:id/resend", zv("param", idParamSchema), async (c) => {
    const { db, organizationId, config } = c.var;
    const { checkIn, member } = await ownCheckIn(db, organizationId, c.req.valid("param").id);
    // Paused: no emails reach them (reminders skip them too), and a handed-over link would
    // restart what the Admin paused. Checked before anything is sent or written.
    if (member.status !== "active") throw new ApiError(409, "member_paused", pausedResendRefused(member.firstName));
    const now = Date.now();
    const status = effectiveStatus(checkIn, now);
    if (status !== "pending") {
      throw conflict(
        status === "completed"
          ? "This check-in is already completed."
          : "This check-in has expired. Send a new one instead.",
      );
    }
    // The link already sent (the stored hash's), to the route and address stored with the check-in.
    const link = await linkOf(db, config, checkIn);
    const to = sendable(await deliveryOf(db, checkIn));
    const origin = publicOrigin(config, c.req.raw);
    // No address: the same link again, for the Admin to hand over (it is derived, never stored).
    const result =
      to === null
        ? null
        : await emailCheckIn((message) => sendEmail(c.env, db, message), {
            kind: "invite",
            checkIn,
            link,
            delivery: to,
            firstName: member.firstName,
            organizationId,
            organizationName: await organizationName(db, organizationId),
            origin,
            dedupeKey: await resendDedupeKeyFor(db, checkIn.id, now),
          });
    const [updated] = await db
      .update(checkIns)
      .set({ invitedAt: checkIn.invitedAt ?? new Date(now) })
      .where(eq(checkIns.id, checkIn.id))
      .returning();
    const body: CheckInActionResponse = {
      checkIn: checkInItem(updated ?? checkIn, member, now),
      ...(result === null
        ? { email: "skipped", url: `${origin}${link.path}` }
        : { email: result.status === "failed" ? "failed" : "sent" }),
    };
    return c.json(body);
  })
  .post("/:id/revoke", zv("param", idParamSchema), async (c) => {
    const { db, organizationId } = c.var;
    const { checkIn, member } = await ownCheckIn(db, organizationId, c.req.valid("param").id);
    if (checkIn.status === "completed") throw conflict("This check-in is already completed.");
    const now = new Date();
    const [updated] = await changeCheckInStatus(db, eq(checkIns.id, checkIn.id), {
      status: "expired",
      expiresAt: sql`min(${checkIns.expiresAt}, ${now.getTime()})`,
    }).returning();
    if (updated) await afterRevoke(c.env, db, c.var.user, checkIn);
    const body: CheckInActionResponse = { checkIn: checkInItem(updated ?? checkIn, member, now.getTime()) };
    return c.json(body);
  });
