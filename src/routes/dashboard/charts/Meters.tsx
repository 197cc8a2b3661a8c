/**
 * Small pictures for single numbers: a half-circle gauge for a 0–100 score and a ring for
 * a share. Plain SVG (no canvas needed for one value); each carries its own text label.
 */

const polar = (cx: number, cy: number, r: number, angle: number) => [
  cx + r * Math.cos(angle),
  cy + r * Math.sin(angle),
];

/** Where a score sits: red under 40, amber under 60, green from 60 (the spec's concern lines). */
export function scoreTone(value: number, lowerIsBetter = false): "error" | "warning" | "success" {
  const good = lowerIsBetter ? 100 - value : value;
  if (good < 40) return "error";
  if (good < 60) return "warning";
  return "success";
}

const TONE_CLASS = { error: "stroke-error", warning: "stroke-warning", success: "stroke-success" } as const;

export function ScoreGauge({
  value,
  label,
  lowerIsBetter = false,
  className = "w-40",
}: {
  value: number | null;
  label: string;
  lowerIsBetter?: boolean;
  className?: string;
}) {
  const r = 40;
  const [sx, sy] = polar(50, 50, r, Math.PI);
  const [ex, ey] = polar(50, 50, r, 2 * Math.PI);
  const clamped = value === null ? 0 : Math.min(100, Math.max(0, value));
  const [vx, vy] = polar(50, 50, r, Math.PI + (clamped / 100) * Math.PI);
  const tone = value === null ? null : scoreTone(value, lowerIsBetter);
  return (
    <svg
      viewBox="0 0 100 56"
      className={className}
      role="img"
      aria-label={value === null ? `${label}: no data yet` : `${label}: ${value} out of 100`}
    >
      <path
        d={`M${sx} ${sy} A${r} ${r} 0 0 1 ${ex} ${ey}`}
        className="stroke-base-300"
        strokeWidth="9"
        fill="none"
        strokeLinecap="round"
      />
      {value !== null && clamped > 0 ? (
        <path
          d={`M${sx} ${sy} A${r} ${r} 0 0 1 ${vx} ${vy}`}
          className={tone ? TONE_CLASS[tone] : ""}
          strokeWidth="9"
          fill="none"
          strokeLinecap="round"
        />
      ) : null}
    </svg>
  );
}

export function Ring({
  value,
  label,
  className = "size-20",
  children,
}: {
  value: number | null;
  label: string;
  className?: string;
  children?: React.ReactNode;
}) {
  const r = 15.9155; // circumference 100
  const share = value === null ? 0 : Math.min(100, Math.max(0, value));
  return (
    <div className={`relative grid place-items-center ${className}`}>
      <svg
        viewBox="0 0 36 36"
        className="absolute inset-0 size-full -rotate-90"
        role="img"
        aria-label={value === null ? `${label}: no data yet` : `${label}: ${value}%`}
      >
        <circle cx="18" cy="18" r={r} fill="none" className="stroke-base-300" strokeWidth="3.5" />
        {share > 0 ? (
          <circle
            cx="18"
            cy="18"
            r={r}
            fill="none"
            className="stroke-secondary"
            strokeWidth="3.5"
            strokeDasharray={`${share} ${100 - share}`}
            strokeLinecap="round"
          />
        ) : null}
      </svg>
      <div className="relative text-center">{children}</div>
    </div>
  );
}
