import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { formatCsv } from '../src/lib/csv';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateToLatest } from '../src/server/db/migrate';
import { GOODREADS_COLUMNS } from '../src/server/modules/imports/goodreads';
import { createImportsService } from '../src/server/modules/imports/imports.service';
import { loadDemoCatalogue } from '../src/server/books/demo-catalogue';
import { BENCH_PASSWORD, send, signIn } from './accounts';

/** A valid ISBN-13 with the given 12-digit body. */
function isbn13(body: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A Goodreads export of `rows` books as a big library looks: most with ISBNs the catalogue
 * lacks, some without ISBN (matched by title), ratings, dates and short reviews.
 */
export function syntheticGoodreadsExport(rows: number): string {
  const records = Array.from({ length: rows }, (_, n) => {
    const values: Record<string, string> = {
      'Book Id': String(100_000 + n),
      Title: `A Hedgehog Chronicle, Volume ${n} (Hedgehog Chronicles, #${n})`,
      Author: `Author ${n % 700}`,
      'Author l-f': `${n % 700}, Author`,
      ISBN: '=""',
      ISBN13: n % 50 === 0 ? '=""' : `="${isbn13(`979${String(600_000_000 + n)}`)}"`,
      'My Rating': String(n % 6),
      'Average Rating': '3.91',
      Publisher: 'Hedgehog Press',
      Binding: 'Paperback',
      'Number of Pages': String(100 + (n % 400)),
      'Year Published': String(1990 + (n % 35)),
      'Date Read': n % 4 === 0 ? '' : `20${10 + (n % 14)}/0${1 + (n % 9)}/1${n % 10}`,
      'Date Added': '2009/01/01',
      'Exclusive Shelf': n % 4 === 0 ? 'to-read' : n % 37 === 0 ? 'currently-reading' : 'read',
      'My Review': n % 3 === 0 ? `Row ${n}: "quoted", with commas,<br/>and a line.` : '',
      'Read Count': '1',
      'Owned Copies': '0',
    };
    return GOODREADS_COLUMNS.map((column) => values[column] ?? '');
  });
  return formatCsv([GOODREADS_COLUMNS, ...records]);
}

export interface ImportRun {
  label: 'first import' | 're-import';
  ms: number;
  finished: number;
  wantToRead: number;
  booksAdded: number;
  unchanged: number;
  skipped: number;
}

/**
 * Runs `measure` on the app over a fresh database (a SQLite file in a temporary folder, or
 * PostgreSQL with DATABASE_URL), migrated and holding the demo catalogue; closes it after.
 */
async function withBenchApp<T>(
  prefix: string,
  env: Record<string, string>,
  measure: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent',
      ...env,
      ...(process.env.DATABASE_URL
        ? { DATABASE_URL: process.env.DATABASE_URL }
        : { SQLITE_PATH: path.join(dir, 'bench.sqlite') }),
      DATA_DIR: dir,
    });
    const app = await buildApp({ config, logger: false });
    try {
      await migrateToLatest(app.deps.database);
      await loadDemoCatalogue(app.deps.database);
      return await measure(app);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ImportFigures {
  rows: number;
  csvBytes: number;
  database: 'sqlite' | 'postgres';
  runs: ImportRun[];
}

/**
 * Times importLibrary on a fresh database (SQLite file, or PostgreSQL with DATABASE_URL) with a
 * synthetic Goodreads export of `rows` books: a first import, then the same file again.
 */
export async function measureImportLibrary(rows = 5000): Promise<ImportFigures> {
  return withBenchApp('bingo-import-bench-', {}, async (app) => {
    const user = await app.deps.auth.api.signUpEmail({
      body: { email: `bench-${Date.now()}@example.com`, password: 'Hedgehog-1', name: 'Bench' },
    });
    const csv = syntheticGoodreadsExport(rows);
    const service = createImportsService(app.deps.database);
    const runs: ImportRun[] = [];
    for (const label of ['first import', 're-import'] as const) {
      const started = performance.now();
      const outcome = await service.importLibrary(user.user.id, { csv });
      const ms = performance.now() - started;
      if (!outcome.ok) throw new Error(JSON.stringify(outcome));
      const { imported, unchanged, skipped } = outcome.result;
      runs.push({
        label,
        ms,
        finished: imported.finished,
        wantToRead: imported.wantToRead,
        booksAdded: imported.booksAdded,
        unchanged,
        skipped: skipped.length,
      });
    }
    return { rows, csvBytes: csv.length, database: app.deps.database.kind, runs };
  });
}

export interface HealthDuringImportFigures {
  rows: number;
  database: 'sqlite' | 'postgres';
  importMs: number;
  /** GET /api/health over HTTP, one after another, while the import ran. */
  health: { samples: number; p50: number; p99: number; max: number };
  /** The same, with no import running (the baseline). */
  idle: { samples: number; p50: number; p99: number; max: number };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * The client of the health checks runs on a thread of its own, as a real client would be
 * elsewhere: on the app's thread its own requests would wait on the import's slices too.
 */
const HEALTH_POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  await ask();
  parentPort.postMessage('ready');
  const samples = [];
  while (running || samples.length < 1) samples.push(await ask());
  parentPort.postMessage(samples);
})();
`;

/** GET /api/health one request after another from another thread while `during` runs. */
async function pollHealth(address: string, during: () => Promise<void>): Promise<number[]> {
  const worker = new Worker(HEALTH_POLLER, {
    eval: true,
    workerData: { url: `${address}/api/health` },
  });
  try {
    const next = () =>
      new Promise<unknown>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    await next(); // 'ready': the client is warm before the work starts
    try {
      await during();
    } finally {
      worker.postMessage('stop');
    }
    return (await next()) as number[];
  } finally {
    await worker.terminate();
  }
}

/**
 * Issue 8: does one big import stall the server? The app listens on a port; a client on
 * another thread asks GET /api/health over HTTP, one request after another, while a signed-in
 * reader's POST /api/imports (the whole route: JSON body, validation, quota, the import) brings
 * in a synthetic export of `rows` books. Reports health p50/p99/max during the import, and
 * with nothing running as the baseline.
 */
export async function measureHealthDuringImport(rows = 10_000): Promise<HealthDuringImportFigures> {
  return withBenchApp('bingo-import-health-', { CAPTCHA_COST: '1' }, async (app) => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const email = `bench-${Date.now()}@example.com`;
    await app.deps.auth.api.signUpEmail({
      body: { email, password: BENCH_PASSWORD, name: 'Bench' },
    });
    const cookie = await signIn(app, email);
    const csv = syntheticGoodreadsExport(rows);
    const idleSamples = await pollHealth(address, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    let importMs = 0;
    const during = await pollHealth(address, async () => {
      const started = performance.now();
      const response = await send(app, 'POST', '/api/imports', { cookie, body: { csv } });
      importMs = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(response.body.slice(0, 500));
    });
    return {
      rows,
      database: app.deps.database.kind,
      importMs,
      health: summarise(during),
      idle: summarise(idleSamples),
    };
  });
}

/** The health-during-import figures in two lines. */
export function describeHealthDuringImport(f: HealthDuringImportFigures): string[] {
  const line = (label: string, h: HealthDuringImportFigures['health']) =>
    `${label}: ${h.samples} requests, p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms, ` +
    `max ${h.max.toFixed(1)} ms`;
  return [
    `import of ${f.rows} rows on ${f.database} took ${f.importMs.toFixed(0)} ms`,
    line('GET /api/health while importing', f.health),
    line('GET /api/health idle', f.idle),
    `target p99 < 50 ms while importing: ${f.health.p99 < 50 ? 'MET' : 'NOT MET'}`,
  ];
}

/** One line a run, as the command line and npm run bench print it. */
export function describeImportRun(figures: ImportFigures, run: ImportRun): string {
  return (
    `${run.label}: ${figures.rows} rows (${(figures.csvBytes / 1024).toFixed(0)} KB) in ` +
    `${run.ms.toFixed(0)} ms; finished ${run.finished}, want-to-read ${run.wantToRead}, ` +
    `books added ${run.booksAdded}, unchanged ${run.unchanged}, skipped ${run.skipped}`
  );
}

/**
 * npx tsx bench/import-library.ts [rows]: times importLibrary on a fresh SQLite file;
 * npx tsx bench/import-library.ts health [rows]: GET /api/health latency during an import.
 */
async function main() {
  if (process.argv[2] === 'health') {
    const health = await measureHealthDuringImport(Number(process.argv[3] ?? 10_000));
    for (const line of describeHealthDuringImport(health)) console.log(line);
    return;
  }
  const figures = await measureImportLibrary(Number(process.argv[2] ?? 5000));
  for (const run of figures.runs) console.log(describeImportRun(figures, run));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
