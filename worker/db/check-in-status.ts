import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "./client";
import { checkIns } from "./schema";

type CheckInRow = typeof checkIns.$inferInsert;

/**
 * What a check-in's status may become, with the columns that change with it: completed by its
 * object's completion batch, or expired — by its object (never started in time), by the cron
 * (past expires_at), by the Admin's revoke (which also ends the link now) or by the dev seed.
 */
export type StatusChange =
  | ({ status: "completed" } & Pick<CheckInRow, "completedAt" | "startedAt" | "conversationState" | "needsReview">)
  | { status: "expired"; expiresAt?: SQL };

/**
 * The one way a check-in's status changes in D1 (a test fails on any other UPDATE of it). Only
 * a pending check-in moves: `status = 'pending'` is in the UPDATE's own WHERE, so of two changes
 * racing (a revoke and a completion, the cron and the object) one wins and the other changes
 * nothing, and a completed or expired check-in stays so. Returns the statement, to run alone,
 * with `.returning()`, or inside a D1 batch.
 */
export function changeCheckInStatus(db: Database, which: SQL | undefined, change: StatusChange) {
  return db
    .update(checkIns)
    .set(change)
    .where(and(eq(checkIns.status, "pending"), which));
}
