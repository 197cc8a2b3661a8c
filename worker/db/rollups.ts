import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";

/**
 * The dashboards' summaries (drizzle/0015_rollups.sql, WITHOUT ROWID there): one row per
 * organization and hour with the sums its weekly means are made of, the responses that
 * discussed each score, and the blockers reported. worker/insights/rollups.ts keeps them.
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
