import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { signUpAndIn, type BenchAccount } from './accounts';
import { startBenchServer } from './bench-server';
import { runLoad, type LoadRunResult, type PreparedRequest } from './load-client';
import { median, seededRandom } from './stats';
import { sharedCardAndBooks } from './crowd';

/** Issue 3's target for reads: at least half the requests a second of a bare Fastify. */
export const READ_RATIO_TARGET = 0.5;
/** Issue 10's targets: /api/health near the bare ceiling, and placements a second. */
export const HEALTH_RATIO_TARGET = 0.8;
export const PLACEMENTS_PER_SEC_TARGET = 2000;

export interface LoadSettings {
  connections: number;
  /** One measured run of a scenario, and of hello-world after it. */
  durationSec: number;
  warmupSec: number;
  users: number;
  /**
   * Runs of each scenario, each followed by a hello-world run: a scenario's figures are the
   * median of its runs, each read against the hello-world runs either side of it. On a shared
   * 2-core machine one run's ratio moved by a third between two runs of the same code.
   */
  rounds: number;
}

export const DEFAULT_LOAD_SETTINGS: LoadSettings = {
  connections: 10,
  durationSec: 3,
  warmupSec: 1,
  users: 50,
  rounds: 3,
};

export interface Scenario {
  name: string;
  /** What the scenario's requests do, for the report. */
  detail: string;
  /**
   * 'calibration': a route of the hello-world server itself that does a known amount of extra
   * work, read against hello-world like the app's routes, to show what a ratio means here.
   */
  kind: 'read' | 'write' | 'calibration';
  /** The run with the median ratio (its 2xx a second, latencies, counts). */
  result: LoadRunResult;
  /** Every run's 2xx a second over the mean hello-world run just before and after it. */
  ratios: number[];
  /** Every run's 2xx a second. */
  rates: number[];
  /** Hello-world 2xx a second beside the median run: the mean of the runs before and after. */
  baseline: number;
  /** The median of `ratios`. */
  ratio: number;
  /** The median of `rates`: the figure the placements target reads. */
  rate: number;
  /** False when more than 1 % of any run's responses were not 2xx, or any connection failed. */
  valid: boolean;
  /** Responses that were not 2xx, and failed connections, over all runs. */
  failed: number;
  /** The server thread's CPU time per 2xx answer in the median run, in microseconds. */
  cpuMicros: number;
  /**
   * PostgreSQL on this machine: the CPU time of all its server's processes (backends, WAL
   * writer, checkpointer...) per 2xx answer in the median run, in microseconds (NaN on SQLite or
   * a server elsewhere).
   */
  databaseCpuMicros: number;
  /** Hello-world's CPU per answer (the two runs beside the median run) over the scenario's. */
  cpuRatio: number;
  /** The share of the machine's CPU time stolen by the hypervisor in each run (NaN off Linux). */
  steals: number[];
}

export interface LoadFigures {
  /** The database the app ran on: a fresh SQLite file, or a fresh PostgreSQL database. */
  database: 'sqlite' | 'postgres';
  settings: LoadSettings;
  /** Signing up and in the users through the real routes (captcha solved in Node). */
  setupMs: number;
  /** Every hello-world run's 2xx a second, in order (one before each scenario, one at the end). */
  baseline: {
    runs: number[];
    min: number;
    max: number;
    nonOk: number;
    cpuMicros: number[];
    /** Each hello-world run's share of the machine's CPU time stolen by the hypervisor. */
    steals: number[];
  };
  scenarios: Scenario[];
  /** What the placement responses did, from the database afterwards. */
  placements: { rows: number; usersWithPlacements: number };
  /** Readers whose total is not the sum of their placements' points (must be 0). */
  totalsOff: number;
}

/** Ways into a run, e.g. a CPU profile of the server around each scenario (bench/profile-load.ts). */
export interface LoadHooks {
  around?: <R extends LoadRunResult>(scenario: string, run: () => Promise<R>) => Promise<R>;
}

const isValid = (r: LoadRunResult) => r.errors === 0 && r.non2xx <= r.total * 0.01;

/**
 * CPU time of this process's main thread (the servers; autocannon runs in a worker thread),
 * in microseconds, from /proc (10 ms ticks; a 5 s run gives hundreds). Requests a second
 * follow whatever else the shared machine runs; CPU per answer much less, so the bench
 * reports both (undefined off Linux).
 */
function mainThreadCpuMicros(): number | undefined {
  try {
    return cpuMicrosOf(`/proc/self/task/${process.pid}/stat`);
  } catch {
    return undefined;
  }
}

