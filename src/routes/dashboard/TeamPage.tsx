import { PageShell } from "./PageShell";

/** /dashboard/team — salespeople and their check-ins (content arrives with the team feature). */
export function TeamPage() {
  return (
    <PageShell title="Team">
      <p>
        Here you will add your salespeople, send each one a private check-in link and see who has completed their
        check-in.
      </p>
    </PageShell>
  );
}
