/**
 * A chart drawn by uPlot (decision 024). This module is imported only through chart-figure.tsx's
 * lazy() (the season dashboard, the season's statistics and the reading year), so uPlot and its
 * CSS load with a page's first chart alone. The canvas is a picture
 * for sighted readers (aria-hidden); the table beside each chart carries the same figures.
 */
import { useEffect, useRef } from 'react';
import { barAxisLabels } from './bar-axis-labels';
import { CHART_HEIGHT } from './chart-size';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** One value per x; null leaves the slot empty. */
  values: (number | null)[];
  colour: string;
}

export interface UplotChartProps {
  kind: 'bars' | 'line';
  /** x values: indexes for bars (labelled by xLabels), Unix seconds for a line over days. */
  x: number[];
  /** Each bar's short label on the axis. */
  xLabels?: string[];
  series: ChartSeries[];
  height?: number;
}

const DAY = 86_400;
/** The time axis's tick steps, in seconds: whole days only (the data is a count a day). */
const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY];
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayLabel = (seconds: number) => dayFormat.format(new Date(seconds * 1000));

export function UplotChart({ kind, x, xLabels, series, height = CHART_HEIGHT }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(280, element.clientWidth);
    const bars = kind === 'bars' ? uPlot.paths.bars!({ size: [0.7, 48] }) : undefined;
    const options: uPlot.Options = {
      width: width(),
      height,
      // The series' names only: the hover values read '--' at rest (the table has the numbers).
      legend: { show: series.length > 1, live: false },
      cursor: { show: true, drag: { x: false, y: false } },
      scales: {
        x: { time: kind === 'line' },
        y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        {
          space: 24,
          size: 36,
          ...(xLabels
            ? {
                // Every bar labelled, in two lines when one is too wide for its bar; every
                // other one, or fewer, when even so they would run together.
                splits: (u: uPlot) => {
                  const { step } = barAxisLabels(xLabels, u.width);
                  return x.filter((_, i) => i % step === 0);
                },
                values: (u: uPlot, splits: number[]) => {
                  const { lines } = barAxisLabels(xLabels, u.width);
                  return splits.map((s) => (Number.isInteger(s) ? (lines[s] ?? '') : ''));
                },
                // Room for a second line under the bars when a label needs one.
                size: (u: uPlot) =>
                  barAxisLabels(xLabels, u.width).lines.some((l) => l.includes('\n')) ? 52 : 36,
              }
            : {}),
          ...(kind === 'line'
            ? {
                // One label a day at most, far enough apart to read at 360 px: "29 Nov".
                space: 64,
                incrs: DAY_STEPS,
                values: (_u: uPlot, splits: number[]) => splits.map(dayLabel),
              }
            : {}),
        },
        // Room for four digits and a separator ("4,000" pages a month) at the axis' font.
        { size: 56 },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.colour,
          fill: kind === 'bars' ? s.colour : undefined,
          width: kind === 'bars' ? 0 : 2,
          ...(bars ? { paths: bars, points: { show: false } } : {}),
        })),
      ],
    };
    if (kind === 'bars') options.scales!.x = { time: false, range: [-0.5, x.length - 0.5] };
    const chart = new uPlot(
      options,
      [x, ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [kind, x, xLabels, series, height]);
  // As tall as the chart before uPlot draws it (an effect, after the first paint).
  return (
    <div
      ref={box}
      className="dashboard-chart__canvas"
      style={{ minHeight: height }}
      aria-hidden="true"
    />
  );
}
