import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as z from "zod/mini";
import { type AdminEnv, requireAdmin } from "../auth/middleware";
import { slackInstallations } from "../db/schema";
import type { AppEnv } from "../lib/app-env";
import { ApiError, notFound } from "../lib/errors";
import { appSecrets } from "../lib/keys";
import { log } from "../lib/log";
import { parseOrThrow, zv } from "../lib/validate";
import { slackSettingsBodySchema } from "../shared/notifications";
import {
  exchangeCode,
  joinChannel,
  listChannels,
  revokeToken,
  SlackApiError,
  type SlackChannel,
  slackConfigured,
  slackOrigin,
} from "./api";
import { signState, verifySlackSignature, verifyState } from "./crypto";
import { saveInstallation, slackConnection } from "./installation";

/**
 * "Add to Slack" (OAuth v2), the channel picker and Slack's inbound events.
 *
 * - GET /install → Slack's authorize page with a signed, 10-minute `state` naming this
 *   admin and organization; GET /oauth/callback accepts it only for that same signed-in
 *   admin, exchanges the code and stores the bot token sealed, then returns to Settings.
 * - POST /events is Slack calling us: every request must carry Slack's signature over the
 *   raw body (SLACK_SIGNING_SECRET, five-minute window), or it is refused with 401.
 */
// groups:read lists the private channels the app was invited to; im:write opens DMs.
const SCOPES = [
  "chat:write",
  "channels:read",
  "groups:read",
  "channels:join",
  "users:read",
  "users:read.email",
  "im:write",
];
const SETTINGS_PATH = "/dashboard/settings";

function requireConfigured(config: AdminEnv["Variables"]["config"]) {
  if (!slackConfigured(config) || !config.BETTER_AUTH_SECRET || !config.BETTER_AUTH_URL) {
    throw new ApiError(503, "not_configured", "Slack is not configured.");
  }
  return { secrets: appSecrets(config), origin: config.BETTER_AUTH_URL.replace(/\/+$/, "") };
}

const redirectUri = (origin: string) => `${origin}/api/slack/oauth/callback`;
const callbackQuery = z.object({
  code: z.optional(z.string().check(z.maxLength(512))),
  state: z.optional(z.string().check(z.maxLength(1024))),
  error: z.optional(z.string().check(z.maxLength(100))),
});

