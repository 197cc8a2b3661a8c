import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BLOCKER_THEMES } from "../language/themes";
import type { AiAgentConfig } from "../shared/ai-config";
import { STRIPE_EVENT_OUTCOMES } from "../shared/billing";
import { SYSTEM_SIGNALS } from "../shared/console/system";
import {
  ALERT_PRIORITIES,
  ALERT_STATUSES,
  ALERT_TYPES,
  CHECK_IN_FREQUENCIES,
  CHECK_IN_STATUSES,
  CONCERN_LEVELS,
  DELIVERY_ROUTES,
  MESSAGE_SENDERS,
  TEAM_MEMBER_STATUSES,
} from "../shared/domain";
import { ALERT_EMAIL_MODES, DELIVERY_CHANNELS, DELIVERY_KINDS, DELIVERY_STATUSES } from "../shared/notifications";
import { CLASSIFICATION_PILLARS, PILLARS, QUESTION_TYPES } from "../shared/pillars";
import type { ConversationStyle, GlobalSettings } from "../shared/settings";
import { user } from "./auth-schema";
import { organizations } from "./organizations";

export * from "./auth-schema";
export * from "./organizations";
export * from "./rollups";
export * from "./score-corrections";

/**
 * Business tables. Times are epoch milliseconds (integer) so that SQL can bucket them by
 * day or week with integer arithmetic. Every org-owned row carries organization_id, and
 * every org-scoped query leads with it, so each index below starts with it.
 *
 * Over 300 lines: drizzle-kit and the relational queries read one schema module; the
 * tables are declarations, one block each (organizations.ts and auth-schema.ts are apart
 * only because both sides reference them).
 */
const now = sql`(unixepoch('subsec') * 1000)`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
const updatedAt = () => integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now);
const orgId = () =>
  text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" });

/** An organization's check-in schedule (dashboard settings), seeded from the global defaults. */
export const organizationSettings = sqliteTable("organization_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  frequency: text("frequency", { enum: CHECK_IN_FREQUENCIES }).notNull().default("weekly"),
  durationMinutes: integer("duration_minutes").notNull().default(10),
  autoReminders: integer("auto_reminders", { mode: "boolean" }).notNull().default(true),
  reminderIntervalHours: integer("reminder_interval_hours").notNull().default(24),
  maxResponseHours: integer("max_response_hours").notNull().default(72),
  schedulingEnabled: integer("scheduling_enabled", { mode: "boolean" }).notNull().default(false),
  /** The organization's own conversation style (JSON); null follows Global Settings' defaults. */
  conversationStyle: text("conversation_style", { mode: "json" }).$type<ConversationStyle>(),
  updatedAt: updatedAt(),
});

export const trials = sqliteTable(
  "trials",
  {
    id: text("id").primaryKey(),
    organizationId: orgId(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    trialStartDate: integer("trial_start_date", { mode: "timestamp_ms" }).notNull(),
    trialEndDate: integer("trial_end_date", { mode: "timestamp_ms" }).notNull(),
    trialStatus: text("trial_status").notNull().default("active"),
    /** When an admin chose the Free Trial; null while nobody has chosen a plan (onboarding asks). */
    chosenAt: integer("chosen_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // One trial per organization, started by a trigger when the organization is inserted
  // (drizzle/0012_billing.sql), so every organization has one from its first moment.
  (t) => [uniqueIndex("trials_organization_idx").on(t.organizationId)],
);

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    organizationId: orgId(),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    currentSalespersonCount: integer("current_salesperson_count").notNull().default(0),
    subscriptionStatus: text("subscription_status").notNull().default("incomplete"),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    /**
     * Stripe's own time (`event.created`) of the newest event applied to this row. Webhooks
     * are ordered by it, never by updatedAt, which our own changes (team size) also move.
     */
    stripeEventAt: integer("stripe_event_at", { mode: "timestamp_ms" }),
    /** Cancelled in Stripe's portal to end with the paid period: still active until `cancelAt`. */
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    cancelAt: integer("cancel_at", { mode: "timestamp_ms" }),
    /** When Stripe ended it (a canceled subscription). */
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_organization_idx").on(t.organizationId),
    uniqueIndex("subscriptions_stripe_idx").on(t.stripeSubscriptionId),
    index("subscriptions_status_idx").on(t.subscriptionStatus),
  ],
);

/**
 * Stripe event ids already handled, so a webhook delivered ten times changes state once, and
 * what became of each: one for an organization that no longer exists is kept as "orphaned".
 */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  outcome: text("outcome", { enum: STRIPE_EVENT_OUTCOMES }).notNull().default("applied"),
  /** The organization the event named (it may have been deleted since; no foreign key). */
  organizationId: text("organization_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  processedAt: createdAt(),
});

