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
