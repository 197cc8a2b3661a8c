import { publicOrigin } from "../auth/auth";
import type { Database } from "../db/client";
import { sendEmail } from "../email/send";
import type { AppConfig } from "../lib/config";
import { appSecrets } from "../lib/keys";
import { log } from "../lib/log";
import { deliveryOf, sendable } from "./delivery";
import type { CheckInRecord } from "./link";
import { movedEmail } from "./moved-email";
import { notMeUrl } from "./not-me-link";

/**
 * Every move of a chat emails the check-in's stored address (the fresh link's own address:
 * a handed-over check-in has none, and can never move, since it gets no fresh link) with
 * "This wasn't me". Through the email outbox like the fresh link; not counted against the
 * organization's daily email cap again — each move used a fresh link, whose email was counted,
 * and a security notice must not be the email a cap drops. A failure is logged, never
 * reported: the move has happened, and the page must not show it as failed.
 */
export async function sendMovedEmail(
  env: Env,
  db: Database,
  config: AppConfig,
  request: Request,
  record: CheckInRecord,
  move: { number: number; at: number },
): Promise<void> {
  try {
    const to = sendable(await deliveryOf(db, record));
    if (to === null) return;
    const url = await notMeUrl(publicOrigin(config, request), appSecrets(config), record.id, move.number, move.at);
    const result = await sendEmail(env, db, {
      to: to.address,
      ...movedEmail({
        firstName: record.firstName,
        organizationName: record.organizationName,
        movedAt: move.at,
        notMeUrl: url,
      }),
      kind: "check_in_moved",
      dedupeKey: `check-in-moved:${record.id}:${move.number}`,
      organizationId: record.organizationId,
      capSpent: true,
    });
    if (result.status === "failed") log("warn", "check_in_moved_email_failed", { checkInId: record.id });
  } catch (error) {
    log("warn", "check_in_moved_email_failed", { checkInId: record.id, error });
  }
}
