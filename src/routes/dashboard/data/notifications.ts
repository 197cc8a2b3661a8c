import {
  type AlertEmailMode,
  digestPreviewSchema,
  notificationSettingsSchema,
  slackChannelsSchema,
} from "@shared/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import { api } from "@/lib/api";

const SETTINGS_KEY = ["notification-settings"] as const;
const okSchema = z.object({ ok: z.literal(true) });

export function useNotificationSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api("/api/notifications/settings", notificationSettingsSchema, { signal }),
  });
}

export function useSaveAlertEmails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertEmails: AlertEmailMode) =>
      api("/api/notifications/preferences", notificationSettingsSchema, { method: "PUT", body: { alertEmails } }),
    onSuccess: (data) => client.setQueryData(SETTINGS_KEY, data),
  });
}

export function useSaveTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) =>
      api("/api/notifications/time-zone", notificationSettingsSchema, { method: "PUT", body: { timeZone } }),
    onSuccess: (data) => {
      client.setQueryData(SETTINGS_KEY, data);
      // The schedule's "next period" and the digest's week depend on it.
      void client.invalidateQueries({ queryKey: ["check-in-settings"] });
      void client.invalidateQueries({ queryKey: ["digest-preview"] });
    },
  });
}

export function useSlackChannels(enabled: boolean) {
  return useQuery({
    queryKey: ["slack-channels"],
    queryFn: ({ signal }) => api("/api/slack/channels", slackChannelsSchema, { signal }),
    enabled,
  });
}

export function useSaveSlackSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { channelId: string | null; dmInvitations: boolean; alertDms: boolean }) =>
      api("/api/slack/settings", okSchema, { method: "PUT", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

export function useDisconnectSlack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api("/api/slack", okSchema, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

export function useDigestPreview() {
  return useQuery({
    queryKey: ["digest-preview"],
    queryFn: ({ signal }) => api("/api/notifications/digest-preview", digestPreviewSchema, { signal }),
  });
}
