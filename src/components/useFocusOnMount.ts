import { useEffect, useRef } from "react";

/**
 * Moves focus to this element when it appears, if focus was lost (on the page body): a step
 * that replaces the one whose button was pressed (onboarding, the plan choice) would
 * otherwise drop a keyboard or screen-reader user back at the top of the page. The element
 * takes tabIndex={-1} (focusable by script, not a Tab stop).
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus();
  }, []);
  return ref;
}
