import { checkInSettingsResponseSchema } from "@shared/schedule";
import type { OrganizationCheckInSettings } from "@shared/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const SETTINGS_KEY = ["check-in-settings"] as const;

export function useCheckInSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api("/api/check-in-settings", checkInSettingsResponseSchema, { signal }),
  });
}

export function useSaveCheckInSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: OrganizationCheckInSettings) =>
      api("/api/check-in-settings", checkInSettingsResponseSchema, { method: "PUT", body: settings }),
    onSuccess: (data) => client.setQueryData(SETTINGS_KEY, data),
  });
}
