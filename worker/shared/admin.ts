import * as z from "zod/mini";
import { aiAgentConfigSchema } from "./ai-config";
import { ALERT_PRIORITIES, ALERT_STATUSES, ALERT_TYPES, ORGANIZATION_STATUSES, SUBSCRIPTION_TIERS } from "./domain";
import { PILLARS, QUESTION_TYPES } from "./pillars";
import { globalSettingsSchema } from "./settings";

/**
 * The operator console's API (/api/admin/*): request and response shapes shared by the
 * Worker and the SPA. Times travel as epoch milliseconds.
 */

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Query strings arrive as text: numbers are parsed here, bad ones refused with a 400. */
const positiveIntText = (max: number) =>
  z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,5}$/, "must be a positive whole number")),
    z.transform((v) => Math.min(max, Math.max(1, Number.parseInt(v, 10)))),
  );

export const pageQuerySchema = z.object({
  page: z.optional(positiveIntText(1_000_000)),
  pageSize: z.optional(positiveIntText(MAX_PAGE_SIZE)),
});

export function paginated<Item extends z.ZodMiniType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number(),
    pageSize: z.number(),
    /** Rows matching the filters. */
    total: z.number(),
  });
}

export type Page<Item> = { items: Item[]; page: number; pageSize: number; total: number };

const searchText = z.optional(z.string().check(z.maxLength(200)));
const timestamp = z.number();

// ── Platform overview ──────────────────────────────────────────────────────────────

/** Spec 2 §3 "Platform stats" (replaces the get_platform_stats procedure). */
export const platformStatsSchema = z.object({
  total_organizations: z.number(),
  total_managers: z.number(),
  total_admins: z.number(),
  total_salespeople: z.number(),
  total_checkins: z.number(),
  checkins_last_30_days: z.number(),
  checkins_last_7_days: z.number(),
  /** Completed in the 7 days before the last 7: the base of the check-in growth rate. */
  checkins_previous_7_days: z.number(),
  new_organizations_last_30_days: z.number(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

export const EMPTY_PLATFORM_STATS: PlatformStats = {
  total_organizations: 0,
  total_managers: 0,
  total_admins: 0,
  total_salespeople: 0,
  total_checkins: 0,
  checkins_last_30_days: 0,
  checkins_last_7_days: 0,
  checkins_previous_7_days: 0,
  new_organizations_last_30_days: 0,
};

export const activityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(["organization_created", "user_joined", "check_in_completed", "alert_raised", "operator_action"]),
  title: z.string(),
  detail: z.string(),
  at: timestamp,
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export const activityResponseSchema = z.object({ events: z.array(activityEventSchema) });

// ── Organizations ──────────────────────────────────────────────────────────────────

export const ORGANIZATION_NAME_MAX = 200;

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

export const organizationInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Organization name is required"), z.maxLength(ORGANIZATION_NAME_MAX)),
  domain: optionalText(253),
  industry: optionalText(100),
  status: z.optional(z.enum(ORGANIZATION_STATUSES)),
  subscriptionTier: z.optional(z.enum(SUBSCRIPTION_TIERS)),
});
export type OrganizationInput = z.infer<typeof organizationInputSchema>;

export const organizationUpdateSchema = z.partial(organizationInputSchema);
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

export const organizationListQuerySchema = z.extend(pageQuerySchema, {
  search: searchText,
  status: z.optional(z.enum(ORGANIZATION_STATUSES)),
  tier: z.optional(z.enum(SUBSCRIPTION_TIERS)),
});

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.nullable(z.string()),
  industry: z.nullable(z.string()),
  status: z.enum(ORGANIZATION_STATUSES),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Sign-in accounts plus team members (salespeople). */
  userCount: z.number(),
  /** Check-ins completed in the last 30 days. */
  activityCount: z.number(),
});
export type AdminOrganization = z.infer<typeof organizationSchema>;

export const organizationListSchema = z.extend(paginated(organizationSchema), {
  /** Every organization, whatever the filters (the list title's badge). */
  grandTotal: z.number(),
});

export const organizationDetailSchema = z.object({
  organization: organizationSchema,
  accounts: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), createdAt: timestamp }),
  ),
  teamMembers: z.object({ active: z.number(), inactive: z.number() }),
  checkIns: z.object({
    total: z.number(),
    completed: z.number(),
    pending: z.number(),
    lastCompletedAt: z.nullable(timestamp),
  }),
  openAlerts: z.number(),
  subscription: z.nullable(
    z.object({
      status: z.string(),
      salespersonCount: z.number(),
      monthlyCost: z.number(),
      currentPeriodEnd: z.nullable(timestamp),
    }),
  ),
  trial: z.nullable(z.object({ status: z.string(), endsAt: timestamp })),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

