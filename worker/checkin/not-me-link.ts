import { type AppSecrets, purposeMac, secretsInOrder } from "../lib/keys";
import type { NotMeLink } from "../shared/checkin-protocol";
import { digestsEqual } from "./token";

/**
 * The "This wasn't me" link in the email every move of a chat sends (README → Chat ownership):
 * `/check-in/{id}?move={n}&at={movedAt}&notme={signature}`. The signature is an HMAC under its
 * own purpose key (worker/lib/keys.ts) of the check-in, the move and its time, so it names one
 * move of one check-in, cannot be made from a link token or a device secret, and nothing of it
 * is stored: only the email carries it (its stored copy has it removed, worker/email/redact.ts).
 */
export const NOT_ME_PARAM = "notme";
/** The link works this long after the move. */
export const NOT_ME_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const signed = (checkInId: string, move: number, at: number) => `${checkInId}:${move}:${at}`;

export async function notMeUrl(
  origin: string,
  secrets: AppSecrets,
  checkInId: string,
  move: number,
  at: number,
): Promise<string> {
  const signature = await purposeMac(secrets.current, "checkInNotMe", signed(checkInId, move, at));
  return `${origin}/check-in/${encodeURIComponent(checkInId)}?move=${move}&at=${at}&${NOT_ME_PARAM}=${signature}`;
}

export type NotMeCheck = { ok: true; move: number; movedAt: number } | { ok: false; reason: "forged" | "expired" };

/** Checks a link's signature (the current secret, then the previous one while it is kept), then its age. */
export async function checkNotMeLink(
  secrets: AppSecrets,
  checkInId: string,
  link: NotMeLink,
  now: number,
): Promise<NotMeCheck> {
  const move = Number(link.move);
  const at = Number(link.at);
  let genuine = false;
  for (const secret of secretsInOrder(secrets)) {
    if (digestsEqual(await purposeMac(secret, "checkInNotMe", signed(checkInId, move, at)), link.notme)) genuine = true;
  }
  if (!genuine) return { ok: false, reason: "forged" };
  if (now - at > NOT_ME_TTL_MS) return { ok: false, reason: "expired" };
  return { ok: true, move, movedAt: at };
}