/** User and system CPU time so far of a /proc stat file's process or thread, in microseconds. */
function cpuMicrosOf(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name (10 ms ticks).
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

/**
 * The machine's CPU time so far and the part of it the hypervisor gave to other machines
 * (steal), from /proc/stat's first line, in ticks (undefined off Linux). On our shared VMs the
 * steal share of a run is what most often explains a slow hello-world.
 */
function machineTicks(): { total: number; steal: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
    const values = fields.map(Number);
    // user nice system idle iowait irq softirq steal guest guest_nice: guest is inside user.
    const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, steal: values[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** A process's CPU time so far (user and system), in microseconds, from /proc/<pid>/stat. */
const processCpuMicros = (pid: number) => cpuMicrosOf(`/proc/${pid}/stat`);

/**
 * When the app's PostgreSQL server runs on this machine: a reader of the CPU time of all its
 * processes so far (the postmaster and its children), in microseconds. It tells the database's
 * share of a placement from the app's on a machine where both share two cores. Undefined on
 * SQLite, or when the server is elsewhere (its backend's pid is not a local postgres process).
 */
async function databaseCpuReader(app: FastifyInstance): Promise<(() => number) | undefined> {
  if (app.deps.database.kind !== 'postgres') return undefined;
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
    app.deps.database.db,
  );
  const parentOf = (pid: number) =>
    Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  try {
    const backend = rows[0]!.pid;
    if (readFileSync(`/proc/${backend}/comm`, 'utf8').trim() !== 'postgres') return undefined;
    const postmaster = parentOf(backend);
    return () => {
      let total = processCpuMicros(postmaster);
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          if (parentOf(Number(entry)) === postmaster) total += processCpuMicros(Number(entry));
        } catch {
          // The process ended between the listing and the read (a backend closing).
        }
      }
      return total;
    };
  } catch {
    return undefined;
  }
}

/** One measured run: autocannon's figures, the server thread's CPU per answer, the steal share. */
type MeasuredRun = LoadRunResult & { cpuMicros: number; databaseCpuMicros: number; steal: number };

/** A warm-up run (discarded) when asked, then the measured one, against the same requests. */
async function measure(
  url: string,
  requests: readonly PreparedRequest[],
  settings: LoadSettings,
  warmUp = true,
  databaseCpu?: () => number,
): Promise<MeasuredRun> {
  const { connections } = settings;
  if (warmUp && settings.warmupSec > 0) {
    await runLoad({ url, connections, durationSec: settings.warmupSec, requests });
  }
  const cpuBefore = mainThreadCpuMicros();
  const databaseBefore = databaseCpu?.();
  const ticksBefore = machineTicks();
  const result = await runLoad({ url, connections, durationSec: settings.durationSec, requests });
  const databaseAfter = databaseCpu?.();
  const cpuAfter = mainThreadCpuMicros();
  const ticksAfter = machineTicks();
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined || result.ok2xx === 0
      ? Number.NaN
      : (cpuAfter - cpuBefore) / result.ok2xx;
  const ticks = ticksBefore && ticksAfter ? ticksAfter.total - ticksBefore.total : 0;
  const steal = ticks > 0 ? (ticksAfter!.steal - ticksBefore!.steal) / ticks : Number.NaN;
  const databaseCpuMicros =
    databaseBefore === undefined || databaseAfter === undefined || result.ok2xx === 0
      ? Number.NaN
      : (databaseAfter - databaseBefore) / result.ok2xx;
  return { ...result, cpuMicros: cpu, databaseCpuMicros, steal };
}

/** Microseconds of extra work the calibration routes do beside hello-world's answer. */
const CALIBRATION_MICROS = [10, 20] as const;

/** Keeps the thread busy for `micros` microseconds, as JavaScript work on a request would. */
function busyFor(micros: number) {
  const until = performance.now() + micros / 1000;
  while (performance.now() < until);
}

/**
 * A bare Fastify answering one JSON route: the ceiling the app's figures are read against. Beside
 * it, `/work-N` answers the same after N microseconds of busy work: the calibration scenarios.
 */
