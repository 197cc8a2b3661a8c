import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";

/**
 * The readings salespeople corrected in their closing summary (issue 24 §7, drizzle/0013):
 * labels only (the score and the two bands), never their words. Kept with the check-in, so
 * the console counts per pillar where the reader is wrong in real use. Apart from schema.ts
 * so this feature's table reads on its own.
 */
export const scoreCorrections = sqliteTable(
  "score_corrections",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The check-in and member it belongs to (cascade: removing either removes it). */
    checkInId: text("check_in_id").notNull(),
    teamMemberId: text("team_member_id").notNull(),
    /** A score dimension (shared/pillars.ts SCORE_DIMENSIONS). */
    dimension: text("dimension").notNull(),
    /** The band the reader read and the band the salesperson chose (shared/check-in-summary.ts). */
    readBand: text("read_band").notNull(),
    chosenBand: text("chosen_band").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("score_corrections_check_in_idx").on(t.checkInId, t.dimension),
    index("score_corrections_created_idx").on(t.createdAt, t.dimension),
    index("score_corrections_org_idx").on(t.organizationId, t.createdAt),
  ],
);
