/** Small helpers shared by the benchmarks: percentiles, a seeded random source, formatting. */

export interface LatencySummary {
  /** Samples taken. */
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of ascending `sorted` (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The middle value (for an even count, the lower of the two middle ones). */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** p50, p95, max and mean of latency samples in ms. */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** Milliseconds with a precision that suits their size. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 1) return `${value.toFixed(3)} ms`;
  if (value < 10) return `${value.toFixed(2)} ms`;
  return `${value.toFixed(1)} ms`;
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : 'n/a';
}

/** "p50 0.41 ms  p95 0.93 ms  max 2.10 ms (n=500)". */
export function formatSummary(summary: LatencySummary): string {
  return (
    `p50 ${ms(summary.p50).padStart(9)}  p95 ${ms(summary.p95).padStart(9)}  ` +
    `max ${ms(summary.max).padStart(9)}  (n=${summary.n})`
  );
}

/** A deterministic pseudo-random source (mulberry32): the same seed, the same data every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [0, n). */
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /**
     * An index in [0, n) skewed towards small indexes (roughly Zipf-like), the way a few words
     * of a language are everywhere and most are rare.
     */
    skewed: (n: number, exponent = 2) => Math.floor(Math.pow(next(), exponent) * n),
    /** A UUID-shaped id (version 4 layout) from this source, so ids are reproducible too. */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;

/** Times an async call in ms. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}
