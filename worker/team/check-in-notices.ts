import { and, eq } from "drizzle-orm";
import { checkIns, teamMembers } from "../db/schema";
import type { NoticeRenderers, RenderContext } from "../notify/notices";
import { appOrigin } from "../notify/recipients";
import { effectiveStatus, linkOf } from "./check-ins";
import { checkInInviteEmail, checkInReminderEmail } from "./emails";
import { organizationName } from "./send-check-in";

/**
 * A check-in's invitation and reminders, rendered by the notifications queue's consumer when
 * it sends them: the queue holds only the check-in's id, and the link's token is derived
 * here, at send time (issue 22 item 6). A check-in no longer open is not announced.
 */
async function renderCheckInEmail({ db, config, organizationId }: RenderContext, checkInId: string, reminder: boolean) {
  const [row] = await db
    .select({ checkIn: checkIns, firstName: teamMembers.firstName })
    .from(checkIns)
    .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.organizationId, organizationId)));
  if (!row) return { notSent: "The check-in is gone." };
  // The name is the platform's (the shard's copy of the organization only anchors its rows).
  const organization = await organizationName(db, organizationId);
  if (effectiveStatus(row.checkIn, Date.now()) !== "pending") return { notSent: "The check-in is no longer open." };
  const link = await linkOf(db, config, row.checkIn);
  const url = `${appOrigin(config)}${link.path}`;
  const email = (reminder ? checkInReminderEmail : checkInInviteEmail)({
    firstName: row.firstName,
    organizationName: organization,
    url,
    durationMinutes: row.checkIn.durationMinutes,
    expiresAt: row.checkIn.expiresAt,
  });
  return { title: email.subject, text: email.text, html: email.html, link: { label: "Start my check-in", url } };
}

export const checkInNoticeRenderers = {
  check_in_invite: (ctx, notice) => renderCheckInEmail(ctx, notice.checkInId, false),
  check_in_reminder: (ctx, notice) => renderCheckInEmail(ctx, notice.checkInId, true),
} satisfies Pick<NoticeRenderers, "check_in_invite" | "check_in_reminder">;
