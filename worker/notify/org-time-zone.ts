import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizations } from "../db/schema";
import { timeZoneOrDefault } from "./time-zone";

export async function organizationTimeZone(db: Database, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return timeZoneOrDefault(row?.timeZone);
}
