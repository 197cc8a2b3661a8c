import { and, eq } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { organizations, trials } from "../db/schema";
import type { AppConfig } from "../lib/config";
import type { NoticeRenderers } from "../notify/notices";
import { appOrigin } from "../notify/recipients";
import { trialEndedEmail, trialReminderEmail } from "./lifecycle-emails";

/**
 * The trial's reminders and its end, rendered by the notifications queue's consumer when it
 * sends them (./lifecycle.ts enqueues them by id, worker/notify/mailer.ts).
 */
async function trialOf(anyDb: Database, organizationId: string, id: string) {
  const db = platformOf(anyDb);
  const [row] = await db
    .select({ endsAt: trials.trialEndDate, organizationName: organizations.name })
    .from(trials)
    .innerJoin(organizations, eq(organizations.id, trials.organizationId))
    .where(and(eq(trials.id, id), eq(trials.organizationId, organizationId)));
  return row ?? null;
}

const upgradeUrl = (config: AppConfig) => `${appOrigin(config)}/dashboard?plan=choose`;

export const trialNoticeRenderers = {
  trial_reminder: async ({ db, config, organizationId }, notice) => {
    const trial = await trialOf(db, organizationId, notice.trialId);
    if (!trial) return { notSent: "The trial is gone." };
    const url = upgradeUrl(config);
    const email = trialReminderEmail({
      organizationName: trial.organizationName,
      days: notice.days,
      endsAt: trial.endsAt.getTime(),
      upgradeUrl: url,
    });
    return { title: email.subject, text: email.text, html: email.html, link: { label: "Upgrade to Pro", url } };
  },
  trial_ended: async ({ db, config, organizationId }, notice) => {
    const trial = await trialOf(db, organizationId, notice.trialId);
    if (!trial) return { notSent: "The trial is gone." };
    const url = upgradeUrl(config);
    const email = trialEndedEmail({ organizationName: trial.organizationName, upgradeUrl: url });
    return { title: email.subject, text: email.text, html: email.html, link: { label: "Upgrade to Pro", url } };
  },
} satisfies Pick<NoticeRenderers, "trial_reminder" | "trial_ended">;
