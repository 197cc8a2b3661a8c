import * as z from "zod/mini";
import { dailyLimitsSchema } from "../daily-limits";
import { ORGANIZATION_ACCESS, ORGANIZATION_STATUSES, SUBSCRIPTION_TIERS } from "../domain";
import { pageQuerySchema, paginated, searchText, timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. Business Management
 * (/api/admin/organizations).
 */
export const ORGANIZATION_NAME_MAX = 200;

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

export const DOMAIN_MESSAGE = "Enter a domain like company.com";
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** A bare host name of two or more labels ("company.com", "eu.acme.co.uk"): no scheme, path or spaces. */
export function isDomain(text: string): boolean {
  // The length first: nothing longer is split or matched.
  if (text.length > 253) return false;
  const labels = text.split(".");
  const top = labels.at(-1) ?? "";
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && TOP_LABEL.test(top);
}

export const organizationInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Organization name is required"), z.maxLength(ORGANIZATION_NAME_MAX)),
  /** Blank clears it (stored as null); anything else must be a domain. */
  domain: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.refine((text) => text === "" || isDomain(text), DOMAIN_MESSAGE),
      ),
    ),
  ),
  industry: optionalText(100),
  /** The operator's access: the plan's lifecycle is never set by hand (issue 25 §2). */
  status: z.optional(z.enum(ORGANIZATION_ACCESS)),
  /** Refused (409) while a Stripe subscription owns it (issue 25 §8). */
  subscriptionTier: z.optional(z.enum(SUBSCRIPTION_TIERS)),
});
export type OrganizationInput = z.infer<typeof organizationInputSchema>;

export const organizationUpdateSchema = z.partial(organizationInputSchema);
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

export const organizationListQuerySchema = z.extend(pageQuerySchema, {
  search: searchText,
  status: z.optional(z.enum(ORGANIZATION_STATUSES)),
  tier: z.optional(z.enum(SUBSCRIPTION_TIERS)),
});

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.nullable(z.string()),
  industry: z.nullable(z.string()),
  /** inactive or suspended when the operator set so, else the plan's lifecycle (trial, active, past_due, cancelled, expired). */
  status: z.enum(ORGANIZATION_STATUSES),
  /** What the operator set (organizations.status). */
  access: z.enum(ORGANIZATION_ACCESS),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  /** A live Stripe subscription sets the tier; the console does not offer to edit it then. */
  tierOwnedByStripe: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Sign-in accounts plus team members (salespeople). */
  userCount: z.number(),
  /** Check-ins completed in the last 30 days. */
  activityCount: z.number(),
});
export type AdminOrganization = z.infer<typeof organizationSchema>;

export const organizationListSchema = z.extend(paginated(organizationSchema), {
  /** Every organization, whatever the filters (the list title's badge). */
  grandTotal: z.number(),
});

export const organizationDetailSchema = z.object({
  organization: organizationSchema,
  accounts: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), createdAt: timestamp }),
  ),
  teamMembers: z.object({ active: z.number(), inactive: z.number() }),
  checkIns: z.object({
    total: z.number(),
    completed: z.number(),
    pending: z.number(),
    lastCompletedAt: z.nullable(timestamp),
  }),
  openAlerts: z.number(),
  subscription: z.nullable(
    z.object({
      status: z.string(),
      salespersonCount: z.number(),
      monthlyCost: z.number(),
      currentPeriodEnd: z.nullable(timestamp),
      /** Cancelled to end with its period (still active until `cancelAt`). */
      cancelAtPeriodEnd: z.boolean(),
      cancelAt: z.nullable(timestamp),
      endedAt: z.nullable(timestamp),
      /** Deleting the organization cancels it in Stripe first. */
      liveInStripe: z.boolean(),
    }),
  ),
  trial: z.nullable(z.object({ status: z.string(), endsAt: timestamp, chosen: z.boolean() })),
  /** Today's use of its daily caps (check-ins, AI requests, emails). */
  dailyLimits: dailyLimitsSchema,
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

/** DELETE /api/admin/organizations/:id: whether a Stripe subscription was cancelled first. */
export const organizationDeletedSchema = z.object({ ok: z.literal(true), stripeSubscriptionCancelled: z.boolean() });
export type OrganizationDeleted = z.infer<typeof organizationDeletedSchema>;
