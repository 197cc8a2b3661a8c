import { type KeyboardEvent, useRef } from "react";

/** Which tab an arrow, Home or End key moves to from `index` of `count` (wrapping); null for other keys. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * The ARIA tabs pattern for a row of role="tab" buttons: only the selected tab is a Tab stop,
 * and the arrows (Home, End) select the next tab and move focus to it. Spread `tabProps(id)`
 * onto each tab button.
 */
export function useTabs<Id extends string>(ids: readonly Id[], selected: Id, onSelect: (id: Id) => void) {
  const buttons = useRef(new Map<Id, HTMLButtonElement | null>());
  return (id: Id) => ({
    ref: (element: HTMLButtonElement | null) => {
      buttons.current.set(id, element);
    },
    role: "tab" as const,
    "aria-selected": id === selected,
    tabIndex: id === selected ? 0 : -1,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      const target = tabKeyTarget(event.key, ids.indexOf(id), ids.length);
      const next = target === null ? undefined : ids[target];
      if (next === undefined) return;
      event.preventDefault();
      onSelect(next);
      buttons.current.get(next)?.focus();
    },
  });
}
