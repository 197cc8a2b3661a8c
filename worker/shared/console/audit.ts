import * as z from "zod/mini";
import { dateText, pageQuerySchema, paginated, searchText, timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. Audit Logs (/api/admin/audit).
 */
export const auditQuerySchema = z.extend(pageQuerySchema, {
  action: z.optional(z.string().check(z.maxLength(100))),
  actor: searchText,
  targetType: z.optional(z.string().check(z.maxLength(50))),
  from: dateText,
  to: dateText,
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorUserId: z.nullable(z.string()),
  actorEmail: z.nullable(z.string()),
  action: z.string(),
  targetType: z.string(),
  targetId: z.nullable(z.string()),
  organizationId: z.nullable(z.string()),
  details: z.nullable(z.record(z.string(), z.unknown())),
  ipAddress: z.nullable(z.string()),
  createdAt: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.extend(paginated(auditEntrySchema), {
  /** The distinct actions and target types, for the filter menus. */
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
});
