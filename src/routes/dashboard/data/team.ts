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
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { insightsKeys } from "./insights";

export const teamKeys = {
  members: ["team", "members"] as const,
  checkIns: (status: CheckInListQuery["status"] | "all") => ["team", "check-ins", status] as const,
  allCheckIns: ["team", "check-ins"] as const,
};

/** The team list, a page at a time (in name order), narrowed by `search` (a part of a name or an email). */
export function useTeam(search = "") {
  return useInfiniteQuery({
    queryKey: [...teamKeys.members, "list", search],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (search) params.set("q", search);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.size > 0 ? `?${params}` : "";
      return api(`/api/team-members${query}`, teamListResponseSchema, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the list on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}

/** One team member with their latest check-in (the person page's Send check-in). */
export function useTeamMember(id: string) {
  return useQuery({
    queryKey: [...teamKeys.members, "one", id],
    queryFn: ({ signal }) => api(`/api/team-members/${encodeURIComponent(id)}`, teamMemberResponseSchema, { signal }),
    enabled: id !== "",
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
