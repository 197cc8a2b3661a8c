import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { getAuth } from "../auth/auth";
import type { Database } from "../db/client";
import { twoFactor, user } from "../db/schema";
import { DEMO_OPERATOR, DEMO_OPERATOR_TOTP_SECRET } from "./seed";

export { DEMO_OPERATOR_TOTP_SECRET };

/*
 * The demo operator's authenticator (development only, like its password): the console
 * requires two factors of every SuperAdmin, so a newcomer and any outside check need a
 * known secret. Base32, for any RFC 6238 generator (SHA-1, 6 digits, 30 s):
 * `oathtool --totp -b JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP`, or tests/fixtures/totp.ts.
 */

/**
 * Gives the demo operator that authenticator unless they have one (stored as better-auth
 * stores its own: encrypted, the `base32:` form its TOTP reader decodes). Idempotent.
 */
export async function ensureDemoOperatorTwoFactor(env: Env, db: Database): Promise<void> {
  const [operator] = await db
    .select({ id: user.id, enabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.email, DEMO_OPERATOR.email));
  if (!operator) return;
  const [existing] = await db.select({ id: twoFactor.id }).from(twoFactor).where(eq(twoFactor.userId, operator.id));
  if (existing && operator.enabled) return;
  const { secretConfig } = await getAuth(env).$context;
  const [secret, backupCodes] = await Promise.all([
    symmetricEncrypt({ key: secretConfig, data: `base32:${DEMO_OPERATOR_TOTP_SECRET}` }),
    symmetricEncrypt({ key: secretConfig, data: "[]" }),
  ]);
  await db.batch([
    db.delete(twoFactor).where(eq(twoFactor.userId, operator.id)),
    db.insert(twoFactor).values({ id: crypto.randomUUID(), userId: operator.id, secret, backupCodes, verified: true }),
    db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, operator.id)),
  ]);
}