/** The salespeople. They never log in; they answer check-ins through private links. */
export const teamMembers = sqliteTable(
  "team_members",
  {
    id: text("id").primaryKey(),
    organizationId: orgId(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /**
     * Null for a member without an email: their check-in link is handed over by the Admin
     * (the answer to POST /api/check-ins carries it only then); the schedule skips them.
     * SQLite's unique index treats nulls as distinct, so any number may have none.
     */
    email: text("email"),
    jobTitle: text("job_title"),
    region: text("region"),
    status: text("status", { enum: TEAM_MEMBER_STATUSES }).notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("team_members_org_email_idx").on(t.organizationId, t.email),
    // An organization's active members, and the schedule's walk over them in id order (drizzle/0014).
    index("team_members_org_status_id_idx").on(t.organizationId, t.status, t.id),
  ],
);

/**
 * Every member's latest check-in and open alerts, for the Overview's lists and counts
 * (drizzle/0016_summaries.sql, kept by triggers; read by worker/insights/people.ts). Beside the
 * members because it follows them row for row.
 */
export const memberScores = sqliteTable(
  "member_scores",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    teamMemberId: text("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    status: text("status").notNull(),
    /** Null: no check-in answered yet (and every score below null too). */
    recordedAt: integer("recorded_at"),
    morale: integer("morale"),
    confidence: integer("confidence"),
    stress: integer("stress"),
    salesStrength: integer("sales_strength"),
    blockers: integer("blockers"),
    uncertain: text("uncertain"),
    corrected: text("corrected"),
    previousStress: integer("previous_stress"),
    openAlerts: integer("open_alerts").notNull().default(0),
    openHighAlerts: integer("open_high_alerts").notNull().default(0),
    /** personRisk as a number (0 high … 3 unknown); the migration holds its CASE. */
    risk: integer("risk").generatedAlwaysAs(sql`0`, { mode: "virtual" }),
    riskKey: integer("risk_key").generatedAlwaysAs(sql`0`, { mode: "virtual" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.teamMemberId] }),
    uniqueIndex("member_scores_member_idx").on(t.teamMemberId),
  ],
);

export const checkIns = sqliteTable(
  "check_ins",
  {
    id: text("id").primaryKey(),
    organizationId: orgId(),
    teamMemberId: text("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    /** Before shards (drizzle/0017_shards.sql): the admin who sent it. Left null now; see sentBy. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** SHA-256 of the link token (hex); the token itself is shown once and never stored. */
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: CHECK_IN_STATUSES }).notNull().default("pending"),
    /** e.g. "2026-W47" for scheduled check-ins: one per member and period, however often cron runs. */
    scheduleKey: text("schedule_key"),
    durationMinutes: integer("duration_minutes").notNull().default(10),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }),
    lastRemindedAt: integer("last_reminded_at", { mode: "timestamp_ms" }),
    reminderCount: integer("reminder_count").notNull().default(0),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    /** The salesperson asked for their manager to reach out at the end of the chat. */
    reachOutRequested: integer("reach_out_requested", { mode: "boolean" }).notNull().default(false),
    /**
     * How the link goes out, fixed when the check-in is created (drizzle/0009_delivery_route.sql):
     * resends, reminders and fresh links use this route and address only. Null: finished before 0009.
     */
    deliveryRoute: text("delivery_route", { enum: DELIVERY_ROUTES }),
    deliveryAddress: text("delivery_address"),
    /** The LLM's scores and the embedded reader's disagreed by more than the review margin (worker/scoring/review.ts). */
    needsReview: integer("needs_review", { mode: "boolean" }).notNull().default(false),
    /** The admin (a user of the platform database, so no foreign key) who sent it; null when the schedule created it. */
    sentBy: text("sent_by"),
    /** A completed check-in's judge/reader disagreement, compact (db/score-flags.ts); null without one. */
    conversationState: text("conversation_state"),
    createdAt: createdAt(),
  },
  (t) => [
    index("check_ins_org_status_idx").on(t.organizationId, t.status, t.createdAt),
    index("check_ins_org_completed_idx").on(t.organizationId, t.completedAt),
    // Covering: participation per week (sent, answered, expired) from the index alone.
    index("check_ins_org_created_idx").on(t.organizationId, t.createdAt, t.status, t.expiresAt, t.teamMemberId),
    // Covering for a person's check-ins sent and answered, and the schedule's "due" check.
    index("check_ins_member_idx").on(t.teamMemberId, t.createdAt, t.status),
    index("check_ins_status_expires_idx").on(t.status, t.expiresAt),
    // "Has this member a check-in open?" as a seek on the member (every insert's guard, drizzle/0014).
    index("check_ins_member_open_idx").on(t.teamMemberId, t.status, t.expiresAt),
    // The schedule's invite and remind walks: open check-ins in id order, a page at a time.
    index("check_ins_status_id_idx").on(t.status, t.id),
    uniqueIndex("check_ins_member_schedule_idx").on(t.teamMemberId, t.scheduleKey),
  ],
);

