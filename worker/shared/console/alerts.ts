import * as z from "zod/mini";
import { ALERT_PRIORITIES, ALERT_STATUSES, ALERT_TYPES } from "../domain";
import { pageQuerySchema, paginated, timestamp } from "./common";
import { teamMemberContactSchema } from "./team-member-contact";

/**
 * The operator console's API, shared by the Worker and the SPA. Alerts & Notifications and the
 * notification bell (/api/admin/alerts).
 */
export const ALERT_VIEWS = ["active", "unread", "resolved", "all"] as const;
export const alertListQuerySchema = z.extend(pageQuerySchema, {
  view: z.optional(z.enum(ALERT_VIEWS)),
  priority: z.optional(z.enum(["high", "medium_low"])),
});

export const adminAlertSchema = z.object({
  id: z.string(),
  alert_type: z.enum(ALERT_TYPES),
  /** Derived from the type (spec 2 §4). */
  priority: z.enum(ALERT_PRIORITIES),
  category: z.string(),
  message: z.string(),
  status: z.enum(ALERT_STATUSES),
  created_at: timestamp,
  organization_id: z.string(),
  organization_name: z.string(),
  user_name: z.string(),
  check_in_id: z.nullable(z.string()),
  resolved_at: z.nullable(timestamp),
});
export type AdminAlert = z.infer<typeof adminAlertSchema>;
export const alertListSchema = paginated(adminAlertSchema);

export const alertSummarySchema = z.object({
  totalActive: z.number(),
  highPriority: z.number(),
  mediumLow: z.number(),
});

export const alertDetailSchema = z.object({
  alert: adminAlertSchema,
  teamMember: z.nullable(teamMemberContactSchema),
  scores: z.nullable(
    z.object({
      morale: z.number(),
      confidence: z.number(),
      stress: z.number(),
      sales_strength: z.number(),
      blockers: z.number(),
      recorded_at: timestamp,
    }),
  ),
  resolvedBy: z.nullable(z.string()),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

export const NOTIFICATION_LIST_LIMIT = 5;
export const notificationsSchema = z.object({
  unreadCount: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      message: z.string(),
      priority: z.enum(ALERT_PRIORITIES),
      organization_name: z.string(),
      created_at: timestamp,
    }),
  ),
});
export type Notifications = z.infer<typeof notificationsSchema>;
