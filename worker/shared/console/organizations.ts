import * as z from "zod/mini";
import { dailyLimitsSchema } from "../daily-limits";
import { ORGANIZATION_STATUSES, SUBSCRIPTION_TIERS } from "../domain";
import { pageQuerySchema, paginated, searchText, timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. Business Management
 * (/api/admin/organizations).
 */
export const ORGANIZATION_NAME_MAX = 200;

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

export const organizationInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Organization name is required"), z.maxLength(ORGANIZATION_NAME_MAX)),
  domain: optionalText(253),
  industry: optionalText(100),
  status: z.optional(z.enum(ORGANIZATION_STATUSES)),
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
  status: z.enum(ORGANIZATION_STATUSES),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
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
    }),
  ),
  trial: z.nullable(z.object({ status: z.string(), endsAt: timestamp })),
  /** Today's use of its daily caps (check-ins, AI requests, emails). */
  dailyLimits: dailyLimitsSchema,
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;
