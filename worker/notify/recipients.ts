import { and, eq } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { notificationPreferences, organizations, user } from "../db/schema";
import type { AlertEmailMode } from "../shared/notifications";
import { timeZoneOrDefault } from "./time-zone";

export type OrganizationAdmin = { id: string; email: string; mode: AlertEmailMode };

/**
 * The Admins who may hear about the organization — verified address, active account — with
 * their alert-email choice (no row = "immediately"). An address nobody proved is theirs, or
 * an account the operator deactivated, gets no names and no scores.
 */
export async function organizationAdmins(anyDb: Database, organizationId: string): Promise<OrganizationAdmin[]> {
  const db = platformOf(anyDb);
  const rows = await db
    .select({ id: user.id, email: user.email, mode: notificationPreferences.alertEmails })
    .from(user)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, user.id))
    .where(
      and(
        eq(user.organizationId, organizationId),
        eq(user.role, "Admin"),
        eq(user.emailVerified, true),
        eq(user.status, "Active"),
      ),
    );
  return rows.map((row) => ({ id: row.id, email: row.email, mode: row.mode ?? "immediately" }));
}

/** The signed-in admin's own choice, for Settings (whatever the list above says of them). */
export async function alertEmailMode(anyDb: Database, userId: string): Promise<AlertEmailMode> {
  const db = platformOf(anyDb);
  const [row] = await db
    .select({ mode: notificationPreferences.alertEmails })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.mode ?? "immediately";
}

export async function organizationFacts(anyDb: Database, organizationId: string) {
  const db = platformOf(anyDb);
  const [row] = await db
    .select({ name: organizations.name, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ? { name: row.name, timeZone: timeZoneOrDefault(row.timeZone) } : null;
}

export function appOrigin(config: { BETTER_AUTH_URL?: string | undefined }): string {
  if (!config.BETTER_AUTH_URL) throw new Error("BETTER_AUTH_URL is not configured; notifications link to the app");
  return config.BETTER_AUTH_URL.replace(/\/+$/, "");
}
