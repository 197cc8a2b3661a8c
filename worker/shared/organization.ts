import * as z from "zod/mini";

/** POST /api/organization/ensure: the user's organization; `created` when this call gave it to them. */
export const ensureOrganizationResponseSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  created: z.boolean(),
});
export type EnsureOrganizationResponse = z.infer<typeof ensureOrganizationResponseSchema>;
