import type { ReactNode } from "react";
import { ConsoleIcon, type ConsoleIconName } from "./icons";
import { PageHeader } from "./Panel";
import { trendTone } from "./trend-tone";

/** The console's frames: a tab header, a titled card with a bordered header, a figure card. */

/** A console tab's header: the page header one level down (the console's h1 is its title bar). */
export function TabHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <PageHeader
      level={2}
      title={title}
      subtitle={description}
      actions={actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : undefined}
    />
  );
}

export function Card({
  title,
  description,
  actions,
  children,
  className = "",
  bodyClassName = "p-5",
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  return (
    <section className={`rounded-box border border-base-300 bg-base-100 shadow-sm ${className}`}>
      {title || actions ? (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-base-300 px-5 py-4">
          <div className="min-w-0">
            {title ? <h3 className="font-semibold">{title}</h3> : null}
            {description ? <p className="mt-0.5 text-sm text-soft">{description}</p> : null}
          </div>
          {actions ? <div className="flex max-w-full shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
        </header>
      ) : null}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}

export function StatCard({
  label,
  value,
  hint,
  icon,
  trend,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ConsoleIconName;
  trend?: { change: number; text: string; inverted?: boolean };
  testId?: string;
}) {
  const tone = trend ? trendTone(trend.change, trend.inverted) : null;
  return (
    <div className="min-w-0 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-soft">{label}</p>
        {icon ? (
          <span className="grid size-9 place-items-center rounded-field bg-primary/8 text-primary">
            <ConsoleIcon name={icon} className="size-5" />
          </span>
        ) : null}
      </div>
      {/* A count reads at a glance with its thousands separated ("10,002", not "10002"). */}
      <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums">
        {typeof value === "number" ? value.toLocaleString("en-US") : value}
      </p>
      {trend ? (
        <p
          className={`mt-1 flex items-center gap-1 text-sm ${
            tone === "good" ? "text-success" : tone === "bad" ? "text-error" : "text-muted"
          }`}
        >
          <ConsoleIcon
            name={tone === "flat" ? "minus" : trend.change > 0 ? "trendUp" : "trendDown"}
            className="size-4"
            label={tone === "good" ? "Better:" : tone === "bad" ? "Worse:" : "No change:"}
          />
          {trend.text}
        </p>
      ) : null}
      {hint ? <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">{hint}</p> : null}
    </div>
  );
}
