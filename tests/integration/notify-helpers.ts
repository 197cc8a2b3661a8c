import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { requestAs, type TestAdmin } from "./auth-helpers";
import type { SlackPost } from "./slack-vars";

/** "Add to Slack" as the browser walks it: our install route → Slack's authorize page → our callback. */
export async function connectSlack(
  admin: TestAdmin,
  channelId: string | null = "C0ALERTS",
  dmInvitations = false,
  alertDms = false,
) {
  const install = await requestAs(admin, "/api/slack/install", { redirect: "manual" });
  expect(install.status).toBe(302);
  const authorize = await fetch(install.headers.get("location") ?? "", { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get("location") ?? "");
  const done = await requestAs(admin, `${back.pathname}${back.search}`, { redirect: "manual" });
  expect(done.headers.get("location")).toBe("/dashboard/settings?slack=connected");
  const saved = await requestAs(admin, "/api/slack/settings", {
    method: "PUT",
    body: JSON.stringify({ channelId, dmInvitations, alertDms }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

export async function slackPosts(): Promise<SlackPost[]> {
  return (await (await fetch(`${env.SLACK_STANDIN_URL}/__posts`)).json()) as SlackPost[];
}

/** A workspace member Slack's users.lookupByEmail finds from now on. */
export async function addSlackMember(email: string, id: string) {
  await fetch(`${env.SLACK_STANDIN_URL}/__members`, { method: "POST", body: JSON.stringify({ email, id }) });
}

/** Posts to a conversation several people read (a channel), not a DM to one user. */
export const channelPosts = async () => (await slackPosts()).filter((p) => p.channel.startsWith("C"));

export async function setSlackDown(down: boolean) {
  await fetch(`${env.SLACK_STANDIN_URL}/__control`, { method: "POST", body: JSON.stringify({ down }) });
}

/** Polls until `check` returns a value (the queue delivers within a few seconds locally). */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting for the queue");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type DeliveryRow = {
  id: string;
  kind: string;
  channel: string;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
};

export function deliveryRow(id: string) {
  return env.DB.prepare("select * from notification_deliveries where id = ?").bind(id).first<DeliveryRow>();
}
