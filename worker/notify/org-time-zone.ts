import { eq } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { organizations } from "../db/schema";
import { timeZoneOrDefault } from "./time-zone";

export async function organizationTimeZone(anyDb: Database, organizationId: string): Promise<string> {
  const db = platformOf(anyDb);
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return timeZoneOrDefault(row?.timeZone);
}
