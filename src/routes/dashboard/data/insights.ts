import {
  alertResponseSchema,
  coachingResponseSchema,
  type InsightRange,
  insightsResponseSchema,
  memberInsightsResponseSchema,
} from "@shared/insights";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** The dashboard's insights: cached briefly (spec 2 §7 caching: sentiment 2 minutes). */
const STALE_MS = 2 * 60 * 1000;

export const insightsKeys = {
  all: ["insights"] as const,
  team: (range: InsightRange) => ["insights", "team", range] as const,
  member: (id: string, range: InsightRange) => ["insights", "member", id, range] as const,
};

export function useInsights(range: InsightRange) {
  return useQuery({
    queryKey: insightsKeys.team(range),
    queryFn: ({ signal }) => api(`/api/insights?range=${range}`, insightsResponseSchema, { signal }),
    staleTime: STALE_MS,
    placeholderData: (previous) => previous,
  });
}

export function useMemberInsights(id: string, range: InsightRange) {
  return useQuery({
    queryKey: insightsKeys.member(id, range),
    queryFn: ({ signal }) =>
      api(`/api/insights/members/${encodeURIComponent(id)}?range=${range}`, memberInsightsResponseSchema, { signal }),
    staleTime: STALE_MS,
    placeholderData: (previous) => previous,
  });
}

/**
 * The coaching actions rephrased by the LLM, fetched after the dashboard (it takes seconds,
 * the dashboard must not wait). Only asked for when the server has a model configured.
 */
export function useAiCoaching(range: InsightRange, enabled: boolean) {
  return useQuery({
    queryKey: ["insights", "coaching", range] as const,
    queryFn: ({ signal }) => api(`/api/insights/coaching?range=${range}`, coachingResponseSchema, { signal }),
    enabled,
    staleTime: 30 * 60 * 1000,
    retry: false,
  });
}

export function useResolveAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/alerts/${encodeURIComponent(id)}/resolve`, alertResponseSchema, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: insightsKeys.all }),
  });
}
