import type { TrendPoint } from "@shared/insights";
import { plural } from "@shared/plural";
import type { ChartConfiguration } from "chart.js";
import { useMemo, useRef, useState } from "react";
import { CHART_COLORS } from "./chart-setup";
import { weekLabel } from "./format";
import { useChart } from "./useChart";

type ScoreKey = "morale" | "confidence" | "stress" | "teamDynamics" | "salesStrength";

export const SCORE_SERIES: { key: ScoreKey; label: string; color: string; note?: string }[] = [
  { key: "morale", label: "Morale", color: CHART_COLORS.primary },
  { key: "confidence", label: "Quota confidence", color: CHART_COLORS.secondary },
  { key: "stress", label: "Stress", color: CHART_COLORS.error, note: "lower is better" },
  { key: "teamDynamics", label: "Team dynamics", color: CHART_COLORS.violet },
  { key: "salesStrength", label: "Sales strength", color: CHART_COLORS.accent },
];

const DEFAULT_VISIBLE: ScoreKey[] = ["morale", "confidence", "stress"];

/** A plain-words summary of the chart for screen readers (the canvas itself is a picture). */
function describe(points: readonly TrendPoint[], visible: readonly ScoreKey[]): string {
  const answered = points.filter((p) => p.responses > 0);
  if (answered.length === 0) return "No check-ins answered in this period yet.";
  const first = answered[0];
  const last = answered.at(-1);
  const parts = SCORE_SERIES.filter((s) => visible.includes(s.key)).map(
    (s) => `${s.label} from ${first?.[s.key] ?? "–"} to ${last?.[s.key] ?? "–"}`,
  );
  return `Weekly team scores over ${points.length} weeks: ${parts.join("; ")}.`;
}

/** The six pillars' weekly trend: one line per score, toggled by the chips below. */
export function TrendChart({ points, height = 260 }: { points: readonly TrendPoint[]; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState<ScoreKey[]>(DEFAULT_VISIBLE);
  const long = points.length > 20;

  const config = useMemo<ChartConfiguration<"line">>(
    () => ({
      type: "line",
      data: {
        labels: points.map((p) => weekLabel(p.end)),
        datasets: SCORE_SERIES.filter((s) => visible.includes(s.key)).map((series) => ({
          label: series.label,
          data: points.map((p) => p[series.key]),
          borderColor: series.color,
          backgroundColor: series.color,
          borderWidth: 2.5,
          pointRadius: long ? 0 : 3,
          pointHoverRadius: 5,
          tension: 0.3,
          spanGaps: true,
        })),
      },
      options: {
        interaction: { mode: "index", intersect: false },
        scales: {
          y: { min: 0, max: 100, ticks: { stepSize: 25 }, grid: { color: "#eceef6" } },
          x: { grid: { display: false }, ticks: { maxTicksLimit: long ? 6 : 8, maxRotation: 0, autoSkip: true } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => {
                const point = points[items[0]?.dataIndex ?? 0];
                return point ? `7 days to ${weekLabel(point.end)} · ${point.responses} answered` : "";
              },
            },
          },
        },
      },
    }),
    [points, visible, long],
  );
  useChart(canvas, config);

  const toggle = (key: ScoreKey) =>
    setVisible((current) =>
      current.includes(key) ? (current.length > 1 ? current.filter((k) => k !== key) : current) : [...current, key],
    );

  return (
    <div>
      <div style={{ height }} className="relative min-w-0 overflow-hidden">
        <canvas ref={canvas} role="img" aria-label={describe(points, visible)} />
      </div>
      <fieldset className="mt-3 flex flex-wrap gap-2">
        <legend className="sr-only">Lines shown</legend>
        {SCORE_SERIES.map((series) => {
          const on = visible.includes(series.key);
          return (
            <button
              key={series.key}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(series.key)}
              className={`btn btn-xs rounded-full ${on ? "btn-outline border-base-300 bg-base-100" : "btn-ghost text-muted"}`}
            >
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full"
                style={{ backgroundColor: on ? series.color : "transparent", border: `2px solid ${series.color}` }}
              />
              {series.label}
              {series.note ? <span className="hidden text-muted sm:inline">({series.note})</span> : null}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}

/** Blockers reported and participation, week by week. */
export function WeeklyBarsChart({
  points,
  metric,
  height = 160,
}: {
  points: readonly TrendPoint[];
  metric: "blockers" | "participation";
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const long = points.length > 20;
  const isBlockers = metric === "blockers";
  const config = useMemo<ChartConfiguration<"bar">>(
    () => ({
      type: "bar",
      data: {
        labels: points.map((p) => weekLabel(p.end)),
        datasets: [
          {
            label: isBlockers ? "Blockers reported" : "Answered (%)",
            data: points.map((p) => (isBlockers ? p.blockers : p.participation)),
            backgroundColor: isBlockers ? `${CHART_COLORS.accent}cc` : `${CHART_COLORS.secondary}bb`,
            borderRadius: 4,
            maxBarThickness: 28,
          },
        ],
      },
      options: {
        scales: {
          y: isBlockers
            ? { beginAtZero: true, ticks: { precision: 0, maxTicksLimit: 4 }, grid: { color: "#eceef6" } }
            : { min: 0, max: 100, ticks: { stepSize: 50, callback: (v) => `${v}%` }, grid: { color: "#eceef6" } },
          x: { grid: { display: false }, ticks: { maxTicksLimit: long ? 6 : 8, maxRotation: 0 } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => {
                const point = points[items[0]?.dataIndex ?? 0];
                return point ? `7 days to ${weekLabel(point.end)}` : "";
              },
              label: (item) => {
                const point = points[item.dataIndex];
                if (!point) return "";
                return isBlockers
                  ? `${point.blockers} ${plural(point.blockers, "blocker")} reported`
                  : point.participation === null
                    ? "No check-ins closed"
                    : `${point.participation}% answered (${point.sent} sent)`;
              },
            },
          },
        },
      },
    }),
    [points, isBlockers, long],
  );
  useChart(canvas, config);
  const total = points.reduce((sum, p) => sum + (isBlockers ? p.blockers : 0), 0);
  const label = isBlockers
    ? `Blockers reported per week: ${total} in ${points.length} weeks.`
    : `Share of check-ins answered per week, latest ${points.at(-1)?.participation ?? "no data"}${points.at(-1)?.participation === null ? "" : "%"}.`;
  return (
    <div style={{ height }} className="relative min-w-0 overflow-hidden">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
