import type { DailyLimits, DailyUsage } from "@shared/daily-limits";

const ROWS: { key: keyof Omit<DailyLimits, "day">; label: string; past: string }[] = [
  { key: "checkIns", label: "Check-ins created", past: "new check-ins wait until tomorrow" },
  {
    key: "aiRequests",
    label: "AI requests (interview replies, judgements, coaching)",
    past: "check-ins go on with the built-in interviewer",
  },
  { key: "emails", label: "Emails sent", past: "emails wait until tomorrow" },
];

const share = (usage: DailyUsage) =>
  usage.limit > 0 ? Math.min(100, Math.round((usage.used / usage.limit) * 100)) : 0;

/**
 * Today's use of an organization's daily caps (README → Decisions, "Daily caps"): the
 * dashboard's Settings and the console's organization details show the same figures.
 */
export function DailyLimitsList({ limits }: { limits: DailyLimits }) {
  return (
    <ul className="flex flex-col gap-3" data-testid="daily-limits">
      {ROWS.map(({ key, label, past }) => {
        const usage = limits[key];
        const full = usage.used >= usage.limit;
        return (
          <li key={key} className="text-sm">
            <div className="flex items-baseline justify-between gap-x-3">
              <span className="min-w-0">{label}</span>
              <span className={`shrink-0 tabular-nums ${full ? "font-semibold text-error" : "text-soft"}`}>
                {usage.used} of {usage.limit}
              </span>
            </div>
            <progress
              className={`progress mt-1 h-1.5 w-full ${full ? "progress-error" : "progress-primary"}`}
              value={share(usage)}
              max={100}
              aria-label={`${label}: ${usage.used} of ${usage.limit} today`}
            />
            {full ? <p className="mt-0.5 text-xs text-error">Reached for today: {past}.</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
