import { aiConfigRecordSchema } from "@shared/console/ai-agent";
import { alertDetailSchema, alertListSchema, alertSummarySchema, notificationsSchema } from "@shared/console/alerts";
import { auditListSchema } from "@shared/console/audit";
import { billingSummarySchema, subscriptionListSchema } from "@shared/console/billing";
import { judgementOverviewSchema } from "@shared/console/judgement";
import { organizationDetailSchema, organizationListSchema } from "@shared/console/organizations";
import { activityResponseSchema, platformStatsSchema } from "@shared/console/overview";
import { questionListSchema } from "@shared/console/questions";
import { companyComparisonSchema, sentimentSummarySchema } from "@shared/console/sentiment";
import { globalSettingsRecordSchema } from "@shared/console/settings";
import { supportSearchSchema } from "@shared/console/support";
import { systemStatusSchema } from "@shared/console/system";
import { userListSchema, userStatsSchema } from "@shared/console/users";
import { deliveryListSchema } from "@shared/notifications";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type * as zc from "zod/v4/core";
import { api } from "@/lib/api";

/**
 * Every console query, with the caching of spec 2 §7:
 *
 * | data            | behaviour                                              |
 * | organizations   | stale 5 minutes                                        |
 * | user stats      | stale 5 minutes                                        |
 * | sentiment       | stale 2 minutes                                        |
 * | alerts          | stale 1 minute, 2 retries                              |
 * | billing         | stale 5 minutes, 2 retries                             |
 * | platform stats  | stale 2 minutes, refetch every 5 minutes, 2 retries 1 s |
 * | anything else   | the app default: stale 5 minutes, 1 retry              |
 */
const MINUTE = 60_000;
export const CACHING = {
  organizations: { staleTime: 5 * MINUTE },
  userStats: { staleTime: 5 * MINUTE },
  sentiment: { staleTime: 2 * MINUTE },
  alerts: { staleTime: 1 * MINUTE, retry: 2 },
  billing: { staleTime: 5 * MINUTE, retry: 2 },
  platformStats: { staleTime: 2 * MINUTE, refetchInterval: 5 * MINUTE, retry: 2, retryDelay: 1000 },
} as const;

/** Query keys: one root per kind of data, so a mutation can refresh exactly what it changed. */
export const adminKeys = {
  all: ["admin"] as const,
  stats: ["admin", "stats"] as const,
  activity: ["admin", "activity"] as const,
  organizations: ["admin", "organizations"] as const,
  organization: (id: string) => ["admin", "organization", id] as const,
  userStats: ["admin", "user-stats"] as const,
  users: ["admin", "users"] as const,
  sentiment: ["admin", "sentiment"] as const,
  questions: ["admin", "questions"] as const,
  aiConfig: ["admin", "ai-config"] as const,
  settings: ["admin", "settings"] as const,
  billing: ["admin", "billing"] as const,
  alerts: ["admin", "alerts"] as const,
  notifications: ["admin", "alerts", "notifications"] as const,
  audit: ["admin", "audit"] as const,
  system: ["admin", "system"] as const,
  support: ["admin", "support"] as const,
};

/** A query string without the empty values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

type Caching = { staleTime?: number; retry?: number; retryDelay?: number; refetchInterval?: number };

/** A filtered, paged list: the filters are part of the key, and the shown page stays while the next loads. */
function useListQuery<Schema extends zc.$ZodType>(
  key: readonly unknown[],
  path: string,
  schema: Schema,
  filters: Record<string, string | number | undefined | null>,
  caching: Caching = {},
) {
  return useQuery({
    queryKey: [...key, filters],
    queryFn: ({ signal }) => api(`${path}${qs(filters)}`, schema, { signal }),
    placeholderData: keepPreviousData,
    ...caching,
  });
}

export const usePlatformStats = () =>
  useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => api("/api/admin/stats", platformStatsSchema, { signal }),
    ...CACHING.platformStats,
  });

export const useRecentActivity = () =>
  useQuery({
    queryKey: adminKeys.activity,
    queryFn: ({ signal }) => api("/api/admin/stats/activity", activityResponseSchema, { signal }),
    ...CACHING.platformStats,
  });

export type OrganizationFilters = { search?: string; status?: string; tier?: string; page?: number; pageSize?: number };
export const useOrganizations = (filters: OrganizationFilters) =>
  useListQuery(
    adminKeys.organizations,
    "/api/admin/organizations",
    organizationListSchema,
    filters,
    CACHING.organizations,
  );

export const useOrganizationDetail = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.organization(id ?? ""),
    queryFn: ({ signal }) =>
      api(`/api/admin/organizations/${encodeURIComponent(id ?? "")}`, organizationDetailSchema, { signal }),
    enabled: id !== null,
    ...CACHING.organizations,
  });

