import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { ApiError } from "../lib/errors";
import { TWO_FACTOR_OFF_MESSAGE } from "../shared/auth";
import { getAuth } from "./auth";

/** What better-auth's viewBackupCodes answers; only the array's length leaves this module. */
const storedCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/**
 * How many recovery codes the user has left. better-auth stores them encrypted with
 * BETTER_AUTH_SECRET; its server-only `viewBackupCodes` decrypts them (the same reader its
 * verify-backup-code uses), so we count without touching its crypto. Never log the codes.
 */
export async function recoveryCodesLeft(env: Env, userId: string): Promise<number> {
  try {
    const stored = storedCodesSchema.parse(await getAuth(env).api.viewBackupCodes({ body: { userId } }));
    return stored.backupCodes.length;
  } catch (error) {
    // No two_factor row (turned off in between): nothing to count.
    if (isAPIError(error)) throw new ApiError(409, "two_factor_off", TWO_FACTOR_OFF_MESSAGE);
    throw error;
  }
}
