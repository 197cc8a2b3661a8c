import { env } from "cloudflare:workers";
import { runBatch } from "../../worker/db/batch";
import { createDb } from "../../worker/db/client";
import {
  checkIns,
  organizations,
  riskAlerts,
  sentimentScores,
  subscriptions,
  teamMembers,
  trials,
  user,
  userChallenges,
} from "../../worker/db/schema";
import type { AlertType, UserRole } from "../../worker/shared/domain";

/**
 * A small platform with known numbers, so the console's aggregates can be checked exactly.
 * Every id carries `prefix`, so a test file can build several independent worlds.
 */
export const DAY = 24 * 60 * 60 * 1000;

export function testDb() {
  return createDb(env.DB);
}

type ScoreSpec = { daysAgo: number; morale: number; confidence: number; stress: number; salesStrength: number };

export type OrgSpec = {
  name: string;
  domain?: string;
  industry?: string;
  status?: "active" | "trial" | "inactive" | "suspended";
  tier?: "basic" | "professional" | "enterprise";
  createdDaysAgo: number;
  accounts?: { role: UserRole; createdDaysAgo: number; status?: string; first?: string; last?: string }[];
  members?: { active: boolean; createdDaysAgo: number; jobTitle?: string; region?: string }[];
  scores?: ScoreSpec[];
  pendingCheckIns?: number;
  blockers?: { daysAgo: number }[];
  alerts?: { type: AlertType; status?: "unread" | "read" | "resolved"; daysAgo: number; message?: string }[];
  subscription?: { status: string; salespeople: number };
  trial?: { endsInDays: number };
};

export async function buildPlatform(prefix: string, orgs: OrgSpec[], now = Date.now()) {
  const db = testDb();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const statements = [];
  const ids: Record<string, string> = {};
  for (const [o, org] of orgs.entries()) {
    const orgId = `${prefix}-org-${o}`;
    ids[org.name] = orgId;
    statements.push(
      db.insert(organizations).values({
        id: orgId,
        name: org.name,
        domain: org.domain ?? null,
        industry: org.industry ?? null,
        status: org.status ?? "active",
        subscriptionTier: org.tier ?? "basic",
        createdAt: at(org.createdDaysAgo),
        updatedAt: at(org.createdDaysAgo),
      }),
    );
    for (const [a, account] of (org.accounts ?? []).entries()) {
      const id = `${prefix}-user-${o}-${a}`;
      statements.push(
        db.insert(user).values({
          id,
          name: `${account.first ?? "User"} ${account.last ?? a}`,
          email: `${id}@example.test`,
          emailVerified: true,
          role: account.role,
          firstName: account.first ?? "User",
          lastName: account.last ?? String(a),
          organizationId: orgId,
          status: account.status ?? "Active",
          createdAt: at(account.createdDaysAgo),
          updatedAt: at(account.createdDaysAgo),
        }),
      );
    }
    const memberIds: string[] = [];
    for (const [m, member] of (org.members ?? [{ active: true, createdDaysAgo: org.createdDaysAgo }]).entries()) {
      const id = `${prefix}-tm-${o}-${m}`;
      memberIds.push(id);
      statements.push(
        db.insert(teamMembers).values({
          id,
          organizationId: orgId,
          firstName: "Member",
          lastName: `${o}-${m}`,
          email: `${id}@example.test`,
          jobTitle: member.jobTitle ?? null,
          region: member.region ?? null,
          status: member.active ? "active" : "inactive",
          createdAt: at(member.createdDaysAgo),
          updatedAt: at(member.createdDaysAgo),
        }),
      );
    }
    const memberId = memberIds[0] ?? "";
    for (const [s, score] of (org.scores ?? []).entries()) {
      const checkInId = `${prefix}-ci-${o}-${s}`;
      statements.push(
        db.insert(checkIns).values({
          id: checkInId,
          organizationId: orgId,
          teamMemberId: memberId,
          tokenHash: `hash-${checkInId}`,
          status: "completed",
          expiresAt: at(score.daysAgo - 3),
          completedAt: at(score.daysAgo),
          createdAt: at(score.daysAgo + 1),
        }),
        db.insert(sentimentScores).values({
          organizationId: orgId,
          checkInId,
          teamMemberId: memberId,
          morale: score.morale,
          confidence: score.confidence,
          stress: score.stress,
          salesStrength: score.salesStrength,
          blockers: 50,
          conversationQualityScore: 70,
          recordedAt: at(score.daysAgo),
        }),
      );
    }
    for (let p = 0; p < (org.pendingCheckIns ?? 0); p++) {
      statements.push(
        db.insert(checkIns).values({
          id: `${prefix}-pending-${o}-${p}`,
          organizationId: orgId,
          teamMemberId: memberId,
          tokenHash: `hash-${prefix}-pending-${o}-${p}`,
          status: "pending",
          expiresAt: at(-3),
          createdAt: at(0),
        }),
      );
    }
    for (const [b, blocker] of (org.blockers ?? []).entries()) {
      const checkInId = `${prefix}-ci-${o}-0`;
      statements.push(
        db.insert(userChallenges).values({
          organizationId: orgId,
          checkInId,
          teamMemberId: memberId,
          theme: `Theme ${b}`,
          ownDescription: "Something in the way",
          createdAt: at(blocker.daysAgo),
        }),
      );
    }
    for (const [a, alert] of (org.alerts ?? []).entries()) {
      statements.push(
        // Written as before drizzle/0021 (a stored id, message, type and priority).
        db.insert(riskAlerts).values({
          legacyId: `${prefix}-alert-${o}-${a}`,
          organizationId: orgId,
          teamMemberId: memberId,
          legacyAlertType: alert.type,
          legacyPriority: alert.type === "retention" ? "urgent" : alert.type === "performance" ? "high" : "medium",
          category: `category-${a}`,
          message: alert.message ?? `${org.name} alert ${a}`,
          status: alert.status ?? "unread",
          createdAt: at(alert.daysAgo),
        }),
      );
    }
    if (org.subscription) {
      statements.push(
        db.insert(subscriptions).values({
          id: `${prefix}-sub-${o}`,
          organizationId: orgId,
          currentSalespersonCount: org.subscription.salespeople,
          subscriptionStatus: org.subscription.status,
          createdAt: at(org.createdDaysAgo),
          updatedAt: at(org.createdDaysAgo),
        }),
      );
    }
    if (org.trial) {
      // The organization's insert started its trial (a trigger, drizzle/0012_billing.sql): this
      // one replaces it, chosen.
      const trial = {
        trialStartDate: at(14 - org.trial.endsInDays),
        trialEndDate: at(-org.trial.endsInDays),
        trialStatus: "active",
        chosenAt: at(14 - org.trial.endsInDays),
      };
      statements.push(
        db
          .insert(trials)
          .values({ id: `${prefix}-trial-${o}`, organizationId: orgId, ...trial })
          .onConflictDoUpdate({ target: trials.organizationId, set: trial }),
      );
    }
  }
  await runBatch(db, statements);
  return ids;
}
