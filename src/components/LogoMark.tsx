/**
 * The Undertone mark: a wave on a rounded square. Its own module (no router) so the
 * check-in entry can draw it without the SPA's Link.
 */
export function LogoMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true">
      <rect width="64" height="64" rx="14" className={inverted ? "fill-white/15" : "fill-primary"} />
      <path
        d="M10 38c6 0 6-12 12-12s6 16 12 16 6-20 12-20 6 16 8 16"
        fill="none"
        className="stroke-accent"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
