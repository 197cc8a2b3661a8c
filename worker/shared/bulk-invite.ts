import * as z from "zod/mini";
import { TEAM_MEMBER_FIELD_LIMITS, teamMemberEmailSchema } from "./team";

/**
 * The operator's Bulk Invite Users (User Oversight, spec 2 §2 — a placeholder there): many
 * people into one organization at once. Sales reps become team members (and may get their
 * first check-in now); admins get an account in the organization and an emailed sign-in link.
 * The dialog parses the pasted lines with the same function the Worker's schema checks.
 */

// Each person costs a few D1 queries and an email: 50 stays well inside one request's limits.
export const BULK_INVITE_MAX = 50;
export const BULK_INVITE_ROLES = ["salesperson", "admin"] as const;
export type BulkInviteRole = (typeof BULK_INVITE_ROLES)[number];

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(
        TEAM_MEMBER_FIELD_LIMITS.name,
        `${label} must be at most ${TEAM_MEMBER_FIELD_LIMITS.name} characters`,
      ),
    );

export const bulkInvitePersonSchema = z.object({
  email: teamMemberEmailSchema,
  firstName: name("First name"),
  lastName: name("Last name"),
});
export type BulkInvitePerson = z.output<typeof bulkInvitePersonSchema>;

export const bulkInviteRequestSchema = z.object({
  organizationId: z.string({ error: "Choose an organization" }).check(z.minLength(1, "Choose an organization")),
  role: z.enum(BULK_INVITE_ROLES, { error: "Role must be salesperson or admin" }),
  /** Sales reps only: send each new member their first check-in now. */
  sendCheckIn: z.optional(z.boolean()),
  people: z.array(bulkInvitePersonSchema).check(
    z.minLength(1, "Add at least one person"),
    z.maxLength(BULK_INVITE_MAX, `At most ${BULK_INVITE_MAX} people at a time`),
    z.refine((people) => new Set(people.map((p) => p.email)).size === people.length, "Each email may appear only once"),
  ),
});
export type BulkInviteRequest = z.input<typeof bulkInviteRequestSchema>;

export const BULK_INVITE_OUTCOMES = ["added", "invited", "skipped"] as const;
export const bulkInviteResultSchema = z.object({
  organizationName: z.string(),
  results: z.array(
    z.object({
      email: z.string(),
      outcome: z.enum(BULK_INVITE_OUTCOMES),
      /** What else happened (the check-in sent) or why it was skipped. */
      note: z.nullable(z.string()),
    }),
  ),
});
export type BulkInviteResult = z.infer<typeof bulkInviteResultSchema>;

export type ParsedInviteLines = {
  people: BulkInvitePerson[];
  /** One message per line that cannot be read, naming the line. */
  errors: string[];
};

/**
 * One person per line, as people paste from a spreadsheet or an address book:
 * `jane@acme.com, Jane, Doe` (any order of the email), `Jane Doe, jane@acme.com`,
 * `Jane Doe <jane@acme.com>`; commas, semicolons or tabs between fields. Blank lines are skipped.
 */
export function parseInviteLines(text: string): ParsedInviteLines {
  const people: BulkInvitePerson[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const at = `Line ${index + 1}`;
    const angle = /^(.*)<([^<>]+)>\s*$/.exec(line);
    const fields = angle
      ? [angle[2] ?? "", ...(angle[1] ?? "").split(/[,;\t]/)]
      : line.split(/[,;\t]/).map((field) => field.trim());
    const emails = fields.filter((field) => field.includes("@"));
    if (emails.length !== 1) {
      errors.push(`${at}: put exactly one email address on each line`);
      return;
    }
    const names = fields
      .filter((field) => !field.includes("@"))
      .map((field) =>
        field
          .trim()
          .replace(/^["']|["']$/g, "")
          .trim(),
      )
      .filter(Boolean);
    const [first = "", ...rest] = names.length === 1 ? (names[0] ?? "").split(/\s+/) : names;
    const parsed = bulkInvitePersonSchema.safeParse({
      email: emails[0],
      firstName: first,
      lastName: rest.join(" "),
    });
    if (!parsed.success) {
      errors.push(`${at}: ${parsed.error.issues[0]?.message ?? "cannot be read"}`);
      return;
    }
    if (seen.has(parsed.data.email)) {
      errors.push(`${at}: ${parsed.data.email} is already listed`);
      return;
    }
    seen.add(parsed.data.email);
    people.push(parsed.data);
  });
  if (people.length > BULK_INVITE_MAX) errors.push(`At most ${BULK_INVITE_MAX} people at a time`);
  return { people, errors };
}
