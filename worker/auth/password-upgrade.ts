import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { account } from "../db/schema";
import { hashPassword, needsRehash } from "./password";

/**
 * After a successful password sign-in: if the stored hash was made with older scrypt
 * parameters, store a new one. Conditional on the old hash, so a password changed in
 * between is never overwritten.
 */
export async function upgradePasswordHash(db: Database, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ id: account.id, password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!credential?.password || !needsRehash(credential.password)) return false;
  const hash = await hashPassword(password);
  await db
    .update(account)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(account.id, credential.id), eq(account.password, credential.password)));
  return true;
}
