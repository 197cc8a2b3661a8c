import { useEffect, useRef, useState } from "react";
import { dismissToast, TOAST_DURATION_MS, type Toast, useToasts } from "./toast-store";

const SWIPE_THRESHOLD_PX = 50;

/**
 * The toast viewport: bottom-right on desktop, full width on phones; F8 focuses it.
 * Screen readers hear toasts through two live regions that exist before any toast does
 * (a region inserted together with its text is often not announced): `status` (polite)
 * and `alert` (destructive toasts), each wrapping its own list, so every list item stays a
 * plain <li> of an <ol> and each toast's text is in the page once.
 */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLElement>(null);
  const open = toasts.filter((t) => t.open);
  const list = (destructive: boolean) => (
    <ol className="flex flex-col gap-2">
      {open
        .filter((t) => (t.variant === "destructive") === destructive)
        .map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
    </ol>
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section
      ref={viewport}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col gap-2 p-4 outline-none sm:inset-x-auto sm:right-0 sm:w-[26rem]"
    >
      <div role="status">{list(false)}</div>
      <div role="alert">{list(true)}</div>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (!toast.open || paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, toast.open, paused]);

  if (!toast.open) return null;
  const destructive = toast.variant === "destructive";
  return (
    <li
      data-testid="toast"
      data-variant={toast.variant}
      className={`pointer-events-auto relative flex items-start gap-3 rounded-box border p-4 pr-10 shadow-lg motion-safe:transition-transform ${
        destructive ? "border-error/40 bg-error text-error-content" : "border-base-300 bg-base-100 text-base-content"
      }`}
      style={{ transform: `translateX(${offset}px)` }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
      }}
      onPointerUp={() => {
        if (offset > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
        start.current = null;
        setOffset(0);
      }}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        className="btn btn-ghost btn-xs btn-circle absolute right-2 top-2"
        onClick={() => dismissToast(toast.id)}
      >
        ✕
      </button>
    </li>
  );
}
