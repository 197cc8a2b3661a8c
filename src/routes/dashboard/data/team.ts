import {
  type CheckInListQuery,
  checkInActionResponseSchema,
  checkInListResponseSchema,
  createCheckInResponseSchema,
  deleteResponseSchema,
  type TeamMemberCreateInput,
  type TeamMemberPatch,
  teamListResponseSchema,
  teamMemberResponseSchema,
} from "@shared/team";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { insightsKeys } from "./insights";

export const teamKeys = {
  members: ["team", "members"] as const,
  checkIns: (status: CheckInListQuery["status"] | "all") => ["team", "check-ins", status] as const,
  allCheckIns: ["team", "check-ins"] as const,
};

export function useTeam() {
  return useQuery({
    queryKey: teamKeys.members,
    queryFn: ({ signal }) => api("/api/team-members", teamListResponseSchema, { signal }),
  });
}

/** Anything that changes the team or its check-ins refreshes the lists and the insights. */
function useRefreshTeam() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: teamKeys.members }),
      client.invalidateQueries({ queryKey: teamKeys.allCheckIns }),
      client.invalidateQueries({ queryKey: insightsKeys.all }),
    ]);
}

export function useAddMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (input: TeamMemberCreateInput) =>
      api("/api/team-members", teamMemberResponseSchema, { method: "POST", body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<TeamMemberPatch> }) =>
      api(`/api/team-members/${encodeURIComponent(id)}`, teamMemberResponseSchema, { method: "PATCH", body: patch }),
    onSuccess: refresh,
  });
}

export function useRemoveMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/team-members/${encodeURIComponent(id)}`, deleteResponseSchema, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useSendCheckIn() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (input: { teamMemberId: string }) =>
      api("/api/check-ins", createCheckInResponseSchema, { method: "POST", body: input }),
    onSuccess: refresh,
  });
}

export function useCheckInAction(action: "resend" | "revoke") {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/check-ins/${encodeURIComponent(id)}/${action}`, checkInActionResponseSchema, { method: "POST" }),
    onSuccess: refresh,
  });
}

export function useCheckIns(status: CheckInListQuery["status"] | "all", teamMemberId?: string) {
  return useInfiniteQuery({
    queryKey: [...teamKeys.checkIns(status), teamMemberId ?? null],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: "20" });
      if (status !== "all" && status) params.set("status", status);
      if (teamMemberId) params.set("teamMemberId", teamMemberId);
      if (pageParam) params.set("cursor", pageParam);
      return api(`/api/check-ins?${params}`, checkInListResponseSchema, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
