import * as z from "zod/mini";

/** The JSON error body of every /api route (DESIGN: `{error: {code, message}}`). */
export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.optional(z.unknown()) }),
});

export type ApiErrorBody = z.infer<typeof errorBodySchema>;
