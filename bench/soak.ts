import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/pg-throwaway.mjs';
import { ensureRedisServer, sparePort, startThrowawayRedis } from '../scripts/redis-throwaway.mjs';
import { syntheticGoodreadsExport } from './import-library';
import { percentile, seededRandom } from './stats';

/**
 * Issue 27, "hours, not seconds": two API instances as real processes (`node --import tsx
 * src/server/main.ts`, NODE_ENV=production, request logging on, as a deployment runs them) on
 * one PostgreSQL and one Redis, under mixed traffic at a steady rate for SOAK_MINUTES (30 by
 * default; CI runs a one-minute smoke):
 * - reads: the reader's card, the global and friends boards, the feed and the profile;
 * - placements, each reader's squares filled and refilled (a replacement moves points);
 * - live-update streams opened and closed all the time, half on each instance;
 * - a library import every half minute and shared cards' images rendered.
 * Every SAMPLE seconds it writes the instances' resident memory and the window's latency. At the
 * end each reader's total must equal the sum of their placements (users.points and the card's
 * kept totals), and no request may have failed: those two fail the run; memory and latency are
 * reported against their targets (flat within 10 % after warm-up, p99 under 50 ms). Every sample
 * and the summary go to a JSON file (writeSoakRecord) that bench/soak-chart.ts draws.
 */

export const SOAK_P99_TARGET_MS = 50;
export const SOAK_RSS_GROWTH_TARGET = 0.1;

