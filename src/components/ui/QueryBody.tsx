import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Pagination } from "./Pagination";
import { ErrorCard } from "./states";

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
