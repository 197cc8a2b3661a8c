import {
  billingPortalResponseSchema,
  type PlanType,
  planStatusResponseSchema,
  subscribeResponseSchema,
} from "@shared/billing";
import { ensureOrganizationResponseSchema } from "@shared/organization";
import { api } from "@/lib/api";

export const PLAN_STATUS_QUERY_KEY = ["billing", "plan-status"] as const;

/**
 * POST /api/organization/ensure (replaces ensure_user_organization). The browser's time zone
 * rides along: a new organization takes it as its default for schedules and the digest.
 */
export function ensureOrganization() {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return api("/api/organization/ensure", ensureOrganizationResponseSchema, { method: "POST", body: { timeZone } });
}

/** POST /api/subscription: the trial row, or the Stripe Checkout url to send the browser to. */
export function subscribe(planType: PlanType) {
  return api("/api/subscription", subscribeResponseSchema, { method: "POST", body: { planType } });
}

export function fetchPlanStatus() {
  return api("/api/subscription", planStatusResponseSchema);
}

/** POST /api/subscription/portal: a session of Stripe's customer portal to send the browser to. */
export function createBillingPortalSession() {
  return api("/api/subscription/portal", billingPortalResponseSchema, { method: "POST" });
}
