import { MAX_MESSAGE_CHARS } from "@shared/checkin-protocol";
import { useEffect, useRef } from "react";

/**
 * Keys typed while the chat is being started (the claim's round trip), when no answer box exists
 * yet to take them: kept, and handed to the box as it appears, so a quick typist's first words
 * are not lost on the start screen. Printable keys and Backspace only; shortcuts pass through.
 */
export function useTypedAhead(active: boolean) {
  const typed = useRef("");
  useEffect(() => {
    if (!active) return;
    typed.current = "";
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (event.key.length === 1) typed.current = (typed.current + event.key).slice(0, MAX_MESSAGE_CHARS);
      else if (event.key === "Backspace") typed.current = typed.current.slice(0, -1);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active]);
  return typed;
}
