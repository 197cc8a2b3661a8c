import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { publicOrigin } from "../auth/auth";
import { storedAlertText } from "../db/alert-text";
import { checkIns, riskAlerts } from "../db/schema";
import { dbForCheckIn } from "../db/shards";
import { sendEmail } from "../email/send";
import type { AppEnv } from "../lib/app-env";
import { ApiError, badRequest, forbidden, tooManyRequests } from "../lib/errors";
import { appSecrets } from "../lib/keys";
import { hitRateLimit, type RateLimitRule, rateLimitAddress } from "../lib/rate-limit";
import { zv } from "../lib/validate";
import { reachOutAlert } from "../scoring/risk";
import {
  type CheckInInfo,
  claimRequestSchema,
  HANDOVER_GONE_MESSAGE,
  type HandoverResponse,
  handoverRequestSchema,
  NO_EMAIL_FRESH_LINK_MESSAGE,
  OPEN_ELSEWHERE_CODE,
  OPEN_ELSEWHERE_MESSAGE,
  type OpenElsewhere,
  type OwnerDevice,
} from "../shared/checkin-protocol";
import { deliveryOf, sendable } from "./delivery";
import {
  attemptSecret,
  CLAIM_PARAM,
  DEVICE_HEADER,
  deviceCookie,
  deviceKindOf,
  deviceSecretOf,
  hashDeviceSecret,
  newDeviceSecret,
} from "./device";
import { freshLinkEmail } from "./fresh-link-email";
import { INIT_HEADER } from "./init";
import { type CheckInRecord, checkInForLink, isOpen, MISSING_MESSAGE, originAllowed, sessionInit } from "./link";
import { sendMovedEmail } from "./move-notice";
import { notMeRoutes } from "./not-me-routes";
import { checkInPath } from "./token";

/**
 * The public check-in routes: the read-only GET, the claim ("Start my check-in"), the fresh
 * link, the WebSocket and reach-out. Each checks the link first (./link.ts), before any
 * Durable Object is addressed.
 */
/** Fresh links asked for one check-in from one address (an IPv6 /64) per hour. */
const FRESH_LINK_RULE: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };
const FRESH_LINK_TOO_MANY = "No more fresh links can be sent for this check-in from here just now.";
/** A salesperson may still ask for their manager to reach out this long after completing. */
const REACH_OUT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The page's view of an open check-in; `owner` only for the browser that owns it. */
function infoOf(record: CheckInRecord, owner: OwnerDevice | null): CheckInInfo {
  return {
    id: record.id,
    firstName: record.firstName,
    durationMinutes: record.durationMinutes,
    expiresAt: record.expiresAt.getTime(),
    organizationName: record.organizationName,
    ...(owner ? { device: owner } : {}),
  };
}

/** 409 open_elsewhere: when and on what, and whether a fresh link can be emailed (not to a handed-over link). */
function openElsewhere(
  record: CheckInRecord,
  owner: OwnerDevice,
  claimRefused: boolean,
  handover: { movedAt: number } | null = null,
): ApiError {
  const details: OpenElsewhere = {
    owner,
    freshLink: record.deliveryRoute !== "handover",
    ...(claimRefused ? { claimRefused } : {}),
    ...(handover ? { handover } : {}),
  };
  return new ApiError(409, OPEN_ELSEWHERE_CODE, OPEN_ELSEWHERE_MESSAGE, details);
}

async function hashOrNull(secret: string | null | undefined): Promise<string | null> {
  return secret ? hashDeviceSecret(secret) : null;
}

