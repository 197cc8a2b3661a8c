import type { SuperAdminEnv } from "../auth/middleware";
import type { AuditNote } from "../lib/audit";

/**
 * What every /api/admin route sees: the operator (c.var.user, set by requireSuperAdmin)
 * and `audit`, what a mutating handler says it did, for the audit middleware to record
 * (worker/admin/audit.ts).
 */
export type ConsoleEnv = {
  Bindings: SuperAdminEnv["Bindings"];
  Variables: SuperAdminEnv["Variables"] & { audit?: AuditNote };
};
