import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type uPlot from 'uplot';
import { z } from 'zod';
import { describeSoakEvery } from './soak';
import { ms } from './stats';

/**
 * Issue 27: the soak's memory and latency over time as one PNG for docs/SCALING.md.
 *   npx tsx bench/soak-chart.ts <soak JSON> [out.png]   (default docs/soak-memory-latency.png)
 * The charts are uPlot's (decision 024), drawn in headless Chromium (CHROME_PATH, Debian's by
 * default) from uPlot's own build and CSS, and the element screenshotted: the same library the
 * app draws its charts with, no drawing code of ours. It also prints the table that goes under
 * the chart.
 */

const DEFAULT_OUT = path.resolve(import.meta.dirname, '..', 'docs', 'soak-memory-latency.png');
/** CSS pixels: readable where docs are read, a GitHub page's column. */
const WIDTH = 800;
const CHART_HEIGHT = 280;

/** NaN went to JSON as null (an empty window, an unreadable /proc); it comes back as NaN. */
const figure = z
  .number()
  .nullable()
  .transform((value) => value ?? Number.NaN);

const SoakFile = z.object({
  startedAt: z.string(),
  minutes: z.number(),
  sampleSec: z.number(),
  warmupSec: z.number(),
  readers: z.number(),
  requests: z.number(),
  errors: z.number(),
  placements: z.number(),
  p99AfterWarmup: figure,
  rssGrowth: z.tuple([figure, figure]),
  totalsOff: z.number(),
  cardTotalsOff: z.number(),
  p99TargetMs: z.number(),
  rssGrowthTarget: z.number(),
  node: z.string(),
  cores: z.number(),
  loadAverage: z.array(z.number()),
  samples: z.array(
    z.object({
      atSec: z.number(),
      rssMb: z.tuple([figure, figure]),
      requests: z.number(),
      p50: figure,
      p99: figure,
      errors: z.number(),
    }),
  ),
});
type SoakFile = z.infer<typeof SoakFile>;