export const checkInMessages = sqliteTable(
  "check_in_messages",
  {
    id: text("id").primaryKey(),
    checkInId: text("check_in_id")
      .notNull()
      .references(() => checkIns.id, { onDelete: "cascade" }),
    organizationId: orgId(),
    /** Position in the conversation, so order survives equal timestamps. */
    seq: integer("seq").notNull(),
    content: text("content").notNull(),
    sender: text("sender", { enum: MESSAGE_SENDERS }).notNull(),
    timestamp: integer("timestamp", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("check_in_messages_seq_idx").on(t.checkInId, t.seq)],
);

/** One row per answered check-in, keyed by it (drizzle/0019: no id of its own, no reader needs one). */
export const sentimentScores = sqliteTable(
  "sentiment_scores",
  {
    checkInId: text("check_in_id")
      .primaryKey()
      .references(() => checkIns.id, { onDelete: "cascade" }),
    organizationId: orgId(),
    /** The salesperson (spec: user_id); salespeople are team members here. */
    teamMemberId: text("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    morale: integer("morale").notNull(),
    confidence: integer("confidence").notNull(),
    stress: integer("stress").notNull(),
    salesStrength: integer("sales_strength").notNull(),
    blockers: integer("blockers").notNull(),
    conversationQualityScore: integer("conversation_quality_score").notNull(),
    recordedAt: integer("recorded_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * How many answers touched each score (issue 14): 0 means nobody talked about it and the
     * stored 50 is the spec's default, not a reading. Null on rows stored before it was kept.
     */
    moraleEvidence: integer("morale_evidence"),
    confidenceEvidence: integer("confidence_evidence"),
    stressEvidence: integer("stress_evidence"),
    salesStrengthEvidence: integer("sales_strength_evidence"),
    blockersEvidence: integer("blockers_evidence"),
    /**
     * How far each score can be trusted (issue 24 §5, drizzle/0013): the agreement of its
     * evidence in percent, and the scores shown as "uncertain" instead of a band. Null on rows
     * stored before.
     */
    moraleAgreement: integer("morale_agreement"),
    confidenceAgreement: integer("confidence_agreement"),
    stressAgreement: integer("stress_agreement"),
    salesStrengthAgreement: integer("sales_strength_agreement"),
    blockersAgreement: integer("blockers_agreement"),
    uncertain: text("uncertain"),
    /** The scores the salesperson corrected in their closing summary: stored as their own reading. */
    corrected: text("corrected"),
    /** The one-tap ratings given (1–5), null where skipped or not asked. */
    burnoutRating: integer("burnout_rating"),
    confidenceRating: integer("confidence_rating"),
  },
  (t) => [
    // Covering: the dashboard's weekly means read the index alone, never the table.
    index("sentiment_scores_org_recorded_idx").on(
      t.organizationId,
      t.recordedAt,
      t.morale,
      t.confidence,
      t.stress,
      t.salesStrength,
      t.moraleEvidence,
      t.confidenceEvidence,
      t.stressEvidence,
      t.salesStrengthEvidence,
      t.blockersEvidence,
    ),
    index("sentiment_scores_member_recorded_idx").on(t.teamMemberId, t.recordedAt),
    index("sentiment_scores_recorded_idx").on(t.recordedAt),
  ],
);

export const realTimeSentiment = sqliteTable(
  "real_time_sentiment",
  {
    id: text("id").primaryKey(),
    organizationId: orgId(),
    checkInId: text("check_in_id")
      .notNull()
      .references(() => checkIns.id, { onDelete: "cascade" }),
    teamMemberId: text("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    pillar: text("pillar", { enum: CLASSIFICATION_PILLARS }).notNull(),
    sentimentScore: integer("sentiment_score").notNull(),
    confidenceLevel: integer("confidence_level").notNull(),
    concernLevel: text("concern_level", { enum: CONCERN_LEVELS }).notNull(),
    recordedAt: integer("recorded_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("real_time_sentiment_check_in_pillar_idx").on(t.checkInId, t.pillar),
    index("real_time_sentiment_org_recorded_idx").on(t.organizationId, t.recordedAt),
  ],
);

/** An alert's type and priority, fixed by its category (worker/scoring/risk.ts): computed, not stored. */
const BY_CATEGORY = (pairs: Record<"burnout" | "low_morale" | "low_confidence", string>, otherwise: string) =>
  sql.raw(
    `case "category" ${Object.entries(pairs)
      .map(([category, value]) => `when '${category}' then '${value}'`)
      .join(" ")} else '${otherwise}' end`,
  );

/**
 * Risk alerts (drizzle/0021, issue 26 §1). A new alert stores no id, no message, type or
 * priority: its id is `{check_in_id}.{category}` (db/alert-id.ts), its message is rendered from
 * `facts` and the member's name (scoring/alert-facts.ts), its type and priority are computed from
 * its category. Alerts written before keep their id and message, and their type and priority
 * where those differ from their category's (`legacy_*`).
 */
export const riskAlerts = sqliteTable(
  "risk_alerts",
  {
    /** Only alerts written before drizzle/0021: alertIdOf spells the others'. */
    legacyId: text("id"),
    organizationId: orgId(),
    teamMemberId: text("team_member_id").references(() => teamMembers.id, { onDelete: "cascade" }),
    checkInId: text("check_in_id").references(() => checkIns.id, { onDelete: "cascade" }),
    /** What crossed which line: burnout, low_morale, low_confidence, blockers, reach_out. */
    category: text("category").notNull(),
    /** What the message says, encoded (scoring/alert-facts.ts); null where `message` is stored. */
    facts: text("facts"),
    /** The rendered message: alerts written before drizzle/0021, or facts that have no code. */
    message: text("message"),
    legacyAlertType: text("legacy_alert_type", { enum: ALERT_TYPES }),
    legacyPriority: text("legacy_priority", { enum: ALERT_PRIORITIES }),
    alertType: text("alert_type", { enum: ALERT_TYPES })
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce("legacy_alert_type", ${BY_CATEGORY({ burnout: "retention", low_morale: "retention", low_confidence: "performance" }, "other")})`,
        { mode: "virtual" },
      ),
    priority: text("priority", { enum: ALERT_PRIORITIES })
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce("legacy_priority", ${BY_CATEGORY({ burnout: "urgent", low_morale: "urgent", low_confidence: "high" }, "medium")})`,
        { mode: "virtual" },
      ),
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("unread"),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolvedBy: text("resolved_by"),
    createdAt: createdAt(),
  },
  (t) => [
    // An organization's alerts: the open ones (drizzle/0016), the resolved ones (drizzle/0018),
    // each alert in one of the two (db/alert-status.ts says which a query reads).
    index("risk_alerts_open_idx")
      .on(t.organizationId, t.priority, sql`${t.createdAt} desc`, t.status)
      .where(sql`${t.status} in ('unread', 'read')`),
    index("risk_alerts_resolved_idx").on(t.organizationId, t.createdAt).where(sql`${t.status} = 'resolved'`),
    // Every organization's, for the console and retention (drizzle/0022): one by time per status,
    // no status in them (a new alert's entry is the unread one's).
    index("risk_alerts_unread_idx").on(t.createdAt).where(sql`${t.status} = 'unread'`),
    index("risk_alerts_read_idx").on(t.createdAt).where(sql`${t.status} = 'read'`),
    index("risk_alerts_resolved_time_idx").on(t.createdAt).where(sql`${t.status} = 'resolved'`),
    // Completion may be retried: one alert per check-in and category. Also the new alerts' ids.
    uniqueIndex("risk_alerts_check_in_category_idx").on(t.checkInId, t.category),
    // The ids of alerts written before drizzle/0021 (the others store none).
    uniqueIndex("risk_alerts_id_idx").on(t.legacyId).where(sql`${t.legacyId} is not null`),
  ],
);

/**
 * A blocker theme's fixed description (language/themes.ts), in SQL: what a blocker row that stores
 * none reads (drizzle/0022 holds the same CASE; tests/integration/blocker-descriptions.test.ts
 * reads every theme's through it).
 */
export const BLOCKER_DESCRIPTION = sql.raw(
  `case "theme" ${BLOCKER_THEMES.map((b) => `when '${b.theme}' then '${b.description}'`).join(" ")} end`,
);

/**
 * Blockers a salesperson named, grouped by theme on the dashboard: one per check-in and theme, its
 * key (drizzle/0019). A row whose description is its theme's fixed one stores none (drizzle/0022,
 * issue 26 §1): `description` is computed, the stored `own_description` or else the theme's.
 */
export const userChallenges = sqliteTable(
  "user_challenges",
  {
    checkInId: text("check_in_id")
      .notNull()
      .references(() => checkIns.id, { onDelete: "cascade" }),
    theme: text("theme").notNull(),
    organizationId: orgId(),
    teamMemberId: text("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    /** Null when the description is the theme's fixed one (db/blocker-text.ts decides). */
    ownDescription: text("own_description"),
    description: text("description")
      .notNull()
      .generatedAlwaysAs(sql`coalesce("own_description", ${BLOCKER_DESCRIPTION})`, { mode: "virtual" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.checkInId, t.theme] }),
    // Covering: blocker counts and themes per week come from the index alone.
    index("user_challenges_org_created_idx").on(t.organizationId, t.createdAt, t.theme, t.teamMemberId),
    index("user_challenges_created_idx").on(t.createdAt),
  ],
);

export const coreQuestionBank = sqliteTable(
  "core_question_bank",
  {
    id: text("id").primaryKey(),
    pillar: text("pillar", { enum: PILLARS }).notNull(),
    questionText: text("question_text").notNull(),
    questionType: text("question_type", { enum: QUESTION_TYPES }).notNull(),
    priorityOrder: integer("priority_order").notNull().default(1),
    psychologicalFramework: text("psychological_framework"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("core_question_bank_pillar_idx").on(t.pillar, t.priorityOrder)],
);

export const aiAgentConfigurations = sqliteTable(
  "ai_agent_configurations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    isGlobal: integer("is_global", { mode: "boolean" }).notNull().default(true),
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    configuration: text("configuration", { mode: "json" }).$type<AiAgentConfig>().notNull(),
    updatedBy: text("updated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("ai_agent_configurations_active_idx").on(t.isActive, t.isGlobal, t.updatedAt)],
);

/** One row (id 'global'): the persisted Global Check-In Settings. */
export const globalSettings = sqliteTable("global_settings", {
  id: text("id").primaryKey(),
  settings: text("settings", { mode: "json" }).$type<GlobalSettings>().notNull(),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});

export const auditLogs = sqliteTable(
  "audit_logs",
  {
    id: text("id").primaryKey(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    organizationId: text("organization_id"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt),
    index("audit_logs_action_idx").on(t.action, t.createdAt),
    index("audit_logs_actor_idx").on(t.actorUserId, t.createdAt),
  ],
);

/**
 * The LLM's coaching reply per organization, week (its Monday, UTC) and range: one model
 * call a week per dashboard range, merged into each request's rule-based actions by id.
 */
export const coachingCache = sqliteTable(
  "coaching_cache",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    weekKey: text("week_key").notNull(),
    range: text("range").notNull(),
    reply: text("reply", { mode: "json" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.weekKey, t.range] })],
);

/**
 * The operator's system status reads these: the last success and failure of what runs on its
 * own (the scheduled run, the AI provider), one row each (worker/admin/signals.ts).
 */
export const systemSignals = sqliteTable("system_signals", {
  name: text("name", { enum: SYSTEM_SIGNALS }).primaryKey(),
  lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  lastFailureAt: integer("last_failure_at", { mode: "timestamp_ms" }),
  /** What the last run or call said (a step that failed, an error's name); never a secret. */
  lastDetail: text("last_detail"),
  updatedAt: updatedAt(),
});

/**
 * Where the cron's old create step stopped. Unused since the schedule queue
 * (worker/schedule/jobs.ts) replaced its cursor; the table stays (a platform table, empty).
 */
export const scheduleCursors = sqliteTable("schedule_cursors", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/** Every email the app sends; locally it is the mailbox, in production the delivery log. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    /** Makes a re-run of the same send (cron retry, double click) a no-op. */
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    provider: text("provider").notNull().default("outbox"),
    error: text("error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_to_kind_idx").on(t.toAddress, t.kind, t.createdAt),
    uniqueIndex("email_outbox_dedupe_idx").on(t.dedupeKey),
  ],
);

/** Fixed-window counters shared by every isolate (sign-in, sign-up, magic link, token guesses). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  // Retention deletes old counters in this order (worker/schedule/operational-retention.ts).
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

// ——— Notifications (worker/notify, worker/slack) ———

/** Each admin's choice for alert emails; no row reads as "immediately". */
export const notificationPreferences = sqliteTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  organizationId: orgId(),
  alertEmails: text("alert_emails", { enum: ALERT_EMAIL_MODES }).notNull().default("immediately"),
  updatedAt: updatedAt(),
});

/**
 * Every notification the queue delivers: the id is the delivery's idempotency key (one
 * per alert, digest week or invitation, channel and recipient), so a message enqueued or
 * delivered twice is sent once. Holds no message body.
 */
export const notificationDeliveries = sqliteTable(
  "notification_deliveries",
  {
    id: text("id").primaryKey(),
    organizationId: orgId(),
    kind: text("kind", { enum: DELIVERY_KINDS }).notNull(),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** A consumer is sending it now (a lease, so two copies of a message never both send). */
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("notification_deliveries_created_idx").on(t.createdAt),
    index("notification_deliveries_status_idx").on(t.status, t.createdAt),
    index("notification_deliveries_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/** One weekly digest per organization and ISO week, however often the cron runs. */
export const digestRuns = sqliteTable("digest_runs", {
  /** `${organizationId}:${weekKey}` */
  id: text("id").primaryKey(),
  organizationId: orgId(),
  weekKey: text("week_key").notNull(),
  createdAt: createdAt(),
});

/** An organization's Slack workspace ("Add to Slack"); the bot token is stored encrypted. */
export const slackInstallations = sqliteTable(
  "slack_installations",
  {
    organizationId: text("organization_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    teamId: text("team_id").notNull(),
    teamName: text("team_name").notNull(),
    botUserId: text("bot_user_id"),
    /** AES-GCM under a key derived from BETTER_AUTH_SECRET (worker/slack/crypto.ts). */
    botTokenSealed: text("bot_token_sealed").notNull(),
    channelId: text("channel_id"),
    channelName: text("channel_name"),
    /** A private channel the app was invited to (it can join public ones only). */
    channelPrivate: integer("channel_private", { mode: "boolean" }).notNull().default(false),
    /** Invitations and reminders go as Slack DMs to members found by email. */
    dmInvitations: integer("dm_invitations", { mode: "boolean" }).notNull().default(false),
    /** Alert details (who, scores) also go as DMs to Admins Slack finds by email; the channel hears a count. */
    alertDms: integer("alert_dms", { mode: "boolean" }).notNull().default(false),
    installedBy: text("installed_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("slack_installations_team_idx").on(t.teamId)],
);

/**
 * An Admin's invitation of a colleague as a co-Admin of the organization (worker/auth/admins/).
 * Only the SHA-256 of the emailed token is kept; `acceptedAt` makes it single-use, and a
 * revoked one is deleted.
 */
export const adminInvitations = sqliteTable(
  "admin_invitations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_invitations_org_idx").on(t.organizationId, t.createdAt)],
);

/**
 * Which D1 binding holds an organization's rows (platform database only; worker/db/shards.ts).
 * Written once when the organization is created and never changed by the app.
 */
export const organizationShards = sqliteTable(
  "organization_shards",
  {
    organizationId: text("organization_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    shard: text("shard").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("organization_shards_shard_idx").on(t.shard)],
);
