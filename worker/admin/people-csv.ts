import type { PlatformPerson } from "../shared/console/users";

/** A person as a CSV line: the Users tab's export and the users report. */
export const PEOPLE_CSV_HEADERS = [
  "Name",
  "Email",
  "Role",
  "Kind",
  "Status",
  "Organization",
  "Email verified",
  "Joined",
];

export function personCsvRow(p: PlatformPerson): (string | number | null)[] {
  return [
    p.name,
    p.email ?? "",
    p.role,
    p.kind === "account" ? "Account" : "Team member",
    p.status,
    p.organizationName ?? "",
    p.emailVerified === null ? "" : p.emailVerified ? "yes" : "no",
    new Date(p.createdAt).toISOString(),
  ];
}
