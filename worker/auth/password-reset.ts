import type { Database } from "../db/client";
import { sendEmail } from "../email/send";
import { passwordResetEmail } from "../email/templates";
import { log } from "../lib/log";
import { PASSWORD_RESET_MINUTES } from "../shared/auth";

type ResetRecipient = { email: string; organizationId?: string | null | undefined };

/**
 * better-auth's sendResetPassword: the link lands on /auth/callback (type=recovery) like every
 * emailed link. It counts against the organization's daily email cap; a refusal (the cap, a
 * delivery failure) is logged without the address and never changes the answer, which must
 * read the same whether or not the address has an account.
 */
export async function sendPasswordReset(env: object, db: Database, recipient: ResetRecipient, url: string) {
  try {
    await sendEmail(env, db, {
      to: recipient.email,
      kind: "password_reset",
      organizationId: recipient.organizationId ?? null,
      ...passwordResetEmail({ url, minutes: PASSWORD_RESET_MINUTES }),
    });
  } catch (error) {
    // The class only: a provider's message could quote the email, whose link holds the token.
    log("warn", "password_reset_not_sent", { errorType: error instanceof Error ? error.name : "unknown" });
  }
}