export const slackRoutes = new Hono<AdminEnv>()
  .get("/install", requireAdmin, async (c) => {
    const { secrets, origin } = requireConfigured(c.var.config);
    const state = await signState(secrets, c.var.organizationId, c.var.user.id, Date.now());
    const url = new URL(`${slackOrigin(c.var.config)}/oauth/v2/authorize`);
    url.searchParams.set("client_id", c.var.config.SLACK_CLIENT_ID ?? "");
    url.searchParams.set("scope", SCOPES.join(","));
    url.searchParams.set("redirect_uri", redirectUri(origin));
    url.searchParams.set("state", state);
    return c.redirect(url.toString(), 302);
  })
  .get("/oauth/callback", requireAdmin, async (c) => {
    const { secrets, origin } = requireConfigured(c.var.config);
    const back = (outcome: string) => c.redirect(`${SETTINGS_PATH}?slack=${outcome}`, 302);
    const query = parseOrThrow(callbackQuery, c.req.query());
    if (query.error) return back("denied");
    const claims = query.state ? await verifyState(secrets, query.state, Date.now()) : null;
    // The state must be this admin's own click, for this organization: no one else's code lands here.
    if (!claims || claims.userId !== c.var.user.id || claims.organizationId !== c.var.organizationId || !query.code) {
      return back("invalid_state");
    }
    try {
      const install = await exchangeCode(c.var.config, query.code, redirectUri(origin));
      await saveInstallation(c.var.platform, c.var.config, {
        organizationId: c.var.organizationId,
        teamId: install.teamId,
        teamName: install.teamName,
        botUserId: install.botUserId,
        token: install.accessToken,
        installedBy: c.var.user.id,
      });
    } catch (error) {
      const code = error instanceof SlackApiError ? error.code : "error";
      log("warn", "slack_install_failed", { code });
      return back("failed");
    }
    return back("connected");
  })
  .get("/channels", requireAdmin, async (c) => {
    const connection = await slackConnection(c.var.platform, c.var.config, c.var.organizationId);
    if (!connection) return c.json({ channels: [] });
    try {
      return c.json({ channels: await listChannels(c.var.config, connection.token) });
    } catch (error) {
      throw new ApiError(502, "slack_unavailable", `Slack did not answer (${slackFailure(error)}). Please try again.`);
    }
  })
  .put("/settings", requireAdmin, zv("json", slackSettingsBodySchema), async (c) => {
    const body = c.req.valid("json");
    const connection = await slackConnection(c.var.platform, c.var.config, c.var.organizationId);
    if (!connection) throw notFound("Slack is not connected.");
    let chosen: SlackChannel | null = null;
    if (body.channelId) {
      try {
        chosen = (await listChannels(c.var.config, connection.token)).find((ch) => ch.id === body.channelId) ?? null;
        if (!chosen) {
          throw new ApiError(
            400,
            "unknown_channel",
            "Choose a public channel, or a private one the app was invited to (/invite @Undertone in that channel).",
          );
        }
        // A public channel is joined; a private one is listed only once the app is in it.
        if (!chosen.isPrivate) await joinChannel(c.var.config, connection.token, chosen.id);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(
          502,
          "slack_unavailable",
          `Slack did not answer (${slackFailure(error)}). Please try again.`,
        );
      }
    }
    await c.var.platform
      .update(slackInstallations)
      .set({
        channelId: chosen?.id ?? null,
        channelName: chosen?.name ?? null,
        channelPrivate: chosen?.isPrivate ?? false,
        dmInvitations: body.dmInvitations,
        alertDms: body.alertDms,
        updatedAt: new Date(),
      })
      .where(eq(slackInstallations.organizationId, c.var.organizationId));
    return c.json({ ok: true as const });
  })
  .delete("/", requireAdmin, async (c) => {
    const connection = await slackConnection(c.var.platform, c.var.config, c.var.organizationId).catch(() => null);
    if (connection) await revokeToken(c.var.config, connection.token);
    await c.var.platform.delete(slackInstallations).where(eq(slackInstallations.organizationId, c.var.organizationId));
    return c.json({ ok: true as const });
  });

const MAX_EVENT_BYTES = 64 * 1024;
const eventSchema = z.object({
  type: z.string(),
  challenge: z.optional(z.string().check(z.maxLength(200))),
  team_id: z.optional(z.string().check(z.maxLength(40))),
  event: z.optional(z.object({ type: z.string() })),
});

/** Slack → us. Signed or refused; url_verification answers its challenge; an uninstall forgets the workspace. */
export const slackEventRoutes = new Hono<AppEnv>().post("/events", async (c) => {
  const signingSecret = c.var.config.SLACK_SIGNING_SECRET;
  if (!signingSecret) throw new ApiError(503, "not_configured", "Slack is not configured.");
  const raw = await c.req.text();
  if (raw.length > MAX_EVENT_BYTES) throw new ApiError(413, "payload_too_large", "The request body is too large.");
  const valid = await verifySlackSignature(
    signingSecret,
    { timestamp: c.req.header("x-slack-request-timestamp"), signature: c.req.header("x-slack-signature") },
    raw,
    Date.now(),
  );
  if (!valid) throw new ApiError(401, "invalid_signature", "The request is not signed by Slack.");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ApiError(400, "bad_request", "Malformed JSON");
  }
  const event = parseOrThrow(eventSchema, json);
  if (event.type === "url_verification") return c.json({ challenge: event.challenge ?? "" });
  const gone = event.event?.type === "app_uninstalled" || event.event?.type === "tokens_revoked";
  if (event.type === "event_callback" && gone && event.team_id) {
    await c.var.platform.delete(slackInstallations).where(and(eq(slackInstallations.teamId, event.team_id)));
  }
  return c.json({ ok: true as const });
});

/** What Slack said, by its code only: shown to the Admin in the 502. */
function slackFailure(error: unknown): string {
  return error instanceof SlackApiError ? error.code : "unreachable";
}
