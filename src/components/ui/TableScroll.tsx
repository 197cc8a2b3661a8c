import type { ReactNode } from "react";

/**
 * A wide table's horizontal scroller. It is a named region and a Tab stop, so a keyboard
 * user can scroll it with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function TableScroll({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
      tabIndex={0}
      className={`overflow-x-auto rounded-field focus-visible:outline-2 focus-visible:outline-primary ${className}`}
    >
      {children}
    </section>
  );
}

/** One header cell of a DataTable: numbers align right; `title` explains a terse label; a column
 * of row controls keeps its name for screen readers only. */
export type DataColumn = { label: string; numeric?: boolean; title?: string; visuallyHidden?: boolean };

/**
 * Every list in the app is this: a labelled, keyboard-scrollable region around a compact
 * table with one header row. Rows come as children (the table body).
 */
export function DataTable({
  label,
  columns,
  className,
  testId,
  children,
}: {
  label: string;
  columns: readonly DataColumn[];
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label} className={className}>
      <table className="table table-sm" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th
                // Header labels may repeat or be empty (a column of row actions), so the index keys them.
                // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder within a table
                key={index}
                className={column.numeric ? "text-right" : undefined}
                title={column.title}
              >
                {column.visuallyHidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
