import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ModalFrame } from "@/components/ui/ModalFrame";
import { trendTone } from "./display";
import { ConsoleIcon, type ConsoleIconName } from "./icons";

/** Building blocks shared by the console's tabs: cards, states, pagination, dialogs. */

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
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
        {description ? <p className="mt-1 text-sm text-base-content/70">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
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
            {description ? <p className="mt-0.5 text-sm text-base-content/70">{description}</p> : null}
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
    <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-base-content/70">{label}</p>
        {icon ? (
          <span className="grid size-9 place-items-center rounded-field bg-primary/8 text-primary">
            <ConsoleIcon name={icon} className="size-5" />
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums">{value}</p>
      {trend ? (
        <p
          className={`mt-1 flex items-center gap-1 text-sm ${
            tone === "good" ? "text-success" : tone === "bad" ? "text-error" : "text-base-content/60"
          }`}
        >
          <ConsoleIcon
            name={tone === "flat" ? "minus" : trend.change > 0 ? "trendUp" : "trendDown"}
            className="size-4"
          />
          {trend.text}
        </p>
      ) : null}
      {hint ? <p className="mt-1 text-sm text-base-content/60">{hint}</p> : null}
    </div>
  );
}

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
          {message ? <p className="mt-1 text-sm text-base-content/80">{message}</p> : null}
          {hint ? <p className="mt-1 text-sm text-base-content/70">{hint}</p> : null}
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
      <span className="grid size-12 place-items-center rounded-full bg-base-200 text-base-content/50">
        <ConsoleIcon name={icon} className="size-6" />
      </span>
      <p className="font-semibold">{title}</p>
      {hint ? <p className="max-w-sm text-sm text-base-content/70">{hint}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label = "results",
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      className="flex flex-wrap items-center justify-between gap-3 border-t border-base-300 px-5 py-3 text-sm"
      aria-label="Pagination"
    >
      <span className="text-base-content/70">
        {first}–{last} of {total} {label}
      </span>
      <div className="join">
        <button
          type="button"
          className="btn btn-sm join-item"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label="Previous page"
        >
          <ConsoleIcon name="chevronLeft" className="size-4" />
        </button>
        <span className="btn btn-sm join-item pointer-events-none tabular-nums">
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className="btn btn-sm join-item"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label="Next page"
        >
          <ConsoleIcon name="chevronRight" className="size-4" />
        </button>
      </div>
    </nav>
  );
}

type ErrorText = { title: string; message?: string; hint?: string };

type QueryCardBodyProps<Data> = {
  query: UseQueryResult<Data>;
  loading: ReactNode;
  error: (message: string) => ErrorText;
  isEmpty: (data: Data) => boolean;
  empty: ReactNode;
  children: (data: Data) => ReactNode;
};

/**
 * A card's body over a query: `loading` while it is pending, the error card with Retry
 * (its text from `error`), `empty` when there is nothing to show, else `children`.
 */
export function QueryCardBody<Data>({ query, loading, error, isEmpty, empty, children }: QueryCardBodyProps<Data>) {
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <div className="p-5">
        <ErrorCard {...error(query.error.message)} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (isEmpty(query.data)) return empty;
  return children(query.data);
}

/** A card's body over a page of a list: the rows, then the pagination under them. */
export function PagedCardBody<Data extends { items: readonly unknown[]; pageSize: number; total: number }>({
  pagination,
  children,
  ...states
}: Omit<QueryCardBodyProps<Data>, "isEmpty"> & {
  pagination: { page: number; onPage: (page: number) => void; label: string };
}) {
  return (
    <QueryCardBody {...states} isEmpty={(data) => data.items.length === 0}>
      {(data) => (
        <>
          {children(data)}
          <Pagination
            page={pagination.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={pagination.onPage}
            label={pagination.label}
          />
        </>
      )}
    </QueryCardBody>
  );
}

/** The console's modal: a bordered header with title and description, the body, and an optional footer. */
export function Modal({
  title,
  description,
  onClose,
  children,
  footer,
  size = "md",
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: "md" | "lg" | "xl";
}) {
  const titleId = useId();
  const width = size === "xl" ? "max-w-5xl" : size === "lg" ? "max-w-3xl" : "max-w-lg";
  return (
    <ModalFrame labelledBy={titleId} onClose={onClose} boxClassName={`${width} max-h-[90vh] p-0`}>
      <div className="flex items-start justify-between gap-3 border-b border-base-300 px-6 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-base-content/70">{description}</p> : null}
        </div>
        <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label="Close" onClick={onClose}>
          <ConsoleIcon name="x" className="size-4" />
        </button>
      </div>
      <div className="px-6 py-5">{children}</div>
      {footer ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-base-300 px-6 py-4">{footer}</div>
      ) : null}
    </ModalFrame>
  );
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  busy = false,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${destructive ? "btn-error" : "btn-primary"}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </>
      }
    >
      <div className="text-sm text-base-content/80">{message}</div>
    </Modal>
  );
}

