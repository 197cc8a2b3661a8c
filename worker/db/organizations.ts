import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { STORED_ORGANIZATION_STATUSES, SUBSCRIPTION_TIERS } from "../shared/domain";

/**
 * The tenancy root, in its own module because both the business tables (schema.ts) and
 * better-auth's user (auth-schema.ts) reference it: neither has to import the other.
 */
const now = sql`(unixepoch('subsec') * 1000)`;

export const organizations = sqliteTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    domain: text("domain"),
    industry: text("industry"),
    /** The operator's access (active, inactive, suspended); the plan's lifecycle is read from trials and subscriptions. */
    status: text("status", { enum: STORED_ORGANIZATION_STATUSES }).notNull().default("active"),
    subscriptionTier: text("subscription_tier", { enum: SUBSCRIPTION_TIERS }).notNull().default("basic"),
    /** The user whose sign-up created it (null for organizations an operator created). */
    createdBy: text("created_by"),
    /** IANA time zone (e.g. "Europe/Berlin") for schedules and the weekly digest; null reads as UTC (worker/notify). */
    timeZone: text("time_zone"),
    /** Set by an Admin: every Admin of the organization needs two-factor sign-in (worker/auth/middleware.ts). */
    requireAdminTwoFactor: integer("require_admin_two_factor", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("organizations_created_idx").on(t.createdAt),
    uniqueIndex("organizations_created_by_idx").on(t.createdBy),
  ],
);
