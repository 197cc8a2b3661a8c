import type { Database } from "../db/client";
import { sendEmail } from "../email/send";
import { signupNotificationEmail } from "../email/templates";
import { readConfig } from "../lib/config";
import { log } from "../lib/log";
import { hitRateLimit } from "../lib/rate-limit";

/** Spec 1 §9: the same email is notified at most once a minute. */
export const SIGNUP_NOTIFICATION_COOLDOWN_MS = 60_000;

export type SignupNotice = { firstName: string; lastName: string; email: string; companyName: string };

/**
 * Spec 1 §7 item 7 (notify-signup): tells the operators (SUPERADMIN_EMAILS) about a new
 * account. Skipped within the cooldown for the same email; a failure is logged and ignored,
 * never the sign-up's problem.
 */
export async function notifySignup(env: object, db: Database, notice: SignupNotice): Promise<void> {
  try {
    const operators = readConfig(env).SUPERADMIN_EMAILS;
    if (operators.length === 0) return;
    const email = notice.email.trim().toLowerCase();
    const cooldown = await hitRateLimit(db, `notify-signup:${email}`, {
      limit: 1,
      windowMs: SIGNUP_NOTIFICATION_COOLDOWN_MS,
    });
    if (!cooldown.allowed) return;
    const rendered = signupNotificationEmail({ ...notice, email });
    const minute = Math.floor(Date.now() / SIGNUP_NOTIFICATION_COOLDOWN_MS);
    for (const operator of operators) {
      await sendEmail(env, db, {
        to: operator,
        kind: "signup_notification",
        dedupeKey: `signup-notification:${email}:${operator}:${minute}`,
        ...rendered,
      });
    }
  } catch (error) {
    log("warn", "signup_notification_failed", { error });
  }
}
