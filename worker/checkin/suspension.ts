import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { checkIns } from "../db/schema";

/**
 * Suspending an organization (issue 12 §5) also ends the chats its salespeople have open
 * right now: each open check-in's object closes its sockets, and the link refuses to
 * reconnect (checkInForLink) until the suspension is lifted. Nothing is deleted.
 */
export async function disconnectOpenChats(env: Env, db: Database, organizationId: string): Promise<number> {
  const open = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.organizationId, organizationId), eq(checkIns.status, "pending")));
  await Promise.all(open.map(({ id }) => env.CHECKIN_SESSION.getByName(id).disconnect()));
  return open.length;
}
