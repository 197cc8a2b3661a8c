import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";

/**
 * The dashboards' summaries (drizzle/0015_rollups.sql, WITHOUT ROWID there): one row per
 * organization and hour with the sums its weekly means are made of, the responses that
 * discussed each score, and the blockers reported (read by worker/insights/score-weeks.ts); and
 * the other summaries of drizzle/0016_summaries.sql. Triggers in the migrations keep them.
 */
export const scoreRollups = sqliteTable(
  "score_rollups",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The hour's start, epoch ms (a multiple of 3,600,000). */
    hour: integer("hour").notNull(),
    responses: integer("responses").notNull().default(0),
    moraleSum: integer("morale_sum").notNull().default(0),
    confidenceSum: integer("confidence_sum").notNull().default(0),
    stressSum: integer("stress_sum").notNull().default(0),
    salesStrengthSum: integer("sales_strength_sum").notNull().default(0),
    moraleDiscussed: integer("morale_discussed").notNull().default(0),
    confidenceDiscussed: integer("confidence_discussed").notNull().default(0),
    stressDiscussed: integer("stress_discussed").notNull().default(0),
    salesStrengthDiscussed: integer("sales_strength_discussed").notNull().default(0),
    blockersDiscussed: integer("blockers_discussed").notNull().default(0),
    blockers: integer("blockers").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.hour] }),
    // Retention deletes the oldest hours; the console sums them platform-wide.
    index("score_rollups_hour_idx").on(t.hour),
  ],
);

/** Per organization, the counts over all its members the Overview shows (kept from member_scores). */
export const memberCounts = sqliteTable("member_counts", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  members: integer("members").notNull().default(0),
  active: integer("active").notNull().default(0),
  high: integer("high").notNull().default(0),
  watch: integer("watch").notNull().default(0),
  ok: integer("ok").notNull().default(0),
  unknown: integer("unknown").notNull().default(0),
  scored: integer("scored").notNull().default(0),
  strengthSum: integer("strength_sum").notNull().default(0),
  strong: integer("strong").notNull().default(0),
  solid: integer("solid").notNull().default(0),
  developing: integer("developing").notNull().default(0),
  highStress: integer("high_stress").notNull().default(0),
  lowConfidence: integer("low_confidence").notNull().default(0),
});

/** Per organization and hour of sending: check-ins sent, completed and expired (by status). */
export const checkInRollups = sqliteTable(
  "check_in_rollups",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    hour: integer("hour").notNull(),
    sent: integer("sent").notNull().default(0),
    completed: integer("completed").notNull().default(0),
    expired: integer("expired").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.hour] })],
);

/** Per organization, hour and blocker theme: the reports and the newest one's time. */
export const themeRollups = sqliteTable(
  "theme_rollups",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    hour: integer("hour").notNull(),
    theme: text("theme").notNull(),
    reports: integer("reports").notNull().default(0),
    lastAt: integer("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.hour, t.theme] })],
);

/** Who reported a theme, and when last. */
export const themeReporters = sqliteTable(
  "theme_reporters",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    theme: text("theme").notNull(),
    teamMemberId: text("team_member_id").notNull(),
    lastAt: integer("last_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.theme, t.teamMemberId] }),
    index("theme_reporters_last_idx").on(t.organizationId, t.lastAt, t.theme),
  ],
);

/** How many reporters' last report of a theme fell in each hour. */
export const themeReporterHours = sqliteTable(
  "theme_reporter_hours",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    hour: integer("hour").notNull(),
    theme: text("theme").notNull(),
    reporters: integer("reporters").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.hour, t.theme] })],
);
