import * as z from "zod/mini";
import { CHECK_IN_STATUSES } from "../domain";
import { timestamp } from "./common";
import { teamMemberContactSchema } from "./team-member-contact";

/**
 * The operator console's API, shared by the Worker and the SPA. Customer Support
 * (/api/admin/support).
 */
export const supportSearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(2, "Type at least 2 characters to search"), z.maxLength(200)),
});
export const supportSearchSchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      emailVerified: z.boolean(),
      status: z.string(),
      organizationId: z.nullable(z.string()),
      organizationName: z.nullable(z.string()),
      createdAt: timestamp,
      lastSignInAt: z.nullable(timestamp),
    }),
  ),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      domain: z.nullable(z.string()),
      status: z.string(),
      subscriptionTier: z.string(),
      accountCount: z.number(),
      createdAt: timestamp,
    }),
  ),
  /** Team members (they never sign in): found in every organization's shard. No check-in token or link, ever. */
  salespeople: z.array(
    z.extend(teamMemberContactSchema, {
      active: z.boolean(),
      organizationId: z.string(),
      organizationName: z.nullable(z.string()),
      /** The newest check-in sent to them: its status and when it was sent. */
      lastCheckIn: z.nullable(z.object({ status: z.enum(CHECK_IN_STATUSES), sentAt: timestamp })),
    }),
  ),
});
export type SupportSearch = z.infer<typeof supportSearchSchema>;
export const resendVerificationResultSchema = z.object({ sent: z.boolean(), message: z.string() });
