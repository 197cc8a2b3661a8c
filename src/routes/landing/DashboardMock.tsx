import { Icon } from "@/components/Icon";

const blockers = [
  { label: "Pricing approvals", count: 5 },
  { label: "Lead quality", count: 3 },
  { label: "CRM admin time", count: 2 },
];

/** A hand-built picture of the manager dashboard for the hero. Sample values only. */
export function DashboardMock() {
  return (
    <div className="relative mx-auto w-full max-w-lg pt-5 pb-8 lg:max-w-none">
      <div
        role="img"
        aria-label="Example Undertone dashboard: team morale 72 out of 100, up 4% from last week; quota confidence 64%, down 6%; a high-priority burnout risk alert with a suggested coaching action; top blockers led by pricing approvals."
        className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-2xl shadow-primary/15"
      >
        <div className="flex items-center gap-3 border-b border-base-300 bg-base-200/60 px-4 py-3">
          <div className="flex gap-1.5" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-base-300" />
            <span className="size-2.5 rounded-full bg-base-300" />
            <span className="size-2.5 rounded-full bg-base-300" />
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">
              Team pulse<span className="hidden font-normal text-soft sm:inline"> · Mid-Market AEs</span>
            </p>
          </div>
          <span className="flex items-center gap-1.5 text-xs font-medium text-soft">
            <span className="size-2 rounded-full bg-success" />
            This week
          </span>
        </div>

        <div className="space-y-3 p-3 sm:p-5">
          <div className="grid grid-cols-2 gap-2.5 sm:gap-3">
            <div className="rounded-field border border-base-300 p-3">
              <p className="text-xs font-medium text-soft">Team Morale</p>
              <p className="mt-1 text-3xl font-bold tracking-tight">
                72<span className="text-sm font-medium text-muted">/100</span>
              </p>
              <svg viewBox="0 0 100 28" className="mt-1 h-7 w-full" preserveAspectRatio="none" aria-hidden="true">
                <path d="M0 22 14 19l14 3 14-8 14 3 14-7 14 2 16-7V28H0z" className="fill-secondary/15" />
                <path
                  d="M0 22 14 19l14 3 14-8 14 3 14-7 14 2 16-7"
                  fill="none"
                  className="stroke-secondary"
                  strokeWidth="2"
                  vectorEffect="non-scaling-stroke"
                  strokeLinejoin="round"
                />
              </svg>
              <p className="mt-1 flex items-center gap-1 text-[11px] whitespace-nowrap text-soft sm:text-xs">
                <Icon name="trend" className="size-3.5 text-success" />
                <span className="font-semibold text-base-content">+4%</span> vs last week
              </p>
            </div>
            <div className="rounded-field border border-base-300 p-3">
              <p className="text-xs font-medium text-soft">Quota Confidence</p>
              <p className="mt-1 text-3xl font-bold tracking-tight">64%</p>
              <div className="mt-3 mb-2.5 h-2 overflow-hidden rounded-full bg-base-300">
                <div className="h-full w-[64%] rounded-full bg-primary" />
              </div>
              <p className="mt-1 flex items-center gap-1 text-[11px] whitespace-nowrap text-soft sm:text-xs">
                <Icon name="trend" className="size-3.5 -scale-y-100 text-warning" />
                <span className="font-semibold text-base-content">-6%</span> vs last week
              </p>
            </div>
          </div>

          <div className="rounded-field border border-warning/50 bg-warning/10 p-3">
            <div className="flex items-start gap-3">
              <span className="grid size-8 place-items-center rounded-full bg-warning text-warning-content">
                <Icon name="alert" className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                  <p className="text-sm font-semibold">Burnout risk rising</p>
                  <span className="rounded-full bg-base-100 px-2 py-0.5 text-[11px] font-semibold text-soft">
                    High priority
                  </span>
                </div>
                <p className="mt-1 text-xs leading-relaxed text-soft">
                  Jordan P. · stress rising for three weeks. Themes: workload, territory change.
                </p>
                <p className="mt-2 flex items-start gap-1.5 text-xs font-medium text-base-content">
                  <Icon name="target" className="mt-px size-3.5 text-primary" />
                  Coaching action: rebalance two late-stage deals in Thursday's 1:1.
                </p>
              </div>
            </div>
          </div>

          <div className="rounded-field border border-base-300 p-3">
            <p className="text-xs font-medium text-soft">Top reported blockers</p>
            <ul className="mt-2 space-y-2">
              {blockers.map((blocker) => (
                <li key={blocker.label} className="grid grid-cols-[7.5rem_1fr_1rem] items-center gap-2 text-xs">
                  <span className="truncate">{blocker.label}</span>
                  <span className="h-1.5 overflow-hidden rounded-full bg-base-200">
                    <span
                      className="block h-full rounded-full bg-primary/70"
                      style={{ width: `${blocker.count * 20}%` }}
                    />
                  </span>
                  <span className="text-right font-semibold tabular-nums">{blocker.count}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      <div
        aria-hidden="true"
        className="absolute top-0 right-3 flex items-center gap-2 rounded-full border border-base-300 bg-base-100 px-3 py-1.5 text-xs font-medium shadow-md sm:-right-4"
      >
        <span className="grid size-5 place-items-center rounded-full bg-success text-success-content">
          <Icon name="check" className="size-3" />
        </span>
        Check-in complete · 9 min
      </div>
      <div
        aria-hidden="true"
        className="absolute bottom-0 left-3 flex items-center gap-2.5 rounded-box border border-base-300 bg-base-100 px-3.5 py-2.5 shadow-lg sm:-left-6"
      >
        <span className="grid size-8 place-items-center rounded-full bg-primary text-primary-content">
          <Icon name="lock" className="size-4" />
        </span>
        <span className="text-xs leading-tight">
          <span className="block font-semibold">Conversation stays private</span>
          <span className="text-soft">You see scores and themes only</span>
        </span>
      </div>
    </div>
  );
}
