import { eq } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { slackInstallations } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { appSecrets } from "../lib/keys";
import type { SlackStatus } from "../shared/notifications";
import { slackConfigured } from "./api";
import { openToken, sealToken } from "./crypto";

/** An organization's Slack installation, with its bot token unsealed for one call. */
export type SlackConnection = typeof slackInstallations.$inferSelect & { token: string };

export async function slackConnection(
  anyDb: Database,
  config: AppConfig,
  organizationId: string,
): Promise<SlackConnection | null> {
  const db = platformOf(anyDb);
  if (!slackConfigured(config)) return null;
  const [row] = await db.select().from(slackInstallations).where(eq(slackInstallations.organizationId, organizationId));
  if (!row) return null;
  const secrets = appSecrets(config);
  const { token, current } = await openToken(secrets, row.botTokenSealed);
  // Sealed under the previous secret (a rotation): sealed again under the current one, so the
  // previous secret can go after one period.
  if (!current) {
    await db
      .update(slackInstallations)
      .set({ botTokenSealed: await sealToken(secrets, token) })
      .where(eq(slackInstallations.organizationId, organizationId));
  }
  return { ...row, token };
}

export async function slackStatus(anyDb: Database, config: AppConfig, organizationId: string): Promise<SlackStatus> {
  const db = platformOf(anyDb);
  const configured = slackConfigured(config);
  const [row] = configured
    ? await db.select().from(slackInstallations).where(eq(slackInstallations.organizationId, organizationId))
    : [];
  return {
    configured,
    connected: Boolean(row),
    teamName: row?.teamName ?? null,
    channelId: row?.channelId ?? null,
    channelName: row?.channelName ?? null,
    channelPrivate: row?.channelPrivate ?? false,
    dmInvitations: row?.dmInvitations ?? false,
    alertDms: row?.alertDms ?? false,
  };
}

/** A new install replaces the organization's previous one (a reinstall, another workspace). */
export async function saveInstallation(
  anyDb: Database,
  config: AppConfig,
  input: {
    organizationId: string;
    teamId: string;
    teamName: string;
    botUserId: string | null;
    token: string;
    installedBy: string;
  },
) {
  const db = platformOf(anyDb);
  const values = {
    teamId: input.teamId,
    teamName: input.teamName,
    botUserId: input.botUserId,
    botTokenSealed: await sealToken(appSecrets(config), input.token),
    channelId: null,
    channelName: null,
    channelPrivate: false,
    installedBy: input.installedBy,
    updatedAt: new Date(),
  };
  await db
    .insert(slackInstallations)
    .values({ organizationId: input.organizationId, ...values })
    .onConflictDoUpdate({ target: slackInstallations.organizationId, set: values });
}
