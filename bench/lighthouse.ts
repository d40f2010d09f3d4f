import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_READER } from '../src/server/seed/demo-accounts';
import { startBenchServer, type BenchServer } from './bench-server';
import { CLIENT_DIST } from './page-weight';

/** The flags DESIGN.md gives for Debian's Chromium on our machines. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Issue 9's targets, Lighthouse mobile (default simulated throttling), median of the runs. */
export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 95,
  cls: 0.02,
} as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  lcp: number;
  /** Milliseconds. */
  tbt: number;
  cls: number;
  /** Audits of the four categories that did not pass, e.g. 'color-contrast (0)'. */
  failing: string[];
  lighthouseVersion: string;
}

export type LighthouseFigures = Omit<LighthouseRun, 'failing' | 'lighthouseVersion'>;

export interface LighthousePage {
  path: string;
  signedIn: boolean;
  runs: LighthouseRun[];
  median: LighthouseFigures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Signs the seeded reader in over real HTTP (solving the captcha in Node); returns the Cookie. */
export async function signInReader(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha');
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      'content-type': 'application/json',
      'x-captcha': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
    body: JSON.stringify({ email: DEMO_READER.email, password: DEMO_READER.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const pairs = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
  if (pairs.length === 0) throw new Error('sign-in set no session cookie');
  return pairs.join('; ');
}

/** Tries a run again when Lighthouse itself fails (e.g. NO_FCP from a tab Chromium left idle). */
async function runWithRetry(url: string, port: number, cookie?: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, port, cookie);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (${url}: ${error instanceof Error ? error.message : String(error)}; again)`);
    }
  }
}

async function runOnce(url: string, port: number, cookie?: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_REPORTS=dir keeps each run's full report (audits, network log) to read afterwards.
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}.json`;
    writeFileSync(path.join(reports, name), JSON.stringify(lhr));
  }
  const score = (id: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 0.9)
      .map((audit) => `${id}/${audit.id} (${audit.displayValue ?? audit.score})`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/bingo', signedIn: true },
  { path: '/profile', signedIn: true },
] as const;

function medianFigures(runs: LighthouseRun[]): LighthouseFigures {
  const pick = (key: keyof LighthouseFigures) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
  };
}

/**
 * Lighthouse's mobile profile (its defaults: Moto G Power screen, simulated slow 4G and 4x CPU
 * slowdown) on the built app served by the real server: /login signed out, /bingo and /profile
 * signed in as the seeded reader (the session cookie goes with every request through
 * extraHeaders). Each page `runs` times in one Chromium; the figures are per-figure medians.
 */
export async function measureLighthouse(runs = 3): Promise<LighthousePage[]> {
  const server = await startBenchServer({ STATIC_DIR: CLIENT_DIST });
  try {
    const cookie = await signInReader(server.url);
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const results: LighthousePage[] = [];
      for (const page of PAGES) {
        const pageRuns: LighthouseRun[] = [];
        for (let i = 0; i < runs; i += 1) {
          pageRuns.push(
            await runWithRetry(
              `${server.url}${page.path}`,
              chrome.port,
              page.signedIn ? cookie : undefined,
            ),
          );
        }
        results.push({ ...page, runs: pageRuns, median: medianFigures(pageRuns) });
      }
      return results;
    } finally {
      chrome.kill();
    }
  } finally {
    await server.close();
  }
}

export interface LighthouseComparison {
  /** The built client folders compared, in the order given. */
  builds: string[];
  pages: {
    path: string;
    signedIn: boolean;
    runs: LighthouseRun[][];
    median: LighthouseFigures[];
  }[];
}

/**
 * An A/B of built clients on this machine at the same moment: one real server per build (the
 * same server code, each serving its own STATIC_DIR), one Chromium, and the runs interleaved
 * (page by page, build after build, `runs` rounds), so a busy spell of a shared machine weighs
 * on every build alike. A single build's score moves by ten points from one hour to the next on
 * our machines; the difference between builds taken this way is what can be read.
 */
export async function compareLighthouse(builds: string[], runs = 5): Promise<LighthouseComparison> {
  const servers: BenchServer[] = [];
  try {
    for (const dir of builds) servers.push(await startBenchServer({ STATIC_DIR: dir }));
    const cookies = await Promise.all(servers.map((server) => signInReader(server.url)));
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const pages: LighthouseComparison['pages'] = [];
      // LIGHTHOUSE_PAGES=/profile,/bingo compares only those pages.
      const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
      for (const page of PAGES.filter((p) => !only || only.includes(p.path))) {
        const byBuild: LighthouseRun[][] = builds.map(() => []);
        for (let round = 0; round < runs; round += 1) {
          for (const [index, server] of servers.entries()) {
            byBuild[index]!.push(
              await runWithRetry(
                `${server.url}${page.path}`,
                chrome.port,
                page.signedIn ? cookies[index] : undefined,
              ),
            );
          }
        }
        pages.push({ ...page, runs: byBuild, median: byBuild.map(medianFigures) });
      }
      return { builds, pages };
    } finally {
      chrome.kill();
    }
  } finally {
    for (const server of servers) await server.close();
  }
}
