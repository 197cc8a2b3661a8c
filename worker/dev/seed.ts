import { and, eq } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import { checkInPath, hashCheckInToken, newCheckInToken } from "../checkin/token";
import { storedAlertText } from "../db/alert-text";
import { chunkedInserts, runBatch } from "../db/batch";
import { storedBlockerDescription } from "../db/blocker-text";
import { changeCheckInStatus } from "../db/check-in-status";
import type { Database } from "../db/client";
import {
  account,
  checkIns,
  organizations,
  realTimeSentiment,
  riskAlerts,
  sentimentScores,
  subscriptions,
  teamMembers,
  user,
  userChallenges,
} from "../db/schema";
import { assignShard, dbFor, newCheckInId } from "../db/shards";
import { REAL_TIME_CONFIDENCE_LEVEL, realTimeSentimentFor } from "../scoring/real-time";
import { alertDraft } from "../scoring/risk";
import { DAY_MS, WEEK_MS } from "../shared/time";
import { clampScore, seededRandom } from "./random";

/** Base32; worker/dev/demo-two-factor.ts gives it to the demo operator. Development only, like the password. */
export const DEMO_OPERATOR_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/**
 * The demo organization `npm run dev` starts with: an Admin, six salespeople, eight weeks
 * of completed check-ins with scores, blockers and a few alerts. Deterministic, and
 * idempotent: a second run adds only a fresh demo check-in link.
 *
 * Over 300 lines: most of it is the demo's data (people, answers, blockers), kept beside
 * the one function that writes it.
 */
export const DEMO_ORG_ID = "demo-org";
export const DEMO_ADMIN = { email: "demo@undertone.dev", password: "undertone-demo" } as const;
export const DEMO_OPERATOR = { email: "operator@undertone.dev", password: "undertone-operator" } as const;

const WEEKS = 8;

type Trend = { morale: [number, number]; confidence: [number, number]; stress: [number, number]; strength: number };

const MEMBERS: { id: string; first: string; last: string; title: string; region: string; trend: Trend }[] = [
  {
    id: "demo-tm-maya",
    first: "Maya",
    last: "Chen",
    title: "Account Executive",
    region: "West",
    trend: { morale: [74, 78], confidence: [72, 80], stress: [38, 34], strength: 82 },
  },
  {
    id: "demo-tm-jordan",
    first: "Jordan",
    last: "Ellis",
    title: "Senior Account Executive",
    region: "East",
    trend: { morale: [66, 31], confidence: [70, 44], stress: [45, 79], strength: 76 },
  },
  {
    id: "demo-tm-priya",
    first: "Priya",
    last: "Raman",
    title: "Sales Development Rep",
    region: "Central",
    trend: { morale: [52, 71], confidence: [48, 69], stress: [60, 42], strength: 64 },
  },
  {
    id: "demo-tm-marcus",
    first: "Marcus",
    last: "Bell",
    title: "Account Executive",
    region: "EMEA",
    trend: { morale: [61, 55], confidence: [55, 33], stress: [50, 58], strength: 58 },
  },
  {
    id: "demo-tm-sofia",
    first: "Sofia",
    last: "Alvarez",
    title: "Sales Development Rep",
    region: "West",
    trend: { morale: [68, 70], confidence: [64, 66], stress: [44, 46], strength: 70 },
  },
  {
    id: "demo-tm-liam",
    first: "Liam",
    last: "O'Connor",
    title: "Enterprise Account Executive",
    region: "East",
    trend: { morale: [63, 65], confidence: [71, 74], stress: [52, 49], strength: 85 },
  },
];

const BLOCKER_THEMES: [string, string][] = [
  ["CRM admin", "Logging every call in the CRM eats an hour a day."],
  ["Pricing approvals", "Discount approvals take three days and deals go cold."],
  ["Lead quality", "Inbound leads this month are mostly students and competitors."],
  ["Product gaps", "Prospects keep asking for the SSO integration we don't have yet."],
  ["Territory changes", "The territory split moved two of my late-stage deals to someone else."],
];

const lerp = ([from, to]: [number, number], t: number) => from + (to - from) * t;

export type SeedResult = { created: boolean; checkInId: string; checkInUrl: string; lines: string[] };

export async function seedDemo(env: Env, db: Database, origin: string, now = Date.now()): Promise<SeedResult> {
  const existing = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, DEMO_ORG_ID));
  const created = existing.length === 0;
  if (created) await seedHistory(env, db, now);
  // The demo organization's rows are in its shard (worker/db/shards.ts; the platform database for
  // a demo seeded before shards).
  const link = await freshDemoCheckIn(await dbFor(env, DEMO_ORG_ID), now);
  const checkInUrl = `${origin}${link.path}`;
  return {
    created,
    checkInId: link.id,
    checkInUrl,
    lines: [
      created ? "Seeded the demo organization Northwind Sales." : "Demo organization Northwind Sales is ready.",
      `Admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  →  ${origin}/login`,
      `Operator console: ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}  →  ${origin}/superadmin/login`,
      // The console asks every SuperAdmin for a second factor (worker/dev/demo-two-factor.ts).
      `  Operator's authenticator (TOTP, SHA-1, 6 digits, 30 s), base32 secret: ${DEMO_OPERATOR_TOTP_SECRET}`,
      `Mailbox (sign-up and magic-link emails): ${origin}/dev/mailbox`,
      `Try a check-in as Maya Chen: ${checkInUrl}`,
    ],
  };
}

