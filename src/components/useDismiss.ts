import { type RefObject, useEffect, useEffectEvent } from "react";

/**
 * While `open`: Escape, or a pointer pressed outside `inside` (when given), calls `close`
 * with which of the two it was. The menus, drawers and dropdowns close this way.
 */
export function useDismiss(
  open: boolean,
  close: (reason: "escape" | "outside") => void,
  inside?: RefObject<HTMLElement | null>,
) {
  const dismiss = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") dismiss("escape");
    };
    const onPointerDown = (event: PointerEvent) => {
      if (inside?.current && !inside.current.contains(event.target as Node)) dismiss("outside");
    };
    document.addEventListener("keydown", onKeyDown);
    if (inside) document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, inside]);
}
