import type { AppEnv } from "../app-env";

/**
 * What every /api/admin route sees. The operator comes from the auth middleware
 * (requireSuperAdmin); `audit` is what a mutating handler says it did, for the audit
 * middleware to record (worker/admin/audit.ts).
 */
export type Operator = {
  id: string;
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  organizationId: string | null;
};

export type AuditNote = {
  action: string;
  targetType: string;
  targetId?: string | null;
  organizationId?: string | null;
  details?: Record<string, unknown>;
};

export type ConsoleEnv = {
  Bindings: AppEnv["Bindings"];
  Variables: AppEnv["Variables"] & { user: Operator; audit?: AuditNote };
};
