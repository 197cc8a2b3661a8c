import type { ReactNode } from "react";
import { ConsoleIcon, type ConsoleIconName } from "./icons";

/** What a list or page shows while loading, on failure and when empty. */

export function StatGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" role="status" aria-busy="true">
      <span className="sr-only">Loading</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="rounded-box border border-base-300 bg-base-100 p-5">
          <div className="skeleton h-4 w-24" />
          <div className="skeleton mt-3 h-8 w-20" />
          <div className="skeleton mt-2 h-3 w-32" />
        </div>
      ))}
    </div>
  );
}

export function ListSkeleton({ rows = 5, label = "Loading" }: { rows?: number; label?: string }) {
  return (
    <div className="space-y-3 p-5" aria-busy="true">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="skeleton h-10 w-full" />
      ))}
    </div>
  );
}

export function ErrorCard({
  title,
  message,
  onRetry,
  hint,
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
  hint?: string;
}) {
  return (
    <div role="alert" className="rounded-box border border-error/40 bg-error/5 p-5 text-error">
      <div className="flex items-start gap-3">
        <ConsoleIcon name="alert" className="mt-0.5 size-5" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{title}</p>
          {message ? <p className="mt-1 text-sm text-soft">{message}</p> : null}
          {hint ? <p className="mt-1 text-sm text-soft">{hint}</p> : null}
          {onRetry ? (
            <button type="button" className="btn btn-sm btn-outline btn-error mt-3" onClick={onRetry}>
              <ConsoleIcon name="refresh" className="size-4" />
              Retry
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function EmptyState({
  icon = "search",
  title,
  hint,
  action,
}: {
  icon?: ConsoleIconName;
  title: string;
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-base-200 text-muted">
        <ConsoleIcon name={icon} className="size-6" />
      </span>
      <p className="font-semibold">{title}</p>
      {hint ? <p className="max-w-sm text-sm text-soft">{hint}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
