import { type Percentiles, ratio } from "./stats.ts";

/**
 * The benchmark's budgets (issue 7) and the printed table: every figure with its budget
 * beside it and pass / miss. A figure that cannot be measured yet is shown as such,
 * never invented.
 */
export type Figure = Percentiles | null;

export type Row = { metric: string; figure: string; budget: string; verdict: "pass" | "miss" | "—" | "n/a" };

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)}` : "–");
const triple = (p: Percentiles) => `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)}`;
const verdict = (ok: boolean) => (ok ? "pass" : "miss");

export function ackRows(load: number, app: Figure, floor: Figure): Row[] {
  if (!app || !floor) {
    return [
      { metric: `ws_ack_ms_${load}`, figure: "not measured", budget: "≤ 1.25× floor p50, ≤ 1.5× p99", verdict: "n/a" },
    ];
  }
  const p50 = ratio(app.p50, floor.p50);
  const p99 = ratio(app.p99, floor.p99);
  return [
    {
      metric: `ws_ack_ms_${load} (app, ${load} check-ins)`,
      figure: `${triple(app)}  (n=${app.count})`,
      budget: `≤ 1.25× floor p50 (${p50}×), ≤ 1.5× p99 (${p99}×)`,
      verdict: verdict(p50 <= 1.25 && p99 <= 1.5),
    },
    {
      metric: `ws_ack_floor_ms_${load} (bare DO)`,
      figure: `${triple(floor)}  (n=${floor.count})`,
      budget: "the floor",
      verdict: "—",
    },
  ];
}

export function p95Row(metric: string, figure: Figure, budgetMs: number, missing = "not measured"): Row {
  if (!figure) return { metric, figure: missing, budget: `p95 ≤ ${budgetMs} ms`, verdict: "n/a" };
  return {
    metric,
    figure: `${triple(figure)}  (n=${figure.count})`,
    budget: `p95 ≤ ${budgetMs.toLocaleString("en-US")} ms`,
    verdict: verdict(figure.p95 <= budgetMs),
  };
}

/** A figure printed for information, beside the one its budget is on. */
export function infoRow(metric: string, figure: Figure, note = "for information"): Row {
  return {
    metric,
    figure: figure ? `${triple(figure)}  (n=${figure.count})` : "not measured",
    budget: note,
    verdict: "—",
  };
}

export function countRow(metric: string, value: number | null, note = ""): Row {
  if (value === null) return { metric, figure: "not measured", budget: "0", verdict: "n/a" };
  return { metric, figure: `${value}${note ? `  (${note})` : ""}`, budget: "0", verdict: verdict(value === 0) };
}

export function sizeRow(metric: string, kb: number | undefined, budgetKb: number): Row {
  if (kb === undefined) return { metric, figure: "not built", budget: `≤ ${budgetKb} KB`, verdict: "n/a" };
  return {
    metric,
    figure: `${kb} KB`,
    budget: `≤ ${budgetKb.toLocaleString("en-US")} KB`,
    verdict: verdict(kb <= budgetKb),
  };
}

export function renderTable(rows: readonly Row[]): string {
  const header: Row = { metric: "metric", figure: "p50 / p95 / p99 ms (or value)", budget: "budget", verdict: "pass" };
  const all = [header, ...rows];
  const width = (key: keyof Row) => Math.max(...all.map((r) => r[key].length));
  const widths = {
    metric: width("metric"),
    figure: width("figure"),
    budget: width("budget"),
    verdict: width("verdict"),
  };
  const line = (r: Row) =>
    `| ${r.metric.padEnd(widths.metric)} | ${r.figure.padEnd(widths.figure)} | ${r.budget.padEnd(widths.budget)} | ${r.verdict.padEnd(widths.verdict)} |`;
  const rule = `| ${"-".repeat(widths.metric)} | ${"-".repeat(widths.figure)} | ${"-".repeat(widths.budget)} | ${"-".repeat(widths.verdict)} |`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}
