import { ConsoleIcon } from "./icons";

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
      <span className="text-soft">
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
