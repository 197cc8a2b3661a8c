import { teamMembers } from "../db/schema";
import type { TeamMemberContact } from "../shared/console/team-member-contact";

/**
 * The columns of a team member's contact card (shared/console/team-member-contact.ts), for a
 * select: an alert's detail selects them alone, Customer Support's search with more beside.
 */
export const teamMemberContactColumns = {
  id: teamMembers.id,
  firstName: teamMembers.firstName,
  lastName: teamMembers.lastName,
  email: teamMembers.email,
  jobTitle: teamMembers.jobTitle,
  region: teamMembers.region,
};

type ContactRow = Pick<TeamMemberContact, "id" | "email" | "jobTitle" | "region"> & {
  firstName: string;
  lastName: string;
};

/** The card from those columns; the name as the console has always written it (may be empty). */
export function teamMemberContact(row: ContactRow): TeamMemberContact {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    jobTitle: row.jobTitle,
    region: row.region,
  };
}
