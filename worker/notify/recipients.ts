import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { notificationPreferences, organizations, user } from "../db/schema";
import type { AlertEmailMode } from "../shared/notifications";
import { timeZoneOrDefault } from "./time-zone";

/** The organization's admins with their alert-email choice (no row = "immediately"). */
export async function organizationAdmins(db: Database, organizationId: string) {
  const rows = await db
    .select({ id: user.id, email: user.email, mode: notificationPreferences.alertEmails })
    .from(user)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, user.id))
    .where(and(eq(user.organizationId, organizationId), eq(user.role, "Admin")));
  return rows.map((row) => ({ id: row.id, email: row.email, mode: (row.mode ?? "immediately") as AlertEmailMode }));
}

export async function organizationFacts(db: Database, organizationId: string) {
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
