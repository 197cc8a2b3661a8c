import { and, eq, isNull } from "drizzle-orm";
import * as zc from "zod/v4/core";
import { type Database, platformOf } from "../db/client";
import { organizations } from "../db/schema";
import { timeZoneSchema } from "../shared/notifications";

/**
 * Sign-up's default: the browser's zone, sent with the first POST /api/organization/ensure.
 * Only an organization without one takes it; a zone chosen in Settings is never overwritten.
 */
export async function adoptBrowserTimeZone(anyDb: Database, organizationId: string, timeZone: string): Promise<void> {
  const db = platformOf(anyDb);
  await db
    .update(organizations)
    .set({ timeZone })
    .where(and(eq(organizations.id, organizationId), isNull(organizations.timeZone)));
}

/** The `timeZone` of a request body, when it is one this runtime knows; anything else is ignored. */
export function browserTimeZone(body: unknown): string | null {
  const value = body && typeof body === "object" ? (body as { timeZone?: unknown }).timeZone : undefined;
  const parsed = zc.safeParse(timeZoneSchema, value);
  return parsed.success ? parsed.data : null;
}