/** What the page needs to draw both charts: plain data, passed into Chromium as JSON. */
interface ChartData {
  minutes: number[];
  rss: [(number | null)[], (number | null)[]];
  p50: (number | null)[];
  p99: (number | null)[];
  targetMs: number;
  windowSec: number;
  warmupMinutes: number;
  height: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const orNull = (value: number) => (Number.isFinite(value) ? value : null);
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

function pageHtml(soak: SoakFile): string {
  const day = soak.startedAt.slice(0, 16).replace('T', ' ');
  const warmupMin = (soak.warmupSec / 60).toFixed(1);
  const met = (ok: boolean) => (ok ? 'met' : 'not met');
  const flat = soak.rssGrowth.every((g) => g <= soak.rssGrowthTarget);
  const lines = [
    `${soak.minutes} min from ${day} UTC; two instances on PostgreSQL and Redis, ${soak.readers} ` +
      `readers: 80 reads and 20 placements a second, 40 live streams, an import every 30 s, ` +
      `a share image a second. Node ${soak.node}, ${soak.cores} cores, load average ` +
      `${soak.loadAverage.map((l) => l.toFixed(2)).join(', ')} at the end.`,
    `${soak.requests.toLocaleString('en-GB')} requests, ${soak.errors} errors, totals off ` +
      `${soak.totalsOff + soak.cardTotalsOff}. After the ${warmupMin} min warm-up: memory ` +
      `${soak.rssGrowth.map(percent).join(' and ')} (target within ` +
      `${soak.rssGrowthTarget * 100} %: ${met(flat)}), p99 ${ms(soak.p99AfterWarmup)} ` +
      `(target under ${soak.p99TargetMs} ms: ${met(soak.p99AfterWarmup < soak.p99TargetMs)}).`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<script>var __name = (fn) => fn;</script>
<style>
  body { margin: 0; background: #fff; color: #111; font: 14px 'DejaVu Sans', sans-serif; }
  #figure { width: ${WIDTH}px; padding: 16px 20px; box-sizing: border-box; }
  h1 { font-size: 18px; margin: 0 0 6px; }
  h2 { font-size: 15px; margin: 18px 0 4px; }
  p { margin: 0 0 4px; line-height: 1.35; color: #333; }
  .u-legend { font-size: 14px; }
  .u-legend .u-marker { width: 1.4em; height: 0.5em; }
</style></head><body><div id="figure">
  <h1>Soak: memory and latency over time (issue 27)</h1>
  ${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n  ')}
  <p>Shaded: the warm-up, left out of the targets.</p>
  <h2>Resident memory of each instance</h2><div id="memory"></div>
  <h2>Latency of the requests answered in each ${soak.sampleSec} s window (imports aside)</h2>
  <div id="latency"></div>
</div></body></html>`;
}

/**
 * Runs in the page, where uPlot's IIFE build has set window.uPlot. tsx compiles with esbuild's
 * keepNames, which wraps named inner functions in `__name(...)` (bench/login-weight.ts): the
 * page defines it as a no-op, so this stays a typed function instead of a script in a string.
 */
async function drawCharts(data: ChartData) {
  const UPlot = (window as unknown as { uPlot: typeof uPlot }).uPlot;
  const font = "13px 'DejaVu Sans', sans-serif";
  const labelFont = "bold 13px 'DejaVu Sans', sans-serif";
  const width = document.getElementById('figure')!.clientWidth - 40;
  const axis = (label: string, size: number): uPlot.Axis => ({
    label,
    font,
    labelFont,
    labelSize: 20,
    size,
    stroke: '#111',
    grid: { stroke: '#ddd', width: 1 },
    ticks: { stroke: '#999', width: 1 },
  });
  // Whole minutes where they fit (5, 10, 15 in a 30-minute run), never uPlot's 2.5.
  const minutesAxis = {
    ...axis('minutes since the traffic started', 34),
    incrs: [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120],
  };
  // From zero: a flat line should look flat, and a rise is read against the whole.
  const fromZero = (floor: number) => (_u: uPlot, _min: number, max: number) =>
    [0, Math.max(floor, max) * 1.1] as uPlot.Range.MinMax;
  const common = {
    width,
    height: data.height,
    cursor: { show: false },
    legend: {
      live: false,
      // A dashed line gets a dashed marker: the legend still reads in greyscale.
      markers: {
        width: 3,
        dash: (u: uPlot, i: number) => (u.series[i]!.dash ? 'dashed' : 'solid'),
      },
    },
  };
  // Dark against light, solid against dashed: the lines part in greyscale too.
  const memory = new UPlot(
    {
      ...common,
      scales: { x: { time: false }, y: { range: fromZero(1) } },
      axes: [minutesAxis, axis('resident memory (MB)', 60)],
      series: [
        { label: 'minute' },
        { label: 'instance 1', stroke: '#1b3a6b', width: 2.5 },
        { label: 'instance 2', stroke: '#e08a1e', width: 2.5, dash: [9, 5] },
      ],
    },
    [data.minutes, ...data.rss],
    document.getElementById('memory')!,
  );
  const latency = new UPlot(
    {
      ...common,
      scales: { x: { time: false }, y: { range: fromZero(data.targetMs) } },
      axes: [minutesAxis, axis(`latency per ${data.windowSec} s window (ms)`, 60)],
      series: [
        { label: 'minute' },
        { label: 'p99', stroke: '#1b3a6b', width: 2.5 },
        { label: 'p50', stroke: '#6fa8dc', width: 2.5 },
        {
          label: `target: p99 under ${data.targetMs} ms`,
          stroke: '#c0392b',
          width: 2,
          dash: [4, 4],
          points: { show: false },
        },
      ],
    },
    [data.minutes, data.p99, data.p50, data.minutes.map(() => data.targetMs)],
    document.getElementById('latency')!,
  );
  // The warm-up, which the targets leave out, shaded by uPlot's own selection box, once the
  // charts have laid out their scales (uPlot commits in a microtask).
  await new Promise(requestAnimationFrame);
  for (const chart of [memory, latency]) {
    const left = chart.valToPos(data.minutes[0] ?? 0, 'x');
    chart.setSelect(
      {
        left,
        top: 0,
        width: chart.valToPos(data.warmupMinutes, 'x') - left,
        height: chart.over.clientHeight,
      },
      false,
    );
  }
}

/** Draws the soak's charts into one PNG at `out`. */
export async function renderSoakChart(soak: SoakFile, out: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const data: ChartData = {
    minutes: soak.samples.map((s) => s.atSec / 60),
    rss: [soak.samples.map((s) => orNull(s.rssMb[0])), soak.samples.map((s) => orNull(s.rssMb[1]))],
    p50: soak.samples.map((s) => orNull(s.p50)),
    p99: soak.samples.map((s) => orNull(s.p99)),
    targetMs: soak.p99TargetMs,
    windowSec: soak.sampleSec,
    warmupMinutes: soak.warmupSec / 60,
    height: CHART_HEIGHT,
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    // Twice the pixels: sharp on a high-density screen, still 800 px wide as laid out.
    const page = await browser.newPage({
      viewport: { width: WIDTH, height: 900 },
      deviceScaleFactor: 2,
    });
    await page.setContent(pageHtml(soak));
    await page.addStyleTag({ path: require.resolve('uplot/dist/uPlot.min.css') });
    await page.addScriptTag({ path: require.resolve('uplot/dist/uPlot.iife.min.js') });
    await page.evaluate(drawCharts, data);
    mkdirSync(path.dirname(out), { recursive: true });
    await page.locator('#figure').screenshot({ path: out });
  } finally {
    await browser.close();
  }
}

async function main() {
  const [input, output] = process.argv.slice(2);
  if (!input) {
    console.error('Usage: npx tsx bench/soak-chart.ts <soak JSON> [out.png]');
    process.exitCode = 2;
    return;
  }
  const soak = SoakFile.parse(JSON.parse(readFileSync(input, 'utf8')));
  const out = path.resolve(output ?? DEFAULT_OUT);
  await renderSoakChart(soak, out);
  console.log(`Wrote ${out}`);
  console.log('');
  for (const line of describeSoakEvery(soak)) console.log(line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
