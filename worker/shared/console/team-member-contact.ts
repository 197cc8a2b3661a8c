import * as z from "zod/mini";

/**
 * The operator console's API, shared by the Worker and the SPA: how a team member (a
 * salesperson) is reached, as an alert's detail and Customer Support's search both show it.
 */
export const teamMemberContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null: a salesperson added without an email. */
  email: z.nullable(z.string()),
  jobTitle: z.nullable(z.string()),
  region: z.nullable(z.string()),
});
export type TeamMemberContact = z.infer<typeof teamMemberContactSchema>;
