import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { riskAlerts, sentimentScores, teamMembers, userChallenges } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { slackConnection } from "../slack/installation";
import { type AlertSignal, alertContent } from "./alert-email";
import { enqueueSends, type NotifyQueue } from "./enqueue";
import type { DeliveryRef } from "./messages";
import { appOrigin, organizationAdmins, organizationFacts } from "./recipients";

/**
 * A completed check-in's urgent and high alerts, fanned out: one email per admin who chose
 * "immediately", one post in the organization's Slack channel. Keys are per check-in
 * (`alert:{checkInId}:…`): the message can arrive twice, the manager hears once.
 */
export async function fanOutAlerts(
  queue: NotifyQueue,
  db: Database,
  config: AppConfig,
  input: { organizationId: string; checkInId: string },
): Promise<number> {
  const alerts = await db
    .select({ category: riskAlerts.category, priority: riskAlerts.priority, teamMemberId: riskAlerts.teamMemberId })
    .from(riskAlerts)
    .where(
      and(
        eq(riskAlerts.organizationId, input.organizationId),
        eq(riskAlerts.checkInId, input.checkInId),
        inArray(riskAlerts.priority, ["urgent", "high"]),
      ),
    );
  const memberId = alerts[0]?.teamMemberId;
  if (!memberId) return 0;
  const [[member], [scores], themes, organization] = await Promise.all([
    db
      .select({ firstName: teamMembers.firstName, lastName: teamMembers.lastName })
      .from(teamMembers)
      .where(and(eq(teamMembers.id, memberId), eq(teamMembers.organizationId, input.organizationId))),
    db
      .select({
        morale: sentimentScores.morale,
        confidence: sentimentScores.confidence,
        stress: sentimentScores.stress,
      })
      .from(sentimentScores)
      .where(eq(sentimentScores.checkInId, input.checkInId)),
    db
      .select({ theme: userChallenges.theme })
      .from(userChallenges)
      .where(eq(userChallenges.checkInId, input.checkInId)),
    organizationFacts(db, input.organizationId),
  ]);
  if (!member || !organization) return 0;

  const personName = `${member.firstName} ${member.lastName}`.trim();
  const content = alertContent({
    personName,
    organizationName: organization.name,
    signals: alerts.map((a) => ({ category: a.category, priority: a.priority as AlertSignal["priority"] })),
    scores: scores ?? null,
    themes: themes.map((t) => t.theme),
    personUrl: `${appOrigin(config)}/dashboard/team/${encodeURIComponent(memberId)}`,
  });
  const base = { organizationId: input.organizationId, kind: "alert" as const, label: content.subject.slice(0, 200) };
  const deliveries: DeliveryRef[] = (await organizationAdmins(db, input.organizationId))
    .filter((admin) => admin.mode === "immediately")
    .map((admin) => ({
      ...base,
      id: `alert:${input.checkInId}:email:${admin.id}`,
      route: "email",
      recipient: admin.email,
    }));
  const slack = await slackConnection(db, config, input.organizationId);
  if (slack?.channelId) {
    deliveries.push({ ...base, id: `alert:${input.checkInId}:slack`, route: "slack", recipient: slack.channelId });
  }
  return enqueueSends(
    queue,
    db,
    deliveries.map((delivery) => ({ delivery, content })),
  );
}
