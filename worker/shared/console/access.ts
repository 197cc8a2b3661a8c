import * as z from "zod/mini";

/**
 * The operator console's API, shared by the Worker and the SPA. The operator login and its
 * development-only demo helpers (/api/operator-demo).
 */
/** Spec 2 §5, §8: the operator login's refusal for an address outside SUPERADMIN_EMAILS. */
export const ACCESS_DENIED_MESSAGE = "Access Denied: This email is not authorized for SuperAdmin access.";

export const demoInitializeResultSchema = z.object({
  accounts: z.array(z.object({ role: z.string(), email: z.string(), created: z.boolean() })),
  warning: z.optional(z.string()),
});
