/** Lengths of time and the UTC calendar day, for the Worker and the SPA alike (no dependencies). */

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

/** An instant's calendar day in UTC, 'YYYY-MM-DD'. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
