import type { BlockerTheme } from "@shared/insights";

/** Top reported blockers: themes with how often and by how many, as bars. */
export function BlockersPanel({ themes, weeks }: { themes: readonly BlockerTheme[]; weeks: number }) {
  if (themes.length === 0) {
    return <p className="text-sm text-soft">No blockers reported in the last {weeks} weeks.</p>;
  }
  const max = Math.max(...themes.map((theme) => theme.count));
  return (
    <ul className="flex flex-col gap-3" data-testid="blockers">
      {themes.map((theme) => {
        const delta = theme.thisWeek - theme.lastWeek;
        return (
          <li key={theme.theme}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{theme.theme}</span>
              <span className="shrink-0 tabular-nums">
                <span className="font-semibold">{theme.count}</span>
                <span className="text-muted">
                  {" "}
                  · {theme.people} {theme.people === 1 ? "person" : "people"}
                </span>
              </span>
            </div>
            <div className="mt-1 flex items-center gap-2">
              <div
                className="h-2 flex-1 overflow-hidden rounded-full bg-base-200"
                role="img"
                aria-label={`${theme.theme}: ${theme.count} reports`}
              >
                <div
                  className="h-full rounded-full bg-accent"
                  style={{ width: `${Math.max(4, (theme.count / max) * 100)}%` }}
                />
              </div>
              {theme.thisWeek > 0 || theme.lastWeek > 0 ? (
                <span
                  className={`w-24 shrink-0 text-right text-xs ${delta > 0 ? "text-error" : delta < 0 ? "text-success" : "text-muted"}`}
                >
                  {theme.thisWeek} this week{delta !== 0 ? ` (${delta > 0 ? "+" : ""}${delta})` : ""}
                </span>
              ) : (
                <span className="w-24 shrink-0" />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
