/** Small stroke icons on a 24-unit grid, drawn inline so the app ships no icon library. */
export const icons = {
  arrowLeft: "M19 12H5m6-6-6 6 6 6",
  arrowRight: "M5 12h14m-6-6 6 6-6 6",
  alert: "M12 4 21.5 20h-19zm0 6v4m0 3h.01",
  bell: "M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zm4 5h4",
  briefcase: "M3 8h18v11H3zm6 0V5h6v3M3 13h18",
  chart: "M5 20v-7m7 7V5m7 15V10",
  chat: "M4 5h16v11H9l-5 4z",
  check: "m5 12.5 4.5 4.5L19 7",
  copy: "M9 9h11v11H9zm-4 6H4V4h11v1",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 2",
  flag: "M5 21V4h12l-2.5 4 2.5 4H5",
  gauge: "M4 18a8 8 0 1 1 16 0m-8 0 4-5",
  heart: "M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z",
  lock: "M6 11h12v9H6zm2 0V8a4 4 0 0 1 8 0v3",
  mail: "M3 6h18v12H3zm0 0 9 7 9-7",
  menu: "M4 7h16M4 12h16M4 17h16",
  send: "M21 3 3 10.5l7.5 3L14 21zm-10.5 10.5L21 3",
  shield: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z",
  sparkle: "M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18m0-12-2.5 2.5m-7 7L6 18",
  star: "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  target: "M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0zm-4 0a5 5 0 1 1-10 0 5 5 0 0 1 10 0zm-4 0a1 1 0 1 1-2 0 1 1 0 0 1 2 0z",
  trend: "m3 17 6-6 4 4 8-8m-6 0h6v6",
  users:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9a6 6 0 0 1 12 0m1-15.5a3.5 3.5 0 0 1 0 6.5m5 9a6 6 0 0 0-3.5-5.5",
  wave: "M3 12h3l2.5-6 4 12 3-9 2 3H21",
  x: "M6 6l12 12M18 6 6 18",
} as const;

export type IconName = keyof typeof icons;

/**
 * The frame every stroke icon is drawn in: `path` is its outline on the 24-unit grid. An icon
 * is decoration beside its words (hidden from screen readers) unless it carries meaning of its
 * own: then `label` names it (role=img).
 */
export function StrokeIcon({
  path,
  className = "size-5",
  label,
}: {
  path: string;
  className?: string | undefined;
  label?: string | undefined;
}) {
  return (
    <svg
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
    >
      {label ? <title>{label}</title> : null}
      <path d={path} />
    </svg>
  );
}

export function Icon({ name, className, label }: { name: IconName; className?: string; label?: string }) {
  return <StrokeIcon path={icons[name]} className={className} label={label} />;
}