// ── Users ──────────────────────────────────────────────────────────────────────────

export const userStatsSchema = z.object({
  total_users: z.number(),
  total_salespeople: z.number(),
  total_managers: z.number(),
  total_admins: z.number(),
  active_users: z.number(),
  new_users_last_30_days: z.number(),
  /** For the growth rates: people who joined in the 30 days before that. */
  new_users_previous_30_days: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const USER_ROLE_FILTERS = ["salesperson", "manager", "admin", "superadmin"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

export const userListQuerySchema = z.extend(pageQuerySchema, {
  search: searchText,
  role: z.optional(z.enum(USER_ROLE_FILTERS)),
});

/** A person on the platform: a sign-in account, or a salesperson (team member) who never signs in. */
export const platformPersonSchema = z.object({
  id: z.string(),
  kind: z.enum(["account", "team_member"]),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  organizationId: z.nullable(z.string()),
  organizationName: z.nullable(z.string()),
  emailVerified: z.nullable(z.boolean()),
  createdAt: timestamp,
});
export type PlatformPerson = z.infer<typeof platformPersonSchema>;
export const userListSchema = paginated(platformPersonSchema);

// ── Sentiment ──────────────────────────────────────────────────────────────────────

/** Spec 2 §3 "Sentiment summary result", plus the response volume the tab shows. */
export const sentimentSummarySchema = z.object({
  global_morale: z.number(),
  global_confidence: z.number(),
  global_stress: z.number(),
  global_sales_strength: z.number(),
  global_team_dynamics: z.number(),
  /** Blockers named in the check-ins of the same sample as the global means. */
  global_blockers_count: z.number(),
  /** How many responses the global values cover: the newest, up to 1000. */
  sample_size: z.number(),
  total_responses: z.number(),
  /** Score trends: this week's mean minus last week's, in points; blockers: a count difference. */
  trends: z.object({
    morale: z.number(),
    confidence: z.number(),
    stress: z.number(),
    sales_strength: z.number(),
    team_dynamics: z.number(),
    blockers: z.number(),
  }),
  volume: z.object({
    last_7_days: z.number(),
    previous_7_days: z.number(),
    last_30_days: z.number(),
    /** Responses per week, oldest first, the current week last. */
    weekly: z.array(z.object({ weekStart: timestamp, responses: z.number() })),
  }),
});
export type SentimentSummary = z.infer<typeof sentimentSummarySchema>;

export const COMPARISON_WINDOWS = ["7", "30", "90", "365"] as const;
export const COMPARISON_SORTS = ["responses", "morale", "confidence", "stress", "name"] as const;
export const companyComparisonQuerySchema = z.extend(pageQuerySchema, {
  days: z.optional(z.enum(COMPARISON_WINDOWS)),
  sort: z.optional(z.enum(COMPARISON_SORTS)),
});

export const companySentimentSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  responses: z.number(),
  morale: z.number(),
  confidence: z.number(),
  stress: z.number(),
  salesStrength: z.number(),
  teamDynamics: z.number(),
  blockers: z.number(),
  activeAlerts: z.number(),
  lastResponseAt: timestamp,
});
export type CompanySentiment = z.infer<typeof companySentimentSchema>;
export const companyComparisonSchema = paginated(companySentimentSchema);

// ── Question bank ──────────────────────────────────────────────────────────────────

export const QUESTION_TEXT_MAX = 1000;
export const QUESTION_FRAMEWORK_MAX = 2000;
export const QUESTION_IMPORT_MAX = 500;

export const questionSchema = z.object({
  id: z.string(),
  pillar: z.enum(PILLARS),
  question_text: z.string(),
  question_type: z.enum(QUESTION_TYPES),
  priority_order: z.number(),
  psychological_framework: z.nullable(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BankQuestionRow = z.infer<typeof questionSchema>;

export const questionInputSchema = z.object({
  pillar: z.enum(PILLARS),
  question_text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Question text is required and must be a non-empty string"),
      z.maxLength(QUESTION_TEXT_MAX),
    ),
  question_type: z.enum(QUESTION_TYPES),
  priority_order: z.int().check(z.gte(1, "Priority order must be a positive integer"), z.lte(1000)),
  psychological_framework: z.optional(z.nullable(z.string().check(z.maxLength(QUESTION_FRAMEWORK_MAX)))),
});
export type QuestionInput = z.infer<typeof questionInputSchema>;

export const questionListQuerySchema = z.extend(pageQuerySchema, {
  search: searchText,
  pillar: z.optional(z.enum(PILLARS)),
});

export const questionStatsSchema = z.object({
  total: z.number(),
  byPillar: z.record(z.enum(PILLARS), z.number()),
});
export const questionListSchema = z.extend(paginated(questionSchema), { stats: questionStatsSchema });

/** The items are judged by the shared import validator (worker/shared/question-import.ts). */
export const questionImportRequestSchema = z.object({ questions: z.unknown() });
export const questionImportResultSchema = z.object({ imported: z.number() });

// ── AI agent configuration ─────────────────────────────────────────────────────────

export const aiConfigRecordSchema = z.object({
  /** null when nothing was saved yet and the defaults are shown (the warning banner). */
  id: z.nullable(z.string()),
  name: z.string(),
  updatedAt: z.nullable(timestamp),
  configuration: aiAgentConfigSchema,
});
export type AiConfigRecord = z.infer<typeof aiConfigRecordSchema>;

export const aiConfigSaveSchema = z.object({ configuration: aiAgentConfigSchema });

export const AI_TEST_MESSAGE_MAX = 2000;
export const aiConfigTestRequestSchema = z.object({
  configuration: aiAgentConfigSchema,
  testMessage: z.optional(z.string().check(z.maxLength(AI_TEST_MESSAGE_MAX))),
});

/** Spec 2 §3 "Test result". */
export const aiTestResultSchema = z.object({
  success: z.boolean(),
  response: z.optional(z.string()),
  frameworkUsed: z.optional(z.boolean()),
  sentimentScores: z.optional(z.object({ confidence: z.number(), stress: z.number(), morale: z.number() })),
  /** The reply the spec's defaults give to the same message, for a side-by-side view. */
  defaultResponse: z.optional(z.string()),
  /** Each setting that differs from the defaults, with the behaviour it changes. */
  changes: z.optional(
    z.array(z.object({ setting: z.string(), value: z.string(), defaultValue: z.string(), effect: z.string() })),
  ),
  /** Which provider answered: the configured one, or the embedded interviewer. */
  provider: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type AiTestResult = z.infer<typeof aiTestResultSchema>;

export const AI_CHAT_MAX_MESSAGES = 40;
export const aiChatRequestSchema = z.object({
  configuration: aiAgentConfigSchema,
  messages: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"]),
        content: z.string().check(z.minLength(1), z.maxLength(AI_TEST_MESSAGE_MAX)),
      }),
    )
    .check(z.minLength(1), z.maxLength(AI_CHAT_MAX_MESSAGES)),
});
export const aiChatResponseSchema = z.object({ response: z.optional(z.string()), provider: z.string() });

// ── Global settings ────────────────────────────────────────────────────────────────

export const globalSettingsRecordSchema = z.object({
  settings: globalSettingsSchema,
  updatedAt: z.nullable(timestamp),
});

// ── Billing ────────────────────────────────────────────────────────────────────────

export const billingSummarySchema = z.object({
  totalSubscriptions: z.number(),
  activeSubscriptions: z.number(),
  monthlyRevenue: z.number(),
  billableUsers: z.number(),
  averageRevenuePerOrganization: z.number(),
  activeTrials: z.number(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const subscriptionListQuerySchema = z.extend(pageQuerySchema, {
  status: z.optional(z.enum(["active", "inactive"])),
});
export const adminSubscriptionSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  current_salesperson_count: z.number(),
  subscription_status: z.string(),
  monthly_cost: z.number(),
  current_period_end: z.nullable(timestamp),
  stripe_customer_id: z.nullable(z.string()),
  created_at: timestamp,
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const subscriptionListSchema = paginated(adminSubscriptionSchema);

// ── Alerts and notifications ───────────────────────────────────────────────────────

export const ALERT_VIEWS = ["active", "unread", "resolved", "all"] as const;
export const alertListQuerySchema = z.extend(pageQuerySchema, {
  view: z.optional(z.enum(ALERT_VIEWS)),
  priority: z.optional(z.enum(["high", "medium_low"])),
});

export const adminAlertSchema = z.object({
  id: z.string(),
  alert_type: z.enum(ALERT_TYPES),
  /** Derived from the type (spec 2 §4). */
  priority: z.enum(ALERT_PRIORITIES),
  category: z.string(),
  message: z.string(),
  status: z.enum(ALERT_STATUSES),
  created_at: timestamp,
  organization_id: z.string(),
  organization_name: z.string(),
  user_name: z.string(),
  check_in_id: z.nullable(z.string()),
  resolved_at: z.nullable(timestamp),
});
export type AdminAlert = z.infer<typeof adminAlertSchema>;
export const alertListSchema = paginated(adminAlertSchema);

export const alertSummarySchema = z.object({
  totalActive: z.number(),
  highPriority: z.number(),
  mediumLow: z.number(),
});

export const alertDetailSchema = z.object({
  alert: adminAlertSchema,
  teamMember: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      jobTitle: z.nullable(z.string()),
      region: z.nullable(z.string()),
    }),
  ),
  scores: z.nullable(
    z.object({
      morale: z.number(),
      confidence: z.number(),
      stress: z.number(),
      sales_strength: z.number(),
      blockers: z.number(),
      recorded_at: timestamp,
    }),
  ),
  resolvedBy: z.nullable(z.string()),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

export const NOTIFICATION_LIST_LIMIT = 5;
export const notificationsSchema = z.object({
  unreadCount: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      message: z.string(),
      priority: z.enum(ALERT_PRIORITIES),
      organization_name: z.string(),
      created_at: timestamp,
    }),
  ),
});
export type Notifications = z.infer<typeof notificationsSchema>;

// ── Audit log ──────────────────────────────────────────────────────────────────────

const dateText = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31")));

export const auditQuerySchema = z.extend(pageQuerySchema, {
  action: z.optional(z.string().check(z.maxLength(100))),
  actor: searchText,
  targetType: z.optional(z.string().check(z.maxLength(50))),
  from: dateText,
  to: dateText,
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorUserId: z.nullable(z.string()),
  actorEmail: z.nullable(z.string()),
  action: z.string(),
  targetType: z.string(),
  targetId: z.nullable(z.string()),
  organizationId: z.nullable(z.string()),
  details: z.nullable(z.record(z.string(), z.unknown())),
  ipAddress: z.nullable(z.string()),
  createdAt: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.extend(paginated(auditEntrySchema), {
  /** The distinct actions and target types, for the filter menus. */
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
});

// ── Reports ────────────────────────────────────────────────────────────────────────

export const REPORT_KINDS = ["organizations", "users", "sentiment", "alerts"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const reportQuerySchema = z.object({ from: dateText, to: dateText });

// ── System ─────────────────────────────────────────────────────────────────────────

const providerStatus = z.object({
  configured: z.boolean(),
  /** null when not probed (not configured, or the probe was not asked for). */
  reachable: z.nullable(z.boolean()),
  latencyMs: z.nullable(z.number()),
  /** Human-readable, never a secret. */
  detail: z.string(),
});
export type ProviderStatus = z.infer<typeof providerStatus>;

export const systemStatusSchema = z.object({
  environment: z.string(),
  version: z.string(),
  checkedAt: timestamp,
  database: z.object({ reachable: z.boolean(), latencyMs: z.number() }),
  ai: z.extend(providerStatus, {
    provider: z.enum(["openai-compatible", "embedded"]),
    model: z.nullable(z.string()),
    host: z.nullable(z.string()),
  }),
  email: z.extend(providerStatus, {
    provider: z.enum(["http", "outbox"]),
    from: z.nullable(z.string()),
    queued: z.number(),
    failedLast7Days: z.number(),
  }),
  payments: z.extend(providerStatus, { priceConfigured: z.boolean(), webhookConfigured: z.boolean() }),
  auth: z.object({ secretConfigured: z.boolean(), publicUrl: z.nullable(z.string()), operatorCount: z.number() }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

// ── Customer support ───────────────────────────────────────────────────────────────

export const supportSearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(2, "Type at least 2 characters to search"), z.maxLength(200)),
});
export const supportSearchSchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      emailVerified: z.boolean(),
      status: z.string(),
      organizationId: z.nullable(z.string()),
      organizationName: z.nullable(z.string()),
      createdAt: timestamp,
      lastSignInAt: z.nullable(timestamp),
    }),
  ),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      domain: z.nullable(z.string()),
      status: z.string(),
      subscriptionTier: z.string(),
      accountCount: z.number(),
      createdAt: timestamp,
    }),
  ),
});
export type SupportSearch = z.infer<typeof supportSearchSchema>;
export const resendVerificationResultSchema = z.object({ sent: z.boolean(), message: z.string() });

// ── Operator login ─────────────────────────────────────────────────────────────────

/** Spec 2 §5, §8: the operator login's refusal for an address outside SUPERADMIN_EMAILS. */
export const ACCESS_DENIED_MESSAGE = "Access Denied: This email is not authorized for SuperAdmin access.";

// ── Operator demo helpers (development only) ───────────────────────────────────────

export const demoInitializeResultSchema = z.object({
  accounts: z.array(z.object({ role: z.string(), email: z.string(), created: z.boolean() })),
  warning: z.optional(z.string()),
});

export const okSchema = z.object({ ok: z.literal(true) });
