import { type ReactNode, useEffect, useRef } from "react";
import { initialFocusTarget } from "./initial-focus";

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and
 * turns Escape into onClose, so React state decides. Rendered only while open, so each
 * opening starts from fresh state. The dashboard's Dialog and the console's Modal draw
 * their own header inside `children`; `labelledBy` is the id of that header's title. Focus
 * starts on the first meaningful control, not the close button (initial-focus.ts).
 */
export function ModalFrame({
  labelledBy,
  onClose,
  boxClassName = "",
  returnFocus,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  boxClassName?: string;
  /** Where focus goes on close when no control opened it (a link that opened it on arrival). */
  returnFocus?: (() => HTMLElement | null | undefined) | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;
  const titleId = useRef(labelledBy);
  useEffect(() => {
    const dialog = ref.current;
    // The browser would return focus on close(), but React removes the dialog first: return
    // it to the control that opened the dialog ourselves.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      initialFocusTarget(dialog, document.getElementById(titleId.current))?.focus();
    }
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
      else fallback.current?.()?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={`modal-box ${boxClassName}`}>{children}</div>
      {/* A click beside the box closes it; not a Tab stop (the header's close button is). */}
      <form method="dialog" className="modal-backdrop">
        <button type="button" onClick={onClose} tabIndex={-1}>
          close
        </button>
      </form>
    </dialog>
  );
}
