import type { Participation } from "./insights";
import { plural } from "./plural";

/**
 * Participation in words, one wording for the Overview's card and the weekly digest, so the
 * headline percent and the sentences beside it describe the same thing (README → Decisions
 * "Participation"): the percent is the share of check-ins sent that were answered (open ones
 * left out), and the people who answered this week are a separate, labelled count.
 */

/** The headline percent, 0–100 (the insights already rounded it); "—" when no check-in has closed. */
export function answeredPercent(participation: Pick<Participation, "rate">): string {
  return participation.rate === null ? "—" : `${Math.round(participation.rate)}%`;
}

/** What the percent is a share of: "1 of 1 check-in sent answered over 12 weeks; 1 still open, not counted". */
export function checkInsAnsweredText(
  participation: Pick<Participation, "completed" | "expired" | "pending">,
  weeks: number,
): string {
  const closed = participation.completed + participation.expired;
  const open = participation.pending > 0 ? `; ${participation.pending} still open, not counted` : "";
  return `${participation.completed} of ${closed} ${plural(closed, "check-in")} sent answered over ${weeks} weeks${open}`;
}

/** The people, not the check-ins: "People this week: 1 of 2 answered". */
export function peopleThisWeekText(participation: Pick<Participation, "membersThisWeek" | "activeMembers">): string {
  return `People this week: ${participation.membersThisWeek} of ${participation.activeMembers} answered`;
}
