import type { ChartConfiguration, ChartType } from "chart.js";
import { type RefObject, useEffect, useRef } from "react";
import { Chart } from "./chart-setup";

/**
 * Owns one Chart.js instance for a canvas: created on mount, updated in place when the
 * configuration changes (no flicker, tooltips survive), destroyed on unmount.
 */
export function useChart<Type extends ChartType>(
  canvas: RefObject<HTMLCanvasElement | null>,
  config: ChartConfiguration<Type>,
) {
  const chart = useRef<Chart<Type> | null>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    if (!chart.current) {
      chart.current = new Chart(element, config);
      return;
    }
    chart.current.data = config.data;
    if (config.options) chart.current.options = config.options;
    chart.current.update();
  }, [canvas, config]);
  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );
}
