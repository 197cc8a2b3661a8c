import type { AppConfig } from "../lib/config";

/**
 * Slack's Web API over fetch: the few methods the app calls, form-encoded as Slack accepts
 * for every method. HTTP 429 and 5xx, and network failures, are transient (the queue
 * retries them); `{ok: false}` names Slack's error code. Tokens go in the Authorization
 * header only and never into an error message.
 */
const SLACK_ORIGIN = "https://slack.com";
const TIMEOUT_MS = 10_000;

export class SlackApiError extends Error {
  constructor(
    readonly code: string,
    readonly transient: boolean,
  ) {
    super(`Slack answered ${code}`);
    this.name = "SlackApiError";
  }
}

export const slackOrigin = (config: AppConfig) => (config.SLACK_BASE_URL ?? SLACK_ORIGIN).replace(/\/+$/, "");

export function slackConfigured(config: AppConfig): boolean {
  return Boolean(config.SLACK_CLIENT_ID && config.SLACK_CLIENT_SECRET && config.SLACK_SIGNING_SECRET);
}

type Params = Record<string, string | undefined>;
type SlackReply = Record<string, unknown> & { ok: boolean; error?: string };

async function call(config: AppConfig, method: string, token: string | null, params: Params): Promise<SlackReply> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) body.set(key, value);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${slackOrigin(config)}/api/${method}`, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new SlackApiError(error instanceof Error && error.name === "TimeoutError" ? "timeout" : "unreachable", true);
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    throw new SlackApiError(`http_${response.status}`, true);
  }
  const reply = (await response.json().catch(() => null)) as SlackReply | null;
  if (!reply || typeof reply.ok !== "boolean") throw new SlackApiError("invalid_response", true);
  if (!reply.ok) {
    const code = typeof reply.error === "string" ? reply.error.slice(0, 80) : "unknown_error";
    throw new SlackApiError(
      code,
      ["ratelimited", "internal_error", "fatal_error", "service_unavailable"].includes(code),
    );
  }
  return reply;
}

const str = (value: unknown) => (typeof value === "string" ? value : null);
const obj = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});

export type SlackInstall = { accessToken: string; teamId: string; teamName: string; botUserId: string | null };

/** oauth.v2.access: the "Add to Slack" code for a bot token. */
export async function exchangeCode(config: AppConfig, code: string, redirectUri: string): Promise<SlackInstall> {
  const reply = await call(config, "oauth.v2.access", null, {
    client_id: config.SLACK_CLIENT_ID,
    client_secret: config.SLACK_CLIENT_SECRET,
    code,
    redirect_uri: redirectUri,
  });
  const accessToken = str(reply.access_token);
  const team = obj(reply.team);
  const teamId = str(team.id);
  if (!accessToken || !teamId) throw new SlackApiError("invalid_response", false);
  return { accessToken, teamId, teamName: str(team.name) ?? teamId, botUserId: str(reply.bot_user_id) };
}

export type SlackChannel = { id: string; name: string; isPrivate: boolean };

/**
 * Channels the app can post to (the first 200, as a picker shows them): every public one,
 * and the private ones it was invited to (Slack lists only those to a bot, with groups:read).
 */
export async function listChannels(config: AppConfig, token: string): Promise<SlackChannel[]> {
  const list = (types: string) =>
    call(config, "conversations.list", token, { types, exclude_archived: "true", limit: "200" });
  const reply = await list("public_channel,private_channel").catch((error: unknown) => {
    // Installed before the app asked for groups:read: its public channels, until it is added again.
    if (error instanceof SlackApiError && error.code === "missing_scope") return list("public_channel");
    throw error;
  });
  const channels = Array.isArray(reply.channels) ? reply.channels : [];
  return channels.flatMap((entry) => {
    const c = obj(entry);
    const id = str(c.id);
    const name = str(c.name);
    return id && name ? [{ id, name, isPrivate: c.is_private === true }] : [];
  });
}

/** The bot joins the chosen public channel so it can post there (a private one must invite it). */
export async function joinChannel(config: AppConfig, token: string, channel: string): Promise<void> {
  await call(config, "conversations.join", token, { channel });
}

/** chat.postMessage to a channel id or, for a direct message, a user id. Returns the message's ts. */
export async function postMessage(
  config: AppConfig,
  token: string,
  message: { channel: string; text: string; blocks?: unknown[] },
): Promise<string | null> {
  const reply = await call(config, "chat.postMessage", token, {
    channel: message.channel,
    text: message.text,
    blocks: message.blocks ? JSON.stringify(message.blocks) : undefined,
    unfurl_links: "false",
  });
  return str(reply.ts);
}

/** users.lookupByEmail: the member's user id, or null when the workspace has no such member. */
export async function lookupUserByEmail(config: AppConfig, token: string, email: string): Promise<string | null> {
  try {
    const reply = await call(config, "users.lookupByEmail", token, { email });
    return str(obj(reply.user).id);
  } catch (error) {
    if (error instanceof SlackApiError && error.code === "users_not_found") return null;
    throw error;
  }
}

/** auth.revoke on disconnect; best effort (the row is deleted either way). */
export async function revokeToken(config: AppConfig, token: string): Promise<void> {
  await call(config, "auth.revoke", token, {}).catch(() => undefined);
}
