import { PageShell } from "./PageShell";

/** /dashboard — the insights overview (content arrives with the insights feature). */
export function OverviewPage() {
  return (
    <PageShell title="Overview">
      <p>
        Your team's morale score, quota confidence index, burnout risk alerts, top reported blockers, sales strength
        profile, trends over time and coaching actions will appear here once your salespeople complete their first
        check-ins.
      </p>
    </PageShell>
  );
}
