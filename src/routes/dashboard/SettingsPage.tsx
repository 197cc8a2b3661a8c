import { PageShell } from "./PageShell";

/** /dashboard/settings — the check-in schedule (content arrives with the settings feature). */
export function SettingsPage() {
  return (
    <PageShell title="Settings">
      <p>
        Here you will set how often your team is checked in with, how long each check-in lasts, and when reminders go
        out.
      </p>
    </PageShell>
  );
}
