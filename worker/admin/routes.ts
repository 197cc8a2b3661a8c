import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { requireSuperAdmin } from "../auth/middleware";
import { deliveryRoutes } from "../notify/admin-routes";
import { settingsRoutes } from "../settings/global-routes";
import { aiConfigRoutes } from "./ai-config";
import { aiTestRoutes } from "./ai-test";
import { alertRoutes } from "./alerts";
import { auditMutations, auditRoutes } from "./audit";
import { billingRoutes } from "./billing";
import { invitationRoutes } from "./invitations";
import { judgementRoutes } from "./judgement";
import { organizationRoutes } from "./organization-routes";
import { questionRoutes } from "./questions";
import { reportRoutes } from "./reports";
import { sentimentRoutes } from "./sentiment";
import { statsRoutes } from "./stats";
import { supportRoutes } from "./support";
import { systemRoutes } from "./system";
import { userActionRoutes } from "./user-actions";
import { userRoutes } from "./users";

/**
 * The operator console's API. Mounted at /api/admin behind requireSuperAdmin (role
 * SuperAdmin and an allowlisted email, checked on every request); every successful
 * mutation is written to audit_logs.
 */
export const adminRoutes = new Hono<ConsoleEnv>()
  .use(requireSuperAdmin)
  .use(auditMutations)
  .route("/stats", statsRoutes)
  .route("/organizations", organizationRoutes)
  .route("/users/invite", invitationRoutes)
  .route("/users", userActionRoutes)
  .route("/users", userRoutes)
  .route("/sentiment/judgement", judgementRoutes)
  .route("/sentiment", sentimentRoutes)
  .route("/questions", questionRoutes)
  .route("/ai-config", aiConfigRoutes)
  .route("/ai-config", aiTestRoutes)
  .route("/settings", settingsRoutes)
  .route("/billing", billingRoutes)
  .route("/alerts", alertRoutes)
  .route("/deliveries", deliveryRoutes)
  .route("/reports", reportRoutes)
  .route("/audit", auditRoutes)
  .route("/system", systemRoutes)
  .route("/support", supportRoutes);
