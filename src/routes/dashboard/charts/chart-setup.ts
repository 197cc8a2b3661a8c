import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";

/**
 * Chart.js, tree-shaken: only the line and bar charts the dashboard draws are registered,
 * so the dashboard's lazy chunk carries ~50 KB gzipped of charting, not the whole library.
 * Canvas, so 52 weeks × 5 series redraw cheaply on a phone; tooltips work by touch.
 */
Chart.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  LinearScale,
  CategoryScale,
  Filler,
  Tooltip,
);

Chart.defaults.font.family = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
Chart.defaults.font.size = 12;
Chart.defaults.color = "#5b5f7a";
Chart.defaults.borderColor = "#e4e5ef";
Chart.defaults.maintainAspectRatio = false;
if (typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
  Chart.defaults.animation = false;
}

/** The theme's colours (src/app.css, oklch) as hex for the canvas. */
export const CHART_COLORS = {
  primary: "#3f37a8",
  secondary: "#0f8f8c",
  accent: "#e8a317",
  error: "#d23c2f",
  success: "#1f9d5c",
  info: "#2b7fd0",
  muted: "#a3a6bf",
  violet: "#8b5cf6",
} as const;

export { Chart };