async function seedHistory(env: Env, db: Database, now: number) {
  const random = seededRandom(20261121);
  const adminId = "demo-admin";
  const operatorId = "demo-operator";
  const [adminHash, operatorHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_OPERATOR.password),
  ]);
  const longAgo = new Date(now - 90 * DAY_MS);

  const checkInRows: (typeof checkIns.$inferInsert)[] = [];
  const scoreRows: (typeof sentimentScores.$inferInsert)[] = [];
  const realTimeRows: (typeof realTimeSentiment.$inferInsert)[] = [];
  const challengeRows: (typeof userChallenges.$inferInsert)[] = [];
  const alertRows: (typeof riskAlerts.$inferInsert)[] = [];

  for (const member of MEMBERS) {
    for (let week = 0; week < WEEKS; week++) {
      // One in eight check-ins went unanswered: participation is never perfect.
      const answered = random() > 0.12 || week === WEEKS - 1;
      const sentAt = now - (WEEKS - week) * WEEK_MS + 2 * 60 * 60 * 1000;
      const id = `demo-ci-${member.id.slice(8)}-${week}`;
      const sent = {
        id,
        organizationId: DEMO_ORG_ID,
        teamMemberId: member.id,
        sentBy: adminId,
        tokenHash: await hashCheckInToken(newCheckInToken()),
        expiresAt: new Date(sentAt + 3 * DAY_MS),
        invitedAt: new Date(sentAt),
        createdAt: new Date(sentAt),
      };
      if (!answered) {
        checkInRows.push({ ...sent, status: "expired" });
        continue;
      }
      const completedAt = sentAt + (2 + random() * 30) * 60 * 60 * 1000;
      const t = week / (WEEKS - 1);
      const noise = () => (random() - 0.5) * 8;
      const morale = clampScore(lerp(member.trend.morale, t) + noise(), 15, 85);
      const confidence = clampScore(lerp(member.trend.confidence, t) + noise(), 20, 90);
      const stress = clampScore(lerp(member.trend.stress, t) + noise(), 15, 85);
      const salesStrength = clampScore(member.trend.strength + noise(), 45, 90);
      const blockerCount = stress > 60 || random() > 0.7 ? 1 + Math.floor(random() * 2) : 0;
      const blockers = Math.max(15, Math.round(100 - blockerCount * 22 - stress * 0.3));
      checkInRows.push({
        ...sent,
        status: "completed",
        startedAt: new Date(completedAt - 10 * 60 * 1000),
        completedAt: new Date(completedAt),
      });
      const scores = { morale, confidence, stress, sales_strength: salesStrength, blockers };
      scoreRows.push({
        organizationId: DEMO_ORG_ID,
        checkInId: id,
        teamMemberId: member.id,
        morale,
        confidence,
        stress,
        salesStrength,
        blockers,
        conversationQualityScore: clampScore(55 + random() * 40, 30, 100),
        recordedAt: new Date(completedAt),
      });
      for (const row of realTimeSentimentFor(scores)) {
        realTimeRows.push({
          id: `${id}-rt-${row.pillar}`,
          organizationId: DEMO_ORG_ID,
          checkInId: id,
          teamMemberId: member.id,
          pillar: row.pillar,
          sentimentScore: row.sentimentScore,
          confidenceLevel: REAL_TIME_CONFIDENCE_LEVEL,
          concernLevel: row.concernLevel,
          recordedAt: new Date(completedAt),
        });
      }
      const themes = new Set<number>();
      while (themes.size < blockerCount) themes.add(Math.floor(random() * BLOCKER_THEMES.length));
      for (const index of themes) {
        const [theme, description] = BLOCKER_THEMES[index] ?? ["Other", "Unspecified blocker"];
        challengeRows.push({
          organizationId: DEMO_ORG_ID,
          checkInId: id,
          teamMemberId: member.id,
          theme,
          ownDescription: storedBlockerDescription({ theme, description }),
          createdAt: new Date(completedAt),
        });
      }
      const recent = week >= WEEKS - 2;
      if (recent && (stress >= 70 || morale < 35)) {
        const alert =
          stress >= 70
            ? alertDraft("burnout", `${member.first} ${member.last}`, { figure: stress, reasons: [] })
            : alertDraft("low_morale", `${member.first} ${member.last}`, { figure: morale, reasons: [] });
        alertRows.push({
          organizationId: DEMO_ORG_ID,
          teamMemberId: member.id,
          checkInId: id,
          category: alert.category,
          ...storedAlertText(alert),
          createdAt: new Date(completedAt),
        });
      }
      if (recent && confidence < 40) {
        const alert = alertDraft("low_confidence", `${member.first} ${member.last}`, {
          figure: confidence,
          reasons: [],
        });
        alertRows.push({
          organizationId: DEMO_ORG_ID,
          teamMemberId: member.id,
          checkInId: id,
          category: alert.category,
          ...storedAlertText(alert),
          createdAt: new Date(completedAt),
        });
      }
    }
  }
  // An older alert a manager already handled, so the history shows resolution too.
  alertRows.push({
    organizationId: DEMO_ORG_ID,
    teamMemberId: "demo-tm-priya",
    checkInId: "demo-ci-priya-0",
    category: "low_morale",
    ...storedAlertText(
      alertDraft("low_morale", "Priya Raman", { figure: 34, reasons: ["friction in the team", "lost motivation"] }),
    ),
    status: "resolved",
    resolvedAt: new Date(now - 5 * WEEK_MS),
    resolvedBy: adminId,
    createdAt: new Date(now - 7 * WEEK_MS),
  });

  await runBatch(db, [
    db.insert(organizations).values({
      id: DEMO_ORG_ID,
      name: "Northwind Sales",
      domain: "northwind.example",
      industry: "B2B Software",
      status: "active",
      subscriptionTier: "professional",
      createdBy: adminId,
      createdAt: longAgo,
      updatedAt: longAgo,
    }),
    ...[
      {
        id: adminId,
        email: DEMO_ADMIN.email,
        first: "Alex",
        last: "Morgan",
        role: "Admin" as const,
        org: DEMO_ORG_ID,
        hash: adminHash,
      },
      {
        id: operatorId,
        email: DEMO_OPERATOR.email,
        first: "Sam",
        last: "Rivera",
        role: "SuperAdmin" as const,
        org: null,
        hash: operatorHash,
      },
    ].flatMap((u) => [
      db.insert(user).values({
        id: u.id,
        name: `${u.first} ${u.last}`,
        email: u.email,
        emailVerified: true,
        role: u.role,
        firstName: u.first,
        lastName: u.last,
        organizationId: u.org,
        createdAt: longAgo,
        updatedAt: longAgo,
      }),
      db.insert(account).values({
        id: `${u.id}-credential`,
        accountId: u.id,
        providerId: "credential",
        userId: u.id,
        password: u.hash,
        createdAt: longAgo,
        updatedAt: longAgo,
      }),
    ]),
    db.insert(subscriptions).values({
      id: "demo-subscription",
      organizationId: DEMO_ORG_ID,
      currentSalespersonCount: MEMBERS.length,
      subscriptionStatus: "active",
      createdAt: longAgo,
      updatedAt: longAgo,
    }),
  ]);
  // Then its own rows, in its shard (two batches: D1 has no transaction across databases; a
  // seed cut between them is redone by deleting the demo organization).
  await assignShard(env, DEMO_ORG_ID);
  const shard = await dbFor(env, DEMO_ORG_ID);
  await runBatch(shard, [
    ...chunkedInserts(
      shard,
      teamMembers,
      MEMBERS.map((m) => ({
        id: m.id,
        organizationId: DEMO_ORG_ID,
        firstName: m.first,
        lastName: m.last,
        email: `${m.first.toLowerCase()}.${m.last.toLowerCase().replace(/[^a-z]/g, "")}@northwind.example`,
        jobTitle: m.title,
        region: m.region,
        createdAt: longAgo,
        updatedAt: longAgo,
      })),
    ),
    ...chunkedInserts(shard, checkIns, checkInRows),
    ...chunkedInserts(shard, sentimentScores, scoreRows),
    ...chunkedInserts(shard, realTimeSentiment, realTimeRows),
    ...chunkedInserts(shard, userChallenges, challengeRows),
    ...chunkedInserts(shard, riskAlerts, alertRows),
  ]);
}

/** A new pending check-in for Maya each time dev starts; the previous demo links expire. */
async function freshDemoCheckIn(db: Database, now: number): Promise<{ id: string; path: string }> {
  const token = newCheckInToken();
  const id = newCheckInId(db);
  await runBatch(db, [
    changeCheckInStatus(db, and(eq(checkIns.organizationId, DEMO_ORG_ID), eq(checkIns.teamMemberId, "demo-tm-maya")), {
      status: "expired",
    }),
    db.insert(checkIns).values({
      id,
      organizationId: DEMO_ORG_ID,
      teamMemberId: "demo-tm-maya",
      sentBy: "demo-admin",
      tokenHash: await hashCheckInToken(token),
      status: "pending",
      expiresAt: new Date(now + 3 * DAY_MS),
      invitedAt: new Date(now),
      createdAt: new Date(now),
    }),
  ]);
  return { id, path: checkInPath(id, token) };
}
