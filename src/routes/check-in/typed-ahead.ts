import { MAX_MESSAGE_CHARS } from "@shared/checkin-protocol";
import { useEffect, useRef } from "react";

/**
 * What was typed while the chat was being started: answers already sent with Enter (in
 * order), and the words after the last of them, not sent.
 */
export type TypedAhead = { sent: readonly string[]; draft: string };

export const NOTHING_TYPED: TypedAhead = { sent: [], draft: "" };

type Key = Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey" | "isComposing">;

/**
 * One key typed ahead, read as the answer box reads it: a printable key or Backspace edits the
 * words, Shift+Enter is a new line, Enter sends the words (when there are any, trimmed). Null
 * for a key that is not the box's (shortcuts, arrows, Tab): it passes through to the page.
 */
export function typeAhead(typed: TypedAhead, key: Key): TypedAhead | null {
  if (key.ctrlKey || key.metaKey || key.altKey || key.isComposing) return null;
  const edit = (draft: string) => ({ ...typed, draft: draft.slice(0, MAX_MESSAGE_CHARS) });
  if (key.key.length === 1) return edit(typed.draft + key.key);
  if (key.key === "Backspace") return edit(typed.draft.slice(0, -1));
  if (key.key !== "Enter") return null;
  if (key.shiftKey) return edit(`${typed.draft}\n`);
  const words = typed.draft.trim();
  return words ? { sent: [...typed.sent, words], draft: "" } : typed;
}

/**
 * Keys typed while the chat is being started (the claim's round trip), when no answer box exists
 * yet to take them: kept, and handed over as the box appears — words into the box, answers sent
 * with Enter to the outbox — so a quick typist's first words are not lost on the start screen.
 */
export function useTypedAhead(active: boolean) {
  const typed = useRef<TypedAhead>(NOTHING_TYPED);
  useEffect(() => {
    if (!active) return;
    typed.current = NOTHING_TYPED;
    const onKey = (event: KeyboardEvent) => {
      const next = typeAhead(typed.current, event);
      if (!next) return;
      typed.current = next;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active]);
  return typed;
}