export const checkInRoutes = new Hono<AppEnv>()
  // The tenant seam for a link: the check-in's id names its shard (worker/db/shards.ts).
  .use("/:id/*", async (c, next) => {
    c.set("db", dbForCheckIn(c.env, c.req.param("id")));
    await next();
  })
  .use("/:id", async (c, next) => {
    c.set("db", dbForCheckIn(c.env, c.req.param("id")));
    await next();
  })
  .get("/", () => {
    throw badRequest(MISSING_MESSAGE);
  })
  .get("/:id", async (c) => {
    // Read only (README → Chat ownership): a mail scanner or a preview that opens the link,
    // even in a headless browser that runs the page, claims nothing and sets nothing.
    c.header("Cache-Control", "no-store");
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen);
    const view = await c.env.CHECKIN_SESSION.getByName(record.id).viewOwner(
      await hashOrNull(deviceSecretOf(c.req.raw)),
    );
    if (view.state === "elsewhere") throw openElsewhere(record, view.owner, false, view.handover);
    const info = infoOf(record, view.state === "owner" ? view.owner : null);
    return c.json(view.tabsFull ? { ...info, tabsFull: true } : info);
  })
  .post("/:id/claim", zv("json", claimRequestSchema), async (c) => {
    // "Start my check-in": the first browser to claim owns the chat; the same browser claiming
    // again (its cookie, or the page's attempt when the first answer was lost) is answered the same.
    c.header("Cache-Control", "no-store");
    if (!originAllowed(c.req.raw, c.env)) throw forbidden("Cross-origin requests are not allowed");
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen, {
      mayStart: true,
    });
    const body = c.req.valid("json");
    const cookieSecret = deviceSecretOf(c.req.raw) ?? newDeviceSecret();
    const attempt = body.attempt ? await attemptSecret(appSecrets(c.var.config), record.id, body.attempt) : null;
    const claimed = await c.env.CHECKIN_SESSION.getByName(record.id).claimChat(sessionInit(record), {
      cookieHash: await hashDeviceSecret(cookieSecret),
      attemptHash: await hashOrNull(attempt),
      kind: deviceKindOf(c.req.header("User-Agent") ?? null),
      claimHash: await hashOrNull(body.claim),
    });
    if (claimed.outcome === "elsewhere") throw openElsewhere(record, claimed.owner, claimed.claimRefused);
    const secret = claimed.by === "attempt" && attempt ? attempt : cookieSecret;
    c.header("Set-Cookie", deviceCookie(record.id, secret, c.req.raw, record.expiresAt.getTime()));
    // Every move tells the member, with "This wasn't me" (move-notice.ts).
    if (claimed.outcome === "claimed" && claimed.move !== undefined && claimed.owner.movedAt !== null) {
      await sendMovedEmail(c.env, c.var.db, c.var.config, c.req.raw, record, {
        number: claimed.move,
        at: claimed.owner.movedAt,
      });
    }
    return c.json(infoOf(record, claimed.owner));
  })
  .post("/:id/handover", zv("json", handoverRequestSchema), async (c) => {
    // The device a fresh link moved the chat away from: "Show it the conversation so far?"
    c.header("Cache-Control", "no-store");
    if (!originAllowed(c.req.raw, c.env)) throw forbidden("Cross-origin requests are not allowed");
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen);
    const secret = deviceSecretOf(c.req.raw);
    const decided = secret
      ? await c.env.CHECKIN_SESSION.getByName(record.id).decideHandover(
          await hashDeviceSecret(secret),
          c.req.valid("json").approve,
        )
      : "none";
    if (decided === "none") throw new ApiError(409, "no_handover", HANDOVER_GONE_MESSAGE);
    const body: HandoverResponse = { approved: decided === "approved" };
    return c.json(body);
  })
  .post("/:id/fresh-link", async (c) => {
    // Lost the browser that owns the chat: a fresh link to the check-in's own address moves it.
    const token = c.req.query("token");
    const { db } = c.var;
    const record = await checkInForLink(db, c.req.raw, c.req.param("id"), token, isOpen);
    // The address stored when the check-in was created; a handed-over link has none.
    const to = sendable(await deliveryOf(db, record));
    if (to === null) throw new ApiError(409, "no_email", NO_EMAIL_FRESH_LINK_MESSAGE);
    // Counted per asking address too, so one network cannot mail the member without end.
    const perAddress = await hitRateLimit(
      db,
      `fresh-link:${record.id}:${rateLimitAddress(c.req.raw)}`,
      FRESH_LINK_RULE,
    );
    if (!perAddress.allowed) throw tooManyRequests(FRESH_LINK_TOO_MANY);
    // Limits count per asking browser (its cookie, set here if it has none): someone else
    // holding the link cannot use up the member's own fresh links.
    const existing = deviceSecretOf(c.req.raw);
    const requester = existing ?? newDeviceSecret();
    if (!existing) c.header("Set-Cookie", deviceCookie(record.id, requester, c.req.raw, record.expiresAt.getTime()));
    const claim = newDeviceSecret();
    const issued = await c.env.CHECKIN_SESSION.getByName(record.id).issueFreshLink(
      await hashDeviceSecret(requester),
      await hashDeviceSecret(claim),
    );
    if (!issued.ok) {
      if (issued.reason === "unowned")
        throw new ApiError(
          409,
          "not_open",
          "This check-in has not been started on any device yet: just open your link.",
        );
      throw tooManyRequests(
        issued.reason === "limit"
          ? FRESH_LINK_TOO_MANY
          : "A fresh link was sent a moment ago. Please check your email, or try again in a minute.",
      );
    }
    const origin = publicOrigin(c.var.config, c.req.raw);
    const url = `${origin}${checkInPath(record.id, token ?? "")}&${CLAIM_PARAM}=${claim}`;
    const result = await sendEmail(c.env, db, {
      to: to.address,
      ...freshLinkEmail({ firstName: record.firstName, organizationName: record.organizationName, url }),
      kind: "check_in_fresh_link",
      dedupeKey: `check-in-fresh-link:${record.id}:${issued.number}`,
      organizationId: record.organizationId,
    });
    if (result.status === "failed") {
      throw new ApiError(503, "email_failed", "We couldn't send the email just now. Please try again in a minute.");
    }
    return c.json({ sent: true });
  })
  .get("/:id/ws", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      throw new ApiError(426, "upgrade_required", "Expected a WebSocket upgrade");
    }
    if (!originAllowed(c.req.raw, c.env)) throw forbidden("Cross-origin WebSocket connections are not allowed");
    // A browser holding this check-in's device cookie claimed it, so its chat has started: only a
    // socket without one may be the start (the object reads the shard itself if it is wrong).
    const secret = deviceSecretOf(c.req.raw);
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen, {
      mayStart: secret === null,
    });
    const headers: Record<string, string> = {
      Upgrade: "websocket",
      [INIT_HEADER]: JSON.stringify(sessionInit(record)),
    };
    // The object admits the socket only with the owner's device (once the chat is owned).
    if (secret) headers[DEVICE_HEADER] = await hashDeviceSecret(secret);
    const stub = c.env.CHECKIN_SESSION.getByName(record.id);
    return stub.fetch("https://check-in-session/ws", { headers });
  })
  .post("/:id/reach-out", async (c) => {
    // At the end of the chat (or just after it was submitted) the salesperson may ask for contact.
    const record = await checkInForLink(
      c.var.db,
      c.req.raw,
      c.req.param("id"),
      c.req.query("token"),
      (r, now) =>
        isOpen(r, now) ||
        (r.status === "completed" && r.completedAt !== null && now - r.completedAt.getTime() < REACH_OUT_WINDOW_MS),
    );
    const alert = reachOutAlert(`${record.firstName} ${record.lastName}`.trim());
    await c.var.db.batch([
      c.var.db.update(checkIns).set({ reachOutRequested: true }).where(eq(checkIns.id, record.id)),
      c.var.db
        .insert(riskAlerts)
        .values({
          // One per check-in: a second request meets the first on (check_in_id, category), its id.
          organizationId: record.organizationId,
          teamMemberId: record.teamMemberId,
          checkInId: record.id,
          category: alert.category,
          ...storedAlertText(alert),
        })
        .onConflictDoNothing(),
    ]);
    return c.json({ reachOutRequested: true });
  })
  .route("/", notMeRoutes);
