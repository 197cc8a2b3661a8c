import * as z from "zod/mini";
import { CHECK_IN_STATUSES, TEAM_MEMBER_STATUSES } from "./domain";

/**
 * The team API (/api/team-members, /api/check-ins): request schemas the form and the
 * Worker both validate with, and the response shapes the SPA checks at its boundary.
 * Messages are written for a person: the form shows the first one.
 */

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** Optional free text: blank means "not set" (null). */
const optionalText = (label: string, max: number) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: `${label} must be text` })
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
    // Absent stays absent (a PATCH leaves it alone); blank means "clear it".
    z.transform((value: string | null | undefined) => (value === undefined ? undefined : value ? value : null)),
  );

export const teamMemberEmailSchema = z.string({ error: "Email is required" }).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, "Email is required"),
  // abort: a longer string never reaches the email pattern.
  z.maxLength(254, { error: "Please enter a valid email address", abort: true }),
  z.email("Please enter a valid email address"),
);

/**
 * A team member's email is optional: blank or null means "no email" (null). Their check-in
 * link is then handed over by the Admin (POST /api/check-ins answers with it only then).
 * Absent stays absent, so a PATCH without it leaves the address alone.
 */
export const optionalTeamMemberEmailSchema = z.pipe(
  z.pipe(
    z.nullish(z.string({ error: "Please enter a valid email address" })),
    z.transform((value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value : null)),
  ),
  z.optional(z.nullable(teamMemberEmailSchema)),
);

export const TEAM_MEMBER_FIELD_LIMITS = { name: 80, jobTitle: 120, region: 80 } as const;

export const teamMemberCreateSchema = z.object({
  firstName: requiredText("First name", TEAM_MEMBER_FIELD_LIMITS.name),
  lastName: requiredText("Last name", TEAM_MEMBER_FIELD_LIMITS.name),
  email: optionalTeamMemberEmailSchema,
  jobTitle: optionalText("Job title", TEAM_MEMBER_FIELD_LIMITS.jobTitle),
  region: optionalText("Region", TEAM_MEMBER_FIELD_LIMITS.region),
});
export type TeamMemberCreate = z.output<typeof teamMemberCreateSchema>;
export type TeamMemberCreateInput = z.input<typeof teamMemberCreateSchema>;

/** PATCH: any subset of the fields, plus pausing (inactive) or resuming (active) a member. */
export const teamMemberPatchSchema = z
  .object({
    firstName: z.optional(requiredText("First name", TEAM_MEMBER_FIELD_LIMITS.name)),
    lastName: z.optional(requiredText("Last name", TEAM_MEMBER_FIELD_LIMITS.name)),
    email: optionalTeamMemberEmailSchema,
    jobTitle: optionalText("Job title", TEAM_MEMBER_FIELD_LIMITS.jobTitle),
    region: optionalText("Region", TEAM_MEMBER_FIELD_LIMITS.region),
    status: z.optional(z.enum(TEAM_MEMBER_STATUSES, { error: "Status must be active or inactive" })),
  })
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), "Nothing to update"));
export type TeamMemberPatch = z.output<typeof teamMemberPatchSchema>;

export const idParamSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

const isoDate = z.string();

export const checkInSummarySchema = z.object({
  id: z.string(),
  status: z.enum(CHECK_IN_STATUSES),
  createdAt: isoDate,
  completedAt: z.nullable(isoDate),
  expiresAt: isoDate,
});
export type CheckInSummary = z.infer<typeof checkInSummarySchema>;

/** A team member by name, as alerts, check-ins and charts refer to them. */
export const teamMemberRefShape = { id: z.string(), firstName: z.string(), lastName: z.string() };

/** Who a team member is, as the team list and the dashboard show them; views that carry the email add it. */
export const teamMemberProfileShape = {
  ...teamMemberRefShape,
  jobTitle: z.nullable(z.string()),
  region: z.nullable(z.string()),
  status: z.enum(TEAM_MEMBER_STATUSES),
};

