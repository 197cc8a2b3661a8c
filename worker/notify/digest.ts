import { eq, inArray } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { digestRuns, organizations } from "../db/schema";
import { teamInsights } from "../insights/service";
import type { AppConfig } from "../lib/config";
import { RANGE_WEEKS } from "../shared/insights";
import { WEEK_MS } from "../shared/time";
import type { ChannelContext } from "./channels/channel";
import { targetsFor } from "./channels/index";
import { type DigestInput, digestChannelMessage, digestMessage } from "./digest-message";
import { deliveryId, enqueueSends, type NotifyQueue } from "./enqueue";
import type { NoticeRenderer } from "./notices";
import { appOrigin, organizationAdmins, organizationFacts } from "./recipients";
import { digestDue, digestWeek, timeZoneOrDefault } from "./time-zone";

/**
 * The weekly digest: built from the same aggregates as the Overview (the last 4 weeks,
 * cards compared week over week), sent Monday 08:00 in the organization's time zone to
 * every Admin who has not turned emails off, and to the Slack channel (team figures only).
 */
export async function buildDigest(
  db: Database,
  config: AppConfig,
  organizationId: string,
  now: number,
): Promise<{ input: DigestInput; weekOf: string; weekKey: string } | null> {
  const organization = await organizationFacts(db, organizationId);
  if (!organization) return null;
  const insights = await teamInsights(db, organizationId, "4w", { now });
  const origin = appOrigin(config);
  const open = insights.alerts.items.filter((a) => a.status !== "resolved");
  const weekAgo = now - WEEK_MS;
  const week = digestWeek(now, organization.timeZone);
  const input: DigestInput = {
    organizationName: organization.name,
    weekOf: week.monday,
    participation: insights.participation,
    participationWeeks: RANGE_WEEKS[insights.range],
    pillars: insights.pillars,
    newAlerts: open.filter((a) => Date.parse(a.createdAt) >= weekAgo),
    openAlerts: open.filter((a) => Date.parse(a.createdAt) < weekAgo),
    blockers: insights.blockers,
    coaching: insights.coaching,
    dashboardUrl: `${origin}/dashboard`,
    personUrl: (memberId) => `${origin}/dashboard/team/${encodeURIComponent(memberId)}`,
  };
  return { input, weekOf: week.monday, weekKey: week.weekKey };
}

export async function fanOutDigest(
  queue: NotifyQueue,
  ctx: ChannelContext,
  input: { organizationId: string; weekKey: string; at: number },
): Promise<number> {
  const admins = await organizationAdmins(ctx.db, input.organizationId);
  const { found, error } = await targetsFor(ctx, { purpose: "digest", organizationId: input.organizationId, admins });
  const enqueued = await enqueueSends(
    queue,
    ctx.db,
    found.map(({ channel, target: { key, ...target } }) => ({
      delivery: {
        id: deliveryId(`digest:${input.organizationId}:${input.weekKey}`, channel, key),
        organizationId: input.organizationId,
        kind: "digest",
        channel,
        target,
        label: `Weekly digest ${input.weekKey}`,
      },
      notice: { kind: "digest", weekKey: input.weekKey, at: input.at },
    })),
  );
  // A channel that could not answer: the queue retries the fan-out for it.
  if (error) throw error;
  return enqueued;
}

/** The digest of the week the cron saw (`at`), built again for each delivery when it is sent. */
export const renderDigest: NoticeRenderer<"digest"> = async ({ db, config, organizationId }, notice, audience) => {
  const digest = await buildDigest(db, config, organizationId, notice.at);
  if (!digest) return { notSent: "The organization is gone." };
  return audience === "group" ? digestChannelMessage(digest.input) : digestMessage(digest.input);
};

/**
 * The cron's digest step: every active organization whose Monday 08:00 has come (within the
 * day) gets its week's digest enqueued once — the digest_runs row is the "once".
 */
export async function runDigests(options: {
  db: Database;
  /** The organization's shard, where its digest_runs row is kept (worker/db/shards.ts). */
  shardFor: (organizationId: string) => Promise<Database>;
  queue: NotifyQueue;
  now: number;
}): Promise<number> {
  const { queue, now } = options;
  const orgs = await platformOf(options.db)
    .select({ id: organizations.id, timeZone: organizations.timeZone })
    .from(organizations)
    .where(inArray(organizations.status, ["active", "trial"]));
  let enqueued = 0;
  for (const org of orgs) {
    const due = digestDue(now, timeZoneOrDefault(org.timeZone));
    if (!due) continue;
    const db = await options.shardFor(org.id);
    const inserted = await db
      .insert(digestRuns)
      .values({ id: `${org.id}:${due.weekKey}`, organizationId: org.id, weekKey: due.weekKey })
      .onConflictDoNothing()
      .returning({ id: digestRuns.id });
    if (inserted.length === 0) continue;
    try {
      await queue.send(
        { type: "digest", organizationId: org.id, weekKey: due.weekKey, at: now },
        { contentType: "json" },
      );
      enqueued++;
    } catch (error) {
      // Not enqueued: forget the run so the next cron tries again.
      await db.delete(digestRuns).where(eq(digestRuns.id, `${org.id}:${due.weekKey}`));
      throw error;
    }
  }
  return enqueued;
}
