import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { riskAlerts, sentimentScores, teamMembers, userChallenges } from "../db/schema";
import { type AlertSignal, alertCountMessage, alertMessage } from "./alert-message";
import type { ChannelContext } from "./channels/channel";
import { targetsFor } from "./channels/index";
import { deliveryId, enqueueSends, type NotifyQueue } from "./enqueue";
import type { NoticeRenderer } from "./notices";
import { appOrigin, organizationAdmins, organizationFacts } from "./recipients";

/**
 * A completed check-in's urgent and high alerts, fanned out to every channel's targets
 * (email: each Admin who chose "immediately"; Slack: the organization's channel). Keys are
 * per check-in (`alert:{checkInId}:{channel}[:{admin}]`): the message can arrive twice, the
 * Admin hears once. The words are rendered when each delivery is sent (`renderAlert`).
 */
async function urgentSignals(db: Database, organizationId: string, checkInId: string) {
  const rows = await db
    .select({ category: riskAlerts.category, priority: riskAlerts.priority, teamMemberId: riskAlerts.teamMemberId })
    .from(riskAlerts)
    .where(
      and(
        eq(riskAlerts.organizationId, organizationId),
        eq(riskAlerts.checkInId, checkInId),
        inArray(riskAlerts.priority, ["urgent", "high"]),
      ),
    );
  return rows.map((row) => ({
    teamMemberId: row.teamMemberId,
    signal: { category: row.category, priority: row.priority as AlertSignal["priority"] },
  }));
}

export async function fanOutAlerts(
  queue: NotifyQueue,
  ctx: ChannelContext,
  input: { organizationId: string; checkInId: string },
): Promise<number> {
  const signals = await urgentSignals(ctx.db, input.organizationId, input.checkInId);
  if (signals.length === 0) return 0;
  const admins = await organizationAdmins(ctx.db, input.organizationId);
  const { found, error } = await targetsFor(ctx, { purpose: "alert", organizationId: input.organizationId, admins });
  const label = signals.some((s) => s.signal.priority === "urgent") ? "Urgent alert" : "High alert";
  const enqueued = await enqueueSends(
    queue,
    ctx.db,
    found.map(({ channel, target: { key, ...target } }) => ({
      delivery: {
        id: deliveryId(`alert:${input.checkInId}`, channel, key),
        organizationId: input.organizationId,
        kind: "alert",
        channel,
        target,
        label,
      },
      notice: { kind: "alert", checkInId: input.checkInId },
    })),
  );
  // A channel that could not answer: the queue retries the fan-out for it.
  if (error) throw error;
  return enqueued;
}

/** The alert's words for one delivery: everything for an Admin, only the count for a channel. */
export const renderAlert: NoticeRenderer<"alert"> = async ({ db, config, organizationId }, notice, audience) => {
  const signals = await urgentSignals(db, organizationId, notice.checkInId);
  const memberId = signals[0]?.teamMemberId;
  const organization = await organizationFacts(db, organizationId);
  if (!memberId || !organization) return { notSent: "The alert is gone." };
  const origin = appOrigin(config);
  if (audience === "group") {
    return alertCountMessage({
      organizationName: organization.name,
      signals: signals.map((s) => s.signal),
      dashboardUrl: `${origin}/dashboard`,
    });
  }
  const [[member], [scores], themes] = await Promise.all([
    db
      .select({ firstName: teamMembers.firstName, lastName: teamMembers.lastName })
      .from(teamMembers)
      .where(and(eq(teamMembers.id, memberId), eq(teamMembers.organizationId, organizationId))),
    db
      .select({
        morale: sentimentScores.morale,
        confidence: sentimentScores.confidence,
        stress: sentimentScores.stress,
      })
      .from(sentimentScores)
      .where(and(eq(sentimentScores.checkInId, notice.checkInId), eq(sentimentScores.organizationId, organizationId))),
    db
      .select({ theme: userChallenges.theme })
      .from(userChallenges)
      .where(and(eq(userChallenges.checkInId, notice.checkInId), eq(userChallenges.organizationId, organizationId))),
  ]);
  if (!member) return { notSent: "The salesperson is gone." };
  return alertMessage({
    personName: `${member.firstName} ${member.lastName}`.trim(),
    organizationName: organization.name,
    signals: signals.map((s) => s.signal),
    scores: scores ?? null,
    themes: themes.map((t) => t.theme),
    personUrl: `${origin}/dashboard/team/${encodeURIComponent(memberId)}`,
  });
};