export const teamMemberSchema = z.object({
  ...teamMemberProfileShape,
  /** Null: no email; the Admin hands their check-in link over. */
  email: z.nullable(z.string()),
  createdAt: isoDate,
  /** Their most recent check-in, whatever its status. */
  lastCheckIn: z.nullable(checkInSummarySchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * What the organization's plan allows: the Free Trial caps active members at 3 (spec 1 §9);
 * Pro is unlimited (limit null) and billed per active member.
 */
export const teamPlanSchema = z.object({
  plan: z.enum(["trial", "pro"]),
  limit: z.nullable(z.number()),
  activeCount: z.number(),
  canAdd: z.boolean(),
});
export type TeamPlan = z.infer<typeof teamPlanSchema>;

/** A list's `?limit=`: a whole number from 1 to `max`, `fallback` when absent. */
const pageLimit = (max: number, fallback: number) =>
  z._default(
    z.coerce
      .number({ error: "limit must be a number" })
      .check(
        z.int("limit must be a whole number"),
        z.gte(1, "limit must be at least 1"),
        z.lte(max, `limit must be at most ${max}`),
      ),
    fallback,
  );

/** The most members one page of the list carries: a 10,000-person team is read a page at a time. */
export const TEAM_PAGE_SIZE = 100;
/** The longest search the list accepts (a name or an email). */
export const TEAM_SEARCH_MAX_CHARS = 100;

/** GET /api/team-members: one page in name order, narrowed by `q` (a part of a name or an email). */
export const teamListQuerySchema = z.object({
  q: z.optional(
    z
      .string()
      .check(z.maxLength(TEAM_SEARCH_MAX_CHARS, `search is at most ${TEAM_SEARCH_MAX_CHARS} characters`), z.trim()),
  ),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(400))),
  limit: pageLimit(TEAM_PAGE_SIZE, TEAM_PAGE_SIZE),
});
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

export const teamListResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  plan: teamPlanSchema,
  /** How many members match the search (all of them without one), over every page. */
  total: z.number(),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;

export const teamMemberResponseSchema = z.object({ member: teamMemberSchema, plan: teamPlanSchema });
export type TeamMemberResponse = z.infer<typeof teamMemberResponseSchema>;

export const deleteResponseSchema = z.object({ deleted: z.boolean(), plan: teamPlanSchema });

/** The error code and message when the trial's member limit is reached. */
export const TEAM_LIMIT_CODE = "team_member_limit";
export const teamLimitMessage = (limit: number) =>
  `Your Free Trial includes up to ${limit} team members. Upgrade to Pro for unlimited team members.`;
export const DUPLICATE_MEMBER_MESSAGE = "A team member with this email already exists.";

// ——— check-ins ———

export const createCheckInSchema = z.object({
  teamMemberId: z
    .string({ error: "teamMemberId is required" })
    .check(z.minLength(1, "teamMemberId is required"), z.maxLength(100)),
  /**
   * For a member with an email the link goes to that email only (the chat is theirs, not the
   * Admin's): `false` is refused with SHARE_LINK_REFUSED, so an old client gets a clear 400
   * instead of an email it did not expect. A member without an email gets no email either way.
   */
  sendEmail: z.optional(z.boolean({ error: "sendEmail must be true or false" })),
});
export type CreateCheckIn = z.output<typeof createCheckInSchema>;

export const EMAIL_DELIVERY = ["sent", "failed", "skipped"] as const;

/**
 * The answer to POST /api/check-ins. `url` (the link with its token) is there only for a
 * member without an email: the Admin hands it over, and whoever starts it first owns the chat.
 * For a member with an email the link goes to that email and never into an answer.
 */
export const createCheckInResponseSchema = z.object({
  id: z.string(),
  expiresAt: isoDate,
  email: z.enum(EMAIL_DELIVERY),
  url: z.optional(z.string()),
});
export type CreateCheckInResponse = z.infer<typeof createCheckInResponseSchema>;

export const CHECK_IN_SOURCES = ["manual", "scheduled"] as const;

export const checkInListItemSchema = z.object({
  id: z.string(),
  /** status: a paused (inactive) member's open check-in offers no resend (no emails reach them). */
  teamMember: z.object({
    ...teamMemberRefShape,
    email: z.nullable(z.string()),
    status: z.enum(TEAM_MEMBER_STATUSES),
  }),
  status: z.enum(CHECK_IN_STATUSES),
  source: z.enum(CHECK_IN_SOURCES),
  createdAt: isoDate,
  invitedAt: z.nullable(isoDate),
  startedAt: z.nullable(isoDate),
  completedAt: z.nullable(isoDate),
  expiresAt: isoDate,
  reminderCount: z.number(),
  lastRemindedAt: z.nullable(isoDate),
});
export type CheckInListItem = z.infer<typeof checkInListItemSchema>;

export const checkInListQuerySchema = z.object({
  status: z.optional(z.enum(CHECK_IN_STATUSES, { error: "status must be pending, completed or expired" })),
  teamMemberId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: pageLimit(100, 25),
});
export type CheckInListQuery = z.output<typeof checkInListQuerySchema>;

export const checkInListResponseSchema = z.object({
  items: z.array(checkInListItemSchema),
  nextCursor: z.nullable(z.string()),
});
export type CheckInListResponse = z.infer<typeof checkInListResponseSchema>;

export const checkInActionResponseSchema = z.object({
  checkIn: checkInListItemSchema,
  email: z.optional(z.enum(EMAIL_DELIVERY)),
  /** A resend for a member without an email: the link again, for the Admin to hand over. */
  url: z.optional(z.string()),
});
export type CheckInActionResponse = z.infer<typeof checkInActionResponseSchema>;

/** A resend refused for a paused member: like reminders, it would reach someone who gets no emails. */
export const pausedResendRefused = (firstName: string) =>
  `${firstName} is paused, so no emails reach them. Resume them to resend.`;

export const SHARE_LINK_REFUSED =
  "Check-in links go only to the team member's own email, so the conversation stays theirs. Leave sendEmail on.";

export const PENDING_CHECK_IN_MESSAGE =
  "This team member already has a check-in waiting. Resend it or revoke it before sending a new one.";