const PUBLIC_URL = 'http://localhost:8080';
const PASSWORD = 'Hedgehog-Soak-1';
const READERS = 40;
const OPEN_STREAMS = 40;
const TICK_MS = 100;
/** Per tick of 100 ms: 8 reads and 2 placements (80 and 20 a second), 1 stream replaced. */
const READS_PER_TICK = 8;
const PLACEMENTS_PER_TICK = 2;
const IMPORT_EVERY_MS = 30_000;
const SHARE_IMAGE_EVERY_MS = 1_000;

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  logFile: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(
  instance: Instance,
  method: string,
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: instance.port,
        method,
        path: url,
        agent: keepAlive,
        headers: {
          origin: PUBLIC_URL,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

function cookieOf(answer: Answer): string {
  const header = answer.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const pairs = cookies.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
  if (pairs.length === 0) throw new Error(`no session cookie (${answer.status}: ${answer.text})`);
  return pairs.join('; ');
}

async function solveCaptcha(instance: Instance): Promise<string> {
  const challenge = JSON.parse((await send(instance, 'GET', '/api/captcha/challenge')).text) as
    Challenge | undefined;
  const solution = challenge && (await solveChallenge({ challenge, deriveKey }));
  if (!challenge || !solution) throw new Error('could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function createReader(instance: Instance, n: number) {
  const email = `soak${n}-${Date.now().toString(36)}@example.com`;
  const up = await send(instance, 'POST', '/api/auth/sign-up/email', {
    body: { email, password: PASSWORD, name: `soak${n}` },
  });
  if (up.status !== 200) throw new Error(`sign-up ${up.status}: ${up.text}`);
  const signIn = await send(instance, 'POST', '/api/auth/sign-in/email', {
    body: { email, password: PASSWORD },
    headers: { 'x-captcha': await solveCaptcha(instance) },
  });
  if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status}: ${signIn.text}`);
  const cookie = cookieOf(signIn);
  const me = JSON.parse((await send(instance, 'GET', '/api/me', { cookie })).text) as {
    user: { id: string };
  };
  return { id: me.user.id, email, cookie };
}

async function startInstance(name: string, env: NodeJS.ProcessEnv, logDir: string) {
  const port = await sparePort();
  const logFile = path.join(logDir, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  const instance: Instance = { name, port, child, logFile };
  const deadline = performance.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${tail(logFile)}`);
    const health = await send(instance, 'GET', '/api/health').catch(() => null);
    if (health?.status === 200) return instance;
    if (performance.now() > deadline) throw new Error(`${name} did not start: ${tail(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function tail(file: string, lines = 15): string {
  try {
    return `\n${readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n')}`;
  } catch {
    return '(no log)';
  }
}

/** Resident memory of a process in MB (Linux /proc), or NaN. */
function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** An open GET /api/events; closed by destroying its request. */
function openStream(instance: Instance, cookie: string, onEvent: () => void): ClientRequest {
  const req = httpRequest({
    host: '127.0.0.1',
    port: instance.port,
    path: '/api/events',
    headers: { cookie, origin: PUBLIC_URL },
  });
  req.on('response', (res) => {
    if (res.statusCode !== 200) streamRefusals += 1;
    res.on('data', (chunk: Buffer) => {
      if (chunk.includes('event: ')) onEvent();
    });
    res.on('error', () => {});
  });
  req.on('error', () => {});
  req.end();
  return req;
}
let streamRefusals = 0;

/** One sample window: memory at its end, and the requests answered in it (imports aside). */
export interface SoakSample {
  /** Seconds since the traffic started. */
  atSec: number;
  /** Resident memory of instance 1 and 2 in MB (NaN when /proc could not be read). */
  rssMb: [number, number];
  requests: number;
  /** ms; NaN when nothing was answered in the window. */
  p50: number;
  p99: number;
  /** Failed answers in the window, imports included. */
  errors: number;
}

export interface SoakFigures {
  /** When the traffic started (ISO 8601). */
  startedAt: string;
  minutes: number;
  sampleSec: number;
  readers: number;
  samples: SoakSample[];
  byKind: Record<string, { count: number; p50: number; p99: number }>;
  requests: number;
  errors: number;
  /** Error answers by kind and status, e.g. "placement 500". */
  errorKinds: Record<string, number>;
  streamsOpened: number;
  streamEvents: number;
  streamRefusals: number;
  imports: number;
  placements: number;
  /** Samples after warm-up (the first fifth of the run, at least one sample). */
  warmupSec: number;
  p99AfterWarmup: number;
  rssGrowth: [number, number];
  totalsOff: number;
  cardTotalsOff: number;
}

export async function measureSoak(
  options: { minutes?: number; sampleSec?: number } = {},
): Promise<SoakFigures> {
  const minutes = options.minutes ?? Number(process.env.SOAK_MINUTES ?? 30);
  const sampleSec = options.sampleSec ?? (minutes <= 2 ? 5 : 30);
  const redisBinary = ensureRedisServer();
  if (!redisBinary) throw new Error('redis-server is needed (apt-get install redis-server)');
  const logDir = mkdtempSync(path.join(tmpdir(), 'bingo-soak-'));
  const cleanups: (() => unknown)[] = [];
  try {
    const postgres = startThrowawayPostgres(await sparePort());
    cleanups.push(() => postgres.stop());
    const redis = await startThrowawayRedis({ binary: redisBinary });
    cleanups.push(() => redis.stop());
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: PUBLIC_URL,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      AUTH_SECRET: 'soak-secret-that-is-long-enough-0123456789abcdef',
      DATA_DIR: logDir,
      STATIC_DIR: path.join(logDir, 'no-static'),
      // The demo card to play on; no demo community (production never seeds one).
      SEED_DEMO: 'accounts',
      CAPTCHA_COST: '10',
      AUTH_RATE_LIMIT_MAX: '10000',
      // The traffic comes from one address and few readers: limits would answer 429s, not work.
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'info',
    };
    const one = await startInstance('instance-1', env, logDir);
    cleanups.push(() => one.child.kill('SIGKILL'));
    const two = await startInstance('instance-2', env, logDir);
    cleanups.push(() => two.child.kill('SIGKILL'));
    const instances = [one, two] as const;

    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    cleanups.push(() => db.end());
    const grid = (
      await db.query<{ id: string }>(
        'select id from grids where club_id is null order by created_at desc, id desc limit 1',
      )
    ).rows[0]!;
    const cells = (
      await db.query<{ id: string }>('select id from cells where grid_id = $1 order by position', [
        grid.id,
      ])
    ).rows.map((row) => row.id);
    // Two books of its own for each square: a reader never holds one book twice (no wildcard).
    const isbns = (
      await db.query<{ isbn: string }>('select isbn from books order by isbn limit 32')
    ).rows.map((row) => row.isbn);
    if (cells.length !== 16 || isbns.length < 32)
      throw new Error('the demo card or books are missing');

    const readers: { id: string; email: string; cookie: string }[] = [];
    for (let n = 0; n < READERS; n += 1) readers.push(await createReader(instances[n % 2]!, n));
    // Friends in pairs, asked on one instance and accepted on the other: boards with rows.
    for (let n = 0; n + 1 < READERS; n += 2) {
      const [a, b] = [readers[n]!, readers[n + 1]!];
      const asked = await send(one, 'POST', '/api/friends', {
        cookie: a.cookie,
        body: { query: b.email },
      });
      if (asked.status !== 201) throw new Error(`friend request ${asked.status}: ${asked.text}`);
      const { friend } = JSON.parse(asked.text) as { friend: { id: string } };
      const accepted = await send(two, 'POST', `/api/friends/${friend.id}/accept`, {
        cookie: b.cookie,
      });
      if (accepted.status !== 200) throw new Error(`accept ${accepted.status}: ${accepted.text}`);
    }
    const shareImages: string[] = [];
    for (const reader of readers.slice(0, 8)) {
      const made = await send(one, 'POST', '/api/shares', {
        cookie: reader.cookie,
        body: { gridId: grid.id },
      });
      if (made.status !== 201) throw new Error(`share ${made.status}: ${made.text}`);
      const { share } = JSON.parse(made.text) as { share: { imageUrl: string } };
      shareImages.push(new URL(share.imageUrl, PUBLIC_URL).pathname);
    }
    const importFile = syntheticGoodreadsExport(200);

    // ---- the traffic ----
    const seeded = seededRandom(27);
    const random = seeded.next;
    const pick = seeded.pick;
    const window: number[] = [];
    const byKind = new Map<string, number[]>();
    const errorKinds: Record<string, number> = {};
    let requests = 0;
    let errors = 0;
    let windowErrors = 0;
    let placements = 0;
    let imports = 0;
    let streamEvents = 0;
    let streamsOpened = 0;
    const warmupSec = Math.max(sampleSec, (minutes * 60) / 5);
    // Every answer after warm-up but the imports' (a 200-row file is not a page's request).
    const steadyLatencies: number[] = [];
    let trafficStarted = performance.now();

    const timedRequest = async (
      kind: string,
      instance: Instance,
      method: string,
      url: string,
      options: { body?: unknown; cookie?: string } = {},
    ) => {
      const started = performance.now();
      let status = 0;
      try {
        status = (await send(instance, method, url, options)).status;
      } catch {
        status = 0;
      }
      const took = performance.now() - started;
      requests += 1;
      if (kind !== 'import') {
        window.push(took);
        if ((started - trafficStarted) / 1000 > warmupSec) steadyLatencies.push(took);
      }
      const list = byKind.get(kind) ?? [];
      list.push(took);
      byKind.set(kind, list);
      if (status < 200 || status >= 300) {
        errors += 1;
        windowErrors += 1;
        const key = `${kind} ${status || 'no answer'}`;
        errorKinds[key] = (errorKinds[key] ?? 0) + 1;
      }
    };

    const reads = [
      (r: { cookie: string }) => ['card', `/api/bingo/grids/${grid.id}`, r] as const,
      (r: { cookie: string }) => ['global board', '/api/leaderboard?scope=global', r] as const,
      (r: { cookie: string }) => ['friends board', '/api/leaderboard?scope=friends', r] as const,
      (r: { cookie: string }) => ['feed', '/api/posts', r] as const,
      (r: { cookie: string }) => ['profile', '/api/profile', r] as const,
    ];

    const streams: ClientRequest[] = [];
    const openOne = () => {
      streamsOpened += 1;
      streams.push(
        openStream(instances[streamsOpened % 2]!, pick(readers).cookie, () => {
          streamEvents += 1;
        }),
      );
    };
    for (let n = 0; n < OPEN_STREAMS; n += 1) openOne();

    const samples: SoakSample[] = [];
    const startedAt = new Date().toISOString();
    const started = performance.now();
    trafficStarted = started;
    const endAt = started + minutes * 60_000;
    let nextSample = started + sampleSec * 1000;
    let nextImport = started + IMPORT_EVERY_MS / 2;
    let nextShare = started;
    let tick = 0;
    const pending = new Set<Promise<void>>();
    const fire = (work: Promise<void>) => {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    };

    while (performance.now() < endAt) {
      const tickAt = started + tick * TICK_MS;
      tick += 1;
      for (let n = 0; n < READS_PER_TICK; n += 1) {
        const [kind, url, reader] = pick(reads)(pick(readers));
        fire(timedRequest(kind, instances[(tick + n) % 2]!, 'GET', url, { cookie: reader.cookie }));
      }
      for (let n = 0; n < PLACEMENTS_PER_TICK; n += 1) {
        const reader = pick(readers);
        const square = Math.floor(random() * 16);
        placements += 1;
        fire(
          timedRequest(
            'placement',
            instances[(tick + n + 1) % 2]!,
            'POST',
            '/api/bingo/placements',
            {
              cookie: reader.cookie,
              body: { cellId: cells[square], isbn: isbns[square * 2 + (random() < 0.5 ? 0 : 1)] },
            },
          ),
        );
      }
      // One stream closes and another opens, somewhere.
      streams.splice(Math.floor(random() * streams.length), 1)[0]?.destroy();
      openOne();
      const now = performance.now();
      if (now >= nextShare) {
        nextShare += SHARE_IMAGE_EVERY_MS;
        fire(timedRequest('share image', instances[tick % 2]!, 'GET', pick(shareImages)));
      }
      if (now >= nextImport) {
        nextImport += IMPORT_EVERY_MS;
        imports += 1;
        fire(
          timedRequest('import', instances[imports % 2]!, 'POST', '/api/imports', {
            cookie: readers[imports % READERS]!.cookie,
            body: { csv: importFile },
          }),
        );
      }
      if (now >= nextSample) {
        nextSample += sampleSec * 1000;
        const sorted = window.splice(0).sort((a, b) => a - b);
        samples.push({
          atSec: Math.round((now - started) / 1000),
          rssMb: [rssMb(one.child.pid), rssMb(two.child.pid)],
          requests: sorted.length,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          errors: windowErrors,
        });
        windowErrors = 0;
      }
      // Open loop: the next tick at its time, however long the answers take.
      const wait = tickAt + TICK_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await Promise.all(pending);
    for (const stream of streams.splice(0)) stream.destroy();

    // ---- every total exact ----
    const off = await db.query<{ n: string }>(
      `select count(*) as n from users u
       where u.points <> coalesce((select sum(p.points) from placements p where p.user_id = u.id), 0)`,
    );
    const cardOff = await db.query<{ n: string }>(
      `select count(*) as n from (
         select p.grid_id, p.user_id, sum(p.points) as points, count(*) as squares
         from placements p group by p.grid_id, p.user_id) s
       left join card_reader_totals t on t.grid_id = s.grid_id and t.user_id = s.user_id
       where t.points is distinct from s.points or t.squares is distinct from s.squares`,
    );

    const after = samples.filter((s) => s.atSec > warmupSec);
    const steady = after.length > 0 ? after : samples;
    const growth = (i: 0 | 1) => {
      const values = steady.map((s) => s.rssMb[i]);
      const first = values.slice(0, 3).sort((a, b) => a - b)[Math.min(1, values.length - 1)]!;
      const last = values.slice(-3).sort((a, b) => a - b)[Math.min(1, values.length - 1)]!;
      return last / first - 1;
    };
    const kinds: SoakFigures['byKind'] = {};
    for (const [kind, list] of byKind) {
      const sorted = [...list].sort((a, b) => a - b);
      kinds[kind] = {
        count: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
      };
    }
    return {
      startedAt,
      minutes,
      sampleSec,
      readers: READERS,
      samples,
      byKind: kinds,
      requests,
      errors,
      errorKinds,
      streamsOpened,
      streamEvents,
      streamRefusals,
      imports,
      placements,
      warmupSec,
      p99AfterWarmup: percentile(
        steadyLatencies.sort((a, b) => a - b),
        99,
      ),
      rssGrowth: [growth(0), growth(1)],
      totalsOff: Number(off.rows[0]!.n),
      cardTotalsOff: Number(cardOff.rows[0]!.n),
    };
  } finally {
    keepAlive.destroy();
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Already gone.
      }
    }
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** The soak's figures as written to its JSON file, with what the chart needs to read them. */
export interface SoakRecord extends SoakFigures {
  p99TargetMs: number;
  rssGrowthTarget: number;
  node: string;
  cores: number;
  /** os.loadavg() at the end: the 15-minute figure says how quiet the machine was. */
  loadAverage: number[];
}

/**
 * Writes the figures to SOAK_OUT, or bench/results/soak-<start time>.json (git-ignored), and
 * returns the path. NaN becomes null in JSON: an empty window or an unreadable /proc.
 */
export function writeSoakRecord(figures: SoakFigures): string {
  const record: SoakRecord = {
    ...figures,
    p99TargetMs: SOAK_P99_TARGET_MS,
    rssGrowthTarget: SOAK_RSS_GROWTH_TARGET,
    node: process.version,
    cores: os.cpus().length,
    loadAverage: os.loadavg(),
  };
  const file =
    process.env.SOAK_OUT ??
    path.resolve(
      import.meta.dirname,
      'results',
      `soak-${figures.startedAt.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}.json`,
    );
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

/**
 * The table under the chart, as Markdown: the first sample, then one every 5 minutes (every
 * minute in a run under 10 minutes) and the last. Each row's memory and p99 are its sample's;
 * the worst p99 and the errors cover every window since the row above.
 */
export function describeSoakEvery(
  soak: Pick<SoakFigures, 'minutes' | 'sampleSec' | 'samples'>,
): string[] {
  const everySec = soak.minutes >= 10 ? 300 : 60;
  const step = Math.max(1, Math.round(everySec / soak.sampleSec));
  const { samples } = soak;
  const rows = samples
    .map((_, i) => i)
    .filter((i) => i === 0 || (i + 1) % step === 0 || i === samples.length - 1);
  const figure = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
  const lines = [
    `| minute | RSS instance 1 (MB) | RSS instance 2 (MB) | p99 of the last ${soak.sampleSec} s (ms) ` +
      `| worst ${soak.sampleSec} s p99 since the row above (ms) | errors since the row above |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  let from = 0;
  for (const i of rows) {
    const since = samples.slice(from, i + 1);
    from = i + 1;
    const s = samples[i]!;
    const worst = Math.max(...since.map((w) => (Number.isFinite(w.p99) ? w.p99 : -Infinity)));
    lines.push(
      `| ${(s.atSec / 60).toFixed(1)} | ${figure(s.rssMb[0])} | ${figure(s.rssMb[1])} ` +
        `| ${figure(s.p99)} | ${figure(worst)} | ${since.reduce((n, w) => n + w.errors, 0)} |`,
    );
  }
  return lines;
}
