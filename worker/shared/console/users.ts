import * as z from "zod/mini";
import { pageQuerySchema, paginated, searchText, timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. User Oversight
 * (/api/admin/users).
 */
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

/**
 * What the Overview's Platform Users and User Oversight's Total Users both count (one
 * definition: worker/admin/people-counts.ts), written under each so the two read alike.
 */
export const PLATFORM_USERS_SCOPE = "Every account, operators too, and every salesperson, paused or not";

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
  /** Null: a salesperson added without an email (accounts always have one). */
  email: z.nullable(z.string()),
  role: z.string(),
  status: z.string(),
  organizationId: z.nullable(z.string()),
  organizationName: z.nullable(z.string()),
  emailVerified: z.nullable(z.boolean()),
  createdAt: timestamp,
});
export type PlatformPerson = z.infer<typeof platformPersonSchema>;
export const userListSchema = paginated(platformPersonSchema);

/** Issue 25 §6: what an operator can do to one account. The allowlist alone decides SuperAdmin. */
export const ASSIGNABLE_ROLES = ["Admin", "Manager", "Sales Manager", "Salesperson", "Sales Representative"] as const;
export const userRoleChangeSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES) });
export type UserRoleChange = z.infer<typeof userRoleChangeSchema>;
export const userActionResultSchema = z.object({ id: z.string(), status: z.string(), role: z.string() });
export type UserActionResult = z.infer<typeof userActionResultSchema>;
