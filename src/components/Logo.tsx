import { Link } from "react-router";

export function Logo({ to = "/", inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-semibold tracking-tight" aria-label="Undertone home">
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
      <span className={`text-lg ${inverted ? "text-white" : "text-base-content"}`}>Undertone</span>
    </Link>
  );
}
