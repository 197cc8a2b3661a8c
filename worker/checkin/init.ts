import { z } from "zod";

/**
 * The contract between the Worker's check-in route and the CheckInSession object: the Worker
 * validates id + token against D1, then the first upgrade carries the check-in's facts in
 * this header. Its own module, so the route does not import the object's file.
 */
export const INIT_HEADER = "x-checkin-init";

/**
 * What the link's read brought from the organization's shard for a check-in whose clock has not
 * started (the routes that may start its chat): the stored conversation style (raw, validated
 * where it is used) and the team's active size. The start then reads only the platform.
 */
export const shardReadsSchema = z.object({
  style: z.unknown(),
  activeMembers: z.number().int().min(0),
});
export type ShardReads = z.infer<typeof shardReadsSchema>;

export const sessionInitSchema = z.object({
  checkInId: z.string().min(1),
  organizationId: z.string().min(1),
  teamMemberId: z.string().min(1),
  firstName: z.string(),
  fullName: z.string(),
  durationMinutes: z.number().int().min(1).max(120),
  expiresAt: z.number().int(),
  shardReads: shardReadsSchema.optional(),
});
export type SessionInit = z.infer<typeof sessionInitSchema>;

/** The init header's facts, or null when the header is missing or not what the route sends. */
export function sessionInitFrom(request: Request): SessionInit | null {
  const raw = request.headers.get(INIT_HEADER);
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = sessionInitSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
