/**
 * Where a reading turns negative on the 0–100 scale: the reader's polarity and the
 * interviewer's "probe deeper" line (checkin/rules.ts PROBE_BELOW) are the same line.
 */
export const NEGATIVE_BELOW = 42;
