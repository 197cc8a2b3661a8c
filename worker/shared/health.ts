import * as z from "zod/mini";

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  environment: z.string(),
  database: z.object({ reachable: z.boolean(), migrated: z.boolean(), latencyMs: z.number() }),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
