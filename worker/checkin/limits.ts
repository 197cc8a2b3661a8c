/**
 * What one check-in's chat may take, whatever number of sockets or links are behind it
 * (README → Chat ownership). A 10-minute chat runs to about 15–30 messages; the caps sit far
 * above that and far below what would cost us.
 */

/** Sockets at once (the owner's tabs); one more is refused at the upgrade with 429. */
export const MAX_SOCKETS_PER_CHAT = 4;
/** The salesperson's messages per chat, and their characters in total (50 messages of the maximum length). */
export const MAX_USER_MESSAGES = 200;
export const MAX_USER_CHARS = 100_000;
/** Frames per chat, not per socket: a burst of 20, refilled at 2 per second. */
export const CHAT_BURST = 20;
export const CHAT_REFILL_PER_SECOND = 2;

/** A token bucket for the whole chat (in memory: an evicted object starts full, which is harmless). */
export class ChatRate {
  private tokens = CHAT_BURST;
  private at = 0;

  allow(now: number): boolean {
    if (this.at === 0) this.at = now;
    this.tokens = Math.min(CHAT_BURST, this.tokens + ((now - this.at) / 1000) * CHAT_REFILL_PER_SECOND);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The salesperson's messages so far, and their characters. */
export type UserTotals = { count: number; chars: number };

/** Whether one more message of `chars` characters fits the chat's caps. */
export function withinCaps(stored: UserTotals, chars: number): boolean {
  return stored.count + 1 <= MAX_USER_MESSAGES && stored.chars + chars <= MAX_USER_CHARS;
}
