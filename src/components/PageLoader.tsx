/** The shell shown while a lazily loaded page or its data arrives. */
export function PageLoader({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" />
      <span className="text-sm text-soft">{label}</span>
    </div>
  );
}