async function startHelloWorld() {
  const app = Fastify({ logger: false });
  app.get('/', () => ({ hello: 'world' }));
  for (const micros of CALIBRATION_MICROS) {
    app.get(`/work-${micros}`, () => {
      busyFor(micros);
      return { hello: 'world' };
    });
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/**
 * Throughput of placing books and reading the leaderboards (issues 3 and 10), each as a ratio
 * to a bare Fastify hello-world measured in the same run with the same client (autocannon, in a
 * worker thread) and the same connections. The app runs as a user runs it, request logging
 * included (to a file), with RATE_LIMIT_SCALE=0 so the figures measure the work, not the 429s;
 * any non-2xx is still counted and reported. `postgresServer` runs it on a fresh PostgreSQL
 * database instead of a SQLite file.
 */
export async function measureLoad(
  settings: LoadSettings = DEFAULT_LOAD_SETTINGS,
  hooks: LoadHooks = {},
  options: { postgresServer?: string } = {},
): Promise<LoadFigures> {
  const hello = await startHelloWorld();
  try {
    // The many-instance path (issue 27): PostgreSQL with the shared Redis when REDIS_URL is set.
    const redisUrl = options.postgresServer ? process.env.REDIS_URL : undefined;
    const server = await startBenchServer(
      { RATE_LIMIT_SCALE: '0', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
      {},
      { log: true, postgresServer: options.postgresServer },
    );
    try {
      return await measureAgainst(hello.url, server.app, server.url, settings, hooks);
    } finally {
      await server.close();
    }
  } finally {
    await hello.app.close();
  }
}

async function measureAgainst(
  helloUrl: string,
  app: FastifyInstance,
  appUrl: string,
  settings: LoadSettings,
  hooks: LoadHooks,
): Promise<LoadFigures> {
  const db = app.deps.database.db;
  const random = seededRandom(42);

  // Readers, through the real sign-up and sign-in routes (the captcha solved in Node).
  const setupStarted = performance.now();
  const users: BenchAccount[] = [];
  for (let i = 0; i < settings.users; i += 1) {
    users.push(await signUpAndIn(app, `loadreader${i}@example.com`));
  }
  const setupMs = performance.now() - setupStarted;
  // Each reader befriends the next five (so has about ten friends), accepted.
  const now = new Date().toISOString();
  const friendships = users.flatMap((user, i) =>
    [1, 2, 3, 4, 5].map((step) => ({
      id: randomUUID(),
      senderId: user.id,
      receiverId: users[(i + step) % users.length]!.id,
      status: 'accepted' as const,
      createdAt: now,
      acceptedAt: now,
    })),
  );
  await db.insertInto('friendships').values(friendships).execute();

  // Placements on the demo grid. Each square draws from its own slice of the catalogue, so a
  // book never sits on two squares and the reuse rules never refuse: every request is a real
  // placement (a square's first) or a replacement (a new book on a marked square), but for
  // about 1 in 35 that draws the square's own book again and changes nothing.
  const { gridId, cells, isbns } = await sharedCardAndBooks(db);
  const booksForCell = (position: number) =>
    isbns.filter((_, i) => i % cells.length === Number(position));
  const origin = new URL(appUrl).origin;
  const headersOf = (user: BenchAccount, json = false) => ({
    cookie: user.cookie,
    origin,
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  const placementRequests: PreparedRequest[] = Array.from({ length: 4000 }, () => {
    const user = random.pick(users);
    const cell = random.pick(cells);
    return {
      method: 'POST',
      path: '/api/bingo/placements',
      headers: headersOf(user, true),
      body: JSON.stringify({ cellId: cell.id, isbn: random.pick(booksForCell(cell.position)) }),
    };
  });
  const readRequests = (scope: 'global' | 'friends'): PreparedRequest[] =>
    users.map((user) => ({
      method: 'GET',
      path: `/api/leaderboard?scope=${scope}`,
      headers: headersOf(user),
    }));

  const cardRequests = (extra: Record<string, string> = {}): PreparedRequest[] =>
    users.map((user) => ({
      method: 'GET',
      path: `/api/bingo/grids/${gridId}`,
      headers: { ...headersOf(user), ...extra },
    }));

  const helloRequests: PreparedRequest[] = [{ method: 'GET', path: '/', headers: {} }];
  const plan: {
    name: string;
    detail: string;
    kind: Scenario['kind'];
    requests: PreparedRequest[];
    /** The server the scenario asks: the app, or hello-world for the calibration. */
    url?: string;
  }[] = [
    {
      name: 'GET /api/health',
      detail: "the app's stack, no session, one trivial query",
      kind: 'read',
      requests: [{ method: 'GET', path: '/api/health', headers: { origin } }],
    },
    {
      name: 'POST /api/bingo/placements',
      detail: `${users.length} readers x ${cells.length} squares, new books and replacements`,
      kind: 'write',
      requests: placementRequests,
    },
    {
      name: 'GET /api/leaderboard?scope=global',
      detail: `Global Top 10, ${users.length} readers' sessions in turn`,
      kind: 'read',
      requests: readRequests('global'),
    },
    {
      name: 'GET /api/leaderboard?scope=friends',
      detail: 'about 10 accepted friends each',
      kind: 'read',
      requests: readRequests('friends'),
    },
    {
      name: 'GET /api/bingo/grids/:gridId',
      detail: "the reader's own card, with the placements above",
      kind: 'read',
      requests: cardRequests(),
    },
    {
      name: 'GET /api/bingo/grids/:gridId, br',
      detail: 'the same cards as a browser asks for them (Accept-Encoding: gzip, deflate, br)',
      kind: 'read',
      requests: cardRequests({ 'accept-encoding': 'gzip, deflate, br' }),
    },
    ...CALIBRATION_MICROS.map((micros) => ({
      name: `hello-world + ${micros} us of work`,
      detail: `the bare Fastify route after ${micros} microseconds of busy work`,
      kind: 'calibration' as const,
      requests: [{ method: 'GET' as const, path: `/work-${micros}`, headers: {} }],
      url: helloUrl,
    })),
  ];
  // Hello-world before and after every run of a scenario: each ratio is read against the two
  // baseline runs beside it, so a neighbour who takes a core for a while skews one run, and the
  // median of a scenario's runs leaves that run out.
  const databaseCpu = await databaseCpuReader(app);
  const hello = [await measure(helloUrl, helloRequests, settings)];
  const scenarios: Scenario[] = [];
  // LOAD_ONLY=placements,card: only the scenarios whose name holds one of these (a quick look).
  const only = process.env.LOAD_ONLY?.split(',').filter(Boolean);
  for (const step of plan) {
    if (only && !only.some((part) => step.name.includes(part))) continue;
    const runs: {
      result: MeasuredRun;
      baseline: number;
      helloCpu: number;
    }[] = [];
    for (let round = 0; round < Math.max(1, settings.rounds); round += 1) {
      const timed = () =>
        measure(
          step.url ?? appUrl,
          step.requests,
          settings,
          round === 0,
          step.url ? undefined : databaseCpu,
        );
      const result = hooks.around ? await hooks.around(step.name, timed) : await timed();
      hello.push(await measure(helloUrl, helloRequests, settings, false));
      runs.push({
        result,
        baseline: (hello.at(-2)!.okPerSec + hello.at(-1)!.okPerSec) / 2,
        helloCpu: (hello.at(-2)!.cpuMicros + hello.at(-1)!.cpuMicros) / 2,
      });
    }
    const ratioOf = (run: (typeof runs)[number]) => run.result.okPerSec / run.baseline;
    const middle = [...runs].sort((a, b) => ratioOf(a) - ratioOf(b))[runs.length >> 1]!;
    const rates = runs.map((run) => run.result.okPerSec);
    scenarios.push({
      name: step.name,
      detail: step.detail,
      kind: step.kind,
      result: middle.result,
      ratios: runs.map(ratioOf),
      rates,
      baseline: middle.baseline,
      ratio: ratioOf(middle),
      rate: median(rates),
      valid: runs.every((run) => isValid(run.result)),
      failed: runs.reduce((sum, run) => sum + run.result.non2xx + run.result.errors, 0),
      cpuMicros: middle.result.cpuMicros,
      databaseCpuMicros: middle.result.databaseCpuMicros,
      cpuRatio: middle.helloCpu / middle.result.cpuMicros,
      steals: runs.map((run) => run.result.steal),
    });
  }
  const helloRates = hello.map((h) => h.okPerSec);
  // Every reader's total must still be the sum of their placements' points.
  const sums = await db
    .selectFrom('placements')
    .select((eb) => ['userId', eb.fn.sum<number>('points').as('sum')])
    .groupBy('userId')
    .execute();
  const sumOf = new Map(sums.map((r) => [r.userId, Number(r.sum)]));
  const totals = await db
    .selectFrom('users')
    .select(['id', 'points'])
    .where(
      'id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  const totalsOff = totals.filter((u) => Number(u.points) !== (sumOf.get(u.id) ?? 0)).length;
  const placements = await db
    .selectFrom('placements')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.count<number>('userId').distinct().as('users'),
    ])
    .executeTakeFirstOrThrow();
  return {
    database: app.deps.database.kind,
    settings,
    setupMs,
    baseline: {
      runs: helloRates,
      min: Math.min(...helloRates),
      max: Math.max(...helloRates),
      nonOk: hello.reduce((sum, h) => sum + h.non2xx + h.errors, 0),
      cpuMicros: hello.map((h) => h.cpuMicros),
      steals: hello.map((h) => h.steal),
    },
    scenarios,
    placements: {
      rows: Number(placements.rows),
      usersWithPlacements: Number(placements.users),
    },
    totalsOff,
  };
}
