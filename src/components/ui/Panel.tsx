import type { ReactNode } from "react";

/** A titled card section of a dashboard page. */
export function Panel({
  title,
  subtitle,
  actions,
  children,
  className = "",
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`rounded-box border border-base-300 bg-base-100 p-4 sm:p-5 ${className}`} data-testid={testId}>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{title}</h2>
          {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** A page's title, its subtitle and actions; `level` 2 where the frame already holds the h1. */
export function PageHeader({
  title,
  subtitle,
  actions,
  level = 1,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <Heading className={`text-2xl font-bold tracking-tight ${level === 1 ? "sm:text-3xl" : ""}`}>{title}</Heading>
        {subtitle ? <p className="mt-1 text-sm text-soft">{subtitle}</p> : null}
      </div>
      {actions}
    </header>
  );
}

/** Loading and error states every data page shares. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function PanelSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="skeleton h-16 w-full" />
      ))}
    </div>
  );
}
