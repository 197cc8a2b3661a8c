import { useEffect, useState } from "react";

let hydrated = false;

/**
 * A prerendered form (/login) is on screen before its script runs, so a visitor on a slow
 * phone may type into it first. Hydration keeps the server's markup (empty state, Log In
 * disabled) and React does not patch attributes it hydrates, so the field would look
 * filled while the form stays unusable. This state starts empty like the markup, then
 * takes what the field held when the script arrived. Only for that first hydration.
 */
export function useTypedBeforeHydration(name: string) {
  // Read during the hydrating render, before React commits its own idea of the field.
  const [typed] = useState(() => typedValue(name));
  const [value, setValue] = useState("");
  useEffect(() => {
    hydrated = true;
    if (typed !== "") setValue(typed);
  }, [typed]);
  return [value, setValue] as const;
}

function typedValue(name: string): string {
  if (hydrated || typeof document === "undefined") return "";
  const root = document.getElementById("root");
  if (root?.dataset.prerendered !== window.location.pathname) return "";
  return root.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`)?.value ?? "";
}
