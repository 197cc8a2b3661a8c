import { type PlanType, planStatusResponseSchema, subscribeResponseSchema } from "@shared/billing";
import { ensureOrganizationResponseSchema } from "@shared/organization";
import { api } from "@/lib/api";

export const PLAN_STATUS_QUERY_KEY = ["billing", "plan-status"] as const;

/** POST /api/organization/ensure (replaces ensure_user_organization). */
export function ensureOrganization() {
  return api("/api/organization/ensure", ensureOrganizationResponseSchema, { method: "POST" });
}

/** POST /api/subscription: the trial row, or the Stripe Checkout url to send the browser to. */
export function subscribe(planType: PlanType) {
  return api("/api/subscription", subscribeResponseSchema, { method: "POST", body: { planType } });
}

export function fetchPlanStatus() {
  return api("/api/subscription", planStatusResponseSchema);
}