export const useUserStats = () =>
  useQuery({
    queryKey: adminKeys.userStats,
    queryFn: ({ signal }) => api("/api/admin/users/stats", userStatsSchema, { signal }),
    ...CACHING.userStats,
  });

export type UserFilters = { search?: string; role?: string; page?: number };
export const useUsers = (filters: UserFilters) =>
  useListQuery(adminKeys.users, "/api/admin/users", userListSchema, filters, CACHING.userStats);

export const useSentimentSummary = () =>
  useQuery({
    queryKey: [...adminKeys.sentiment, "summary"],
    queryFn: ({ signal }) => api("/api/admin/sentiment/summary", sentimentSummarySchema, { signal }),
    ...CACHING.sentiment,
  });

/** Where the reader is wrong in real use: corrections per score and disputed check-ins (issue 24). */
export const useJudgementOverview = () =>
  useQuery({
    queryKey: [...adminKeys.sentiment, "judgement"],
    queryFn: ({ signal }) => api("/api/admin/sentiment/judgement", judgementOverviewSchema, { signal }),
    ...CACHING.sentiment,
  });

export type ComparisonFilters = { days: string; sort: string; page: number };
export const useCompanyComparison = (filters: ComparisonFilters) =>
  useListQuery(
    [...adminKeys.sentiment, "companies"],
    "/api/admin/sentiment/companies",
    companyComparisonSchema,
    filters,
    CACHING.sentiment,
  );

export type QuestionFilters = { search?: string; pillar?: string; page?: number };
export const useQuestions = (filters: QuestionFilters) =>
  useListQuery(adminKeys.questions, "/api/admin/questions", questionListSchema, filters);

export const useAiConfig = () =>
  useQuery({
    queryKey: adminKeys.aiConfig,
    queryFn: ({ signal }) => api("/api/admin/ai-config", aiConfigRecordSchema, { signal }),
    // The form holds its own copy; a background refetch must not overwrite unsaved edits.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useGlobalSettings = () =>
  useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => api("/api/admin/settings", globalSettingsRecordSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useBillingSummary = () =>
  useQuery({
    queryKey: [...adminKeys.billing, "summary"],
    queryFn: ({ signal }) => api("/api/admin/billing/summary", billingSummarySchema, { signal }),
    ...CACHING.billing,
  });

export const useSubscriptions = (filters: { status?: string; page: number }) =>
  useListQuery(
    [...adminKeys.billing, "subscriptions"],
    "/api/admin/billing/subscriptions",
    subscriptionListSchema,
    filters,
    CACHING.billing,
  );

export const useAlertSummary = () =>
  useQuery({
    queryKey: [...adminKeys.alerts, "summary"],
    queryFn: ({ signal }) => api("/api/admin/alerts/summary", alertSummarySchema, { signal }),
    ...CACHING.alerts,
  });

export type AlertFilters = { view: string; priority?: string; page: number };
export const useAlerts = (filters: AlertFilters) =>
  useListQuery([...adminKeys.alerts, "list"], "/api/admin/alerts", alertListSchema, filters, CACHING.alerts);

export const useAlertDetail = (id: string | null) =>
  useQuery({
    queryKey: [...adminKeys.alerts, "detail", id],
    queryFn: ({ signal }) => api(`/api/admin/alerts/${encodeURIComponent(id ?? "")}`, alertDetailSchema, { signal }),
    enabled: id !== null,
    ...CACHING.alerts,
  });

export const useNotifications = () =>
  useQuery({
    queryKey: adminKeys.notifications,
    queryFn: ({ signal }) => api("/api/admin/alerts/notifications", notificationsSchema, { signal }),
    ...CACHING.alerts,
    refetchInterval: MINUTE,
  });

export type AuditFilters = {
  action?: string;
  actor?: string;
  targetType?: string;
  from?: string;
  to?: string;
  page: number;
};
export const useAuditLog = (filters: AuditFilters) =>
  useListQuery(adminKeys.audit, "/api/admin/audit", auditListSchema, filters, { staleTime: 30_000 });

export const useSystemStatus = (probe: boolean) =>
  useQuery({
    queryKey: [...adminKeys.system, probe],
    queryFn: ({ signal }) => api(`/api/admin/system${probe ? "?probe=1" : ""}`, systemStatusSchema, { signal }),
  });

export const useSupportSearch = (q: string) =>
  useQuery({
    queryKey: [...adminKeys.support, q],
    queryFn: ({ signal }) => api(`/api/admin/support/search${qs({ q })}`, supportSearchSchema, { signal }),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

export type DeliveryFilters = { status?: string; channel?: string; page: number };
export const useDeliveries = (filters: DeliveryFilters) =>
  useListQuery([...adminKeys.all, "deliveries"], "/api/admin/deliveries", deliveryListSchema, filters, {
    staleTime: 30_000,
  });
