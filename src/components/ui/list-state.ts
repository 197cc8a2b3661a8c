import { useEffect, useState } from "react";

/**
 * A list's page number, back to page 1 whenever a filter changes: `filtering(setX)` is
 * setX that also returns to the first page.
 */
export function usePage() {
  const [page, setPage] = useState(1);
  const filtering =
    <T>(set: (value: T) => void) =>
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