/** Spec 2 §2 badge styles: default, secondary, destructive, outline. */
export type BadgeVariant = "default" | "secondary" | "destructive" | "outline" | "success" | "warning" | "muted";
const BADGE: Record<BadgeVariant, string> = {
  default: "badge-primary",
  secondary: "badge-secondary",
  destructive: "badge-error",
  outline: "badge-outline",
  success: "badge-success",
  warning: "badge-warning",
  muted: "badge-ghost text-base-content/70",
};
export function Badge({ variant = "default", children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={`badge badge-sm whitespace-nowrap ${BADGE[variant]}`}>{children}</span>;
}

export function organizationStatusVariant(status: string): BadgeVariant {
  if (status === "active") return "default";
  if (status === "trial") return "secondary";
  if (status === "suspended") return "destructive";
  return "outline";
}

/**
 * A list's page number, back to page 1 whenever a filter changes: `filtering(setX)` is
 * setX that also returns to the first page.
 */
export function usePage() {
  const [page, setPage] = useState(1);
  const filtering =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, filtering };
}

/** A value that settles `delay` ms after the last change: search boxes query once typing pauses. */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function SearchInput({
  value,
  onChange,
  placeholder,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}) {
  return (
    <label className="input input-sm w-full sm:w-72">
      <ConsoleIcon name="search" className="size-4 opacity-60" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={200}
      />
    </label>
  );
}

/** A list filter: "All …" (the empty value) first, then the choices. */
export function FilterSelect<Value extends string>({
  label,
  value,
  onChange,
  allLabel,
  options,
  className,
}: {
  label: string;
  value: Value | "";
  onChange: (value: Value | "") => void;
  allLabel: string;
  options: readonly { value: Value; label: string }[];
  /** Width classes; the select is always the small one. */
  className: string;
}) {
  return (
    <select
      className={`select select-sm ${className}`}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Value | "")}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The console's exports: `download` fetches a file from the API and saves it; a failure is
 * the "Export failed" toast. `pending` names the download under way (its `key`, else its
 * path), for the busy button.
 */
export function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  const download = async (path: string, fallbackName: string, key = path): Promise<boolean> => {
    setPending(key);
    try {
      await downloadFromApi(path, fallbackName);
      return true;
    } catch (error) {
      toast({
        title: "Export failed",
        description: error instanceof Error ? error.message : "Please try again.",
        variant: "destructive",
      });
      return false;
    } finally {
      setPending(null);
    }
  };
  return { pending, download };
}

/** An export button: the download icon, a spinner in its place while busy. */
export function DownloadButton({
  busy,
  disabled = false,
  onClick,
  className = "",
  testId,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${className}`}
      onClick={onClick}
      disabled={busy || disabled}
      data-testid={testId}
    >
      {busy ? (
        <span className="loading loading-spinner loading-xs" />
      ) : (
        <ConsoleIcon name="download" className="size-4" />
      )}
      {children}
    </button>
  );
}

/**
 * Downloads a file from the API (CSV, JSON) with the session cookie, so a failure shows as
 * a toast instead of a browser error page; the name comes from Content-Disposition.
 */
async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) {
    let message = `Download failed (${response.status})`;
    try {
      const body = (await response.json()) as { error?: { message?: string } };
      if (body.error?.message) message = body.error.message;
    } catch {
      // Not JSON: keep the status message.
    }
    throw new Error(message);
  }
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
