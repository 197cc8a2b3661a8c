import type { ResetLinkCheckResponse } from "../shared/auth";
import { getAuth } from "./auth";

/**
 * Whether better-auth would accept this reset token now: the lookup its own GET
 * /reset-password/:token callback makes (the hashed identifier, the expiry), without using
 * the token up. Our emailed link skips that callback (it would put the token in the address
 * bar), so /reset-password asks here on arrival.
 */
export async function checkResetLink(env: Env, token: string): Promise<ResetLinkCheckResponse> {
  const context = await getAuth(env).$context;
  const row = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return { usable: row !== null && row.expiresAt > new Date() };
}
