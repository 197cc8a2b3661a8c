import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { changeCheckInStatus } from "../db/check-in-status";
import { type Database, platformOf } from "../db/client";
import { auditLogs, checkIns, organizations } from "../db/schema";
import type { AppEnv } from "../lib/app-env";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { appSecrets } from "../lib/keys";
import { log } from "../lib/log";
import { clientIp } from "../lib/rate-limit";
import { zv } from "../lib/validate";
import { type NotMeInfo, type NotMeLink, notMeLinkSchema } from "../shared/checkin-protocol";
import { originAllowed } from "./link";
import { MOVE_DISPUTED_ACTION, moveDisputed, moveDisputeId } from "./move-disputes";
import { checkNotMeLink } from "./not-me-link";

/**
 * "This wasn't me", from the email a move sends (README → Chat ownership). The GET is read
 * only: the page shows what the link would do and asks (a mail scanner opening the link
 * changes nothing). The POST, from the page's button, closes the chat on every device — D1
 * says expired, the object ends it as a revoke does, with its own reason — and writes the
 * operator's alert into the audit log (`check_in.move_disputed`, once per move). A forged
 * link gets 403 and an old one 410, before anything is read or changed. `c.var.db` is the
 * shard the check-in's id names (routes.ts); the audit log and the organization's name are
 * the platform's (worker/db/shards.ts).
 */

const INVALID_LINK = "This link is not valid. Use the link from the email exactly as it arrived.";
const EXPIRED_LINK = "This link has expired: it works for 7 days after the move.";

async function checkedLink(secrets: ReturnType<typeof appSecrets>, id: string, link: NotMeLink) {
  const checked = await checkNotMeLink(secrets, id, link, Date.now());
  if (!checked.ok) {
    throw checked.reason === "forged"
      ? new ApiError(403, "invalid_link", INVALID_LINK)
      : new ApiError(410, "link_expired", EXPIRED_LINK);
  }
  return checked;
}

async function checkInOf(db: Database, id: string) {
  const [row] = await db
    .select({ id: checkIns.id, status: checkIns.status, organizationId: checkIns.organizationId })
    .from(checkIns)
    .where(eq(checkIns.id, id));
  // A signed link to a check-in since removed (its member was deleted).
  if (!row) throw notFound("Check-in not found or already completed");
  return row;
}

async function organizationNameOf(db: Database, organizationId: string): Promise<string> {
  const [row] = await platformOf(db)
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound("Check-in not found or already completed");
  return row.name;
}

export const notMeRoutes = new Hono<AppEnv>()
  .get("/:id/not-me", zv("query", notMeLinkSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    const id = c.req.param("id");
    const checked = await checkedLink(appSecrets(c.var.config), id, c.req.valid("query"));
    const checkIn = await checkInOf(c.var.db, id);
    const [organizationName, disputed] = await Promise.all([
      organizationNameOf(c.var.db, checkIn.organizationId),
      moveDisputed(c.var.db, id),
    ]);
    const info: NotMeInfo = {
      organizationName,
      movedAt: checked.movedAt,
      state: checkIn.status === "pending" ? "open" : disputed ? "closed" : "ended",
    };
    return c.json(info);
  })
  .post("/:id/not-me", zv("json", notMeLinkSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    if (!originAllowed(c.req.raw, c.env)) throw forbidden("Cross-origin requests are not allowed");
    const { db } = c.var;
    const id = c.req.param("id");
    const checked = await checkedLink(appSecrets(c.var.config), id, c.req.valid("json"));
    const checkIn = await checkInOf(db, id);
    const now = Date.now();
    // The operator's alert (once per move: its id is the move's) in the platform's audit log,
    // then the closing in the check-in's shard: two databases, so two writes, alert first. Both
    // are idempotent, so a failure between them is mended by the member's retry.
    const alerted = await platformOf(db)
      .insert(auditLogs)
      .values({
        id: moveDisputeId(id, checked.move),
        actorUserId: null,
        actorEmail: null,
        action: MOVE_DISPUTED_ACTION,
        targetType: "check_in",
        targetId: id,
        organizationId: checkIn.organizationId,
        details: { move: checked.move, movedAt: checked.movedAt, wasOpen: checkIn.status === "pending" },
        ipAddress: clientIp(c.req.raw),
        createdAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ id: auditLogs.id });
    const closed = await changeCheckInStatus(db, eq(checkIns.id, id), {
      status: "expired",
      expiresAt: sql`min(${checkIns.expiresAt}, ${now})`,
    }).returning({ id: checkIns.id });
    if (alerted.length > 0) {
      log("warn", "check_in_move_disputed", { checkInId: id, organizationId: checkIn.organizationId });
    }
    if (closed.length > 0) {
      try {
        await c.env.CHECKIN_SESSION.getByName(id).closeNotMe();
      } catch (error) {
        // D1 already says expired, so no device can reconnect; at worst an open socket lingers.
        log("warn", "check_in_not_me_unsent", { checkInId: id, error });
      }
    }
    const disputedClosed = closed.length > 0 || (checkIn.status === "expired" && (await moveDisputed(db, id)));
    return c.json({ closed: closed.length > 0, state: disputedClosed ? "closed" : "ended" } as const);
  });
