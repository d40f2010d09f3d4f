import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { send } from './accounts';
import { startBenchServer } from './bench-server';
import { percentile, summarize, type LatencySummary } from './stats';
import { sharedCardAndBooks } from './crowd';

/**
 * Live-update fan-out under placements (issue 27, docs/SCALING.md): one instance on SQLite holds
 * N open event streams (guests with 10 tabs each, the per-user cap, plus one stream of each
 * placing reader) while 100 placements a second arrive for 10 s, every one a reader's first
 * book on a square (so every one changes points and the leaderboard). The streams are read in
 * client processes of their own (at most CLIENT_STREAMS_A_PROCESS streams each) and placements
 * are sent from another, so this process holds the server alone: its thread's CPU and event
 * loop, its heap and its RSS are the server's, with no client socket in them.
 *
 * Measured:
 * - placements: latency from each one's scheduled moment to its answer (open loop);
 * - 'leaderboard' delivery: from the moment the hub starts writing an update (a probe it writes
 *   first) to its arrival on each stream; and how many updates each stream got (none lost:
 *   every stream hears every update written, the last after the last placement);
 * - staleness: from a placement's answer to the last stream hearing an update written after it
 *   (what coalescing costs: up to its window);
 * - 'points': from a placement's scheduled moment to its reader's stream showing the new total;
 * - the server thread's busy time (event-loop utilisation) a placement: the CPU an event costs;
 * - memory a stream: the server's V8 heap (after a collection) and the server process's RSS
 *   (no clients in it) before and after the streams open.
 */
/**
 * The issue's sizes. Each stream is one descriptor in the server's process and one in a client
 * process; with both ends in one process (as before) 10,000 streams met the hard file limit of
 * our machines, 20,000 (39 refused, placements failed to connect), and the bench stopped at
 * 9,000. Set FAN_OUT_STREAMS to choose.
 */
export const FAN_OUT_SIZES = [1000, 3000, 10_000];
export const FAN_OUT_RATE = 100;
const SECONDS = Number(process.env.FAN_OUT_SECONDS ?? 10);
const PLACERS = 100;
/**
 * Streams one client process opens at most: a quarter of the descriptor limit, and on two cores
 * more processes would only take turns.
 */
export const CLIENT_STREAMS_A_PROCESS = 5000;

export interface FanOutFigures {
  streams: number;
  refused: number;
  placements: { sent: number; answered: number; ok: number; latency: LatencySummary; p99: number };
  /** Updates the hub started writing during the run, and the least time between two. */
  updates: { written: number; minGapMs: number; lastAfterLastPlacement: boolean };
  /** Per stream and update: hub write start to arrival. */
  delivery: LatencySummary & { p99: number };
  /** Per update: the last stream's arrival. */
  lastDelivery: LatencySummary & { p99: number };
  /**
   * Per update: the hub's first write to its last (a second probe, subscribed after every
   * stream): the server's share of the last delivery, the rest being the clients' reading.
   */
  writeSpan: LatencySummary & { p99: number };
  /** Streams that missed an update written while they were open. */
  streamsMissing: number;
  /** The least time between two updates' arrivals on one stream. */
  minStreamGapMs: number;
  staleness: LatencySummary & { p99: number };
  points: LatencySummary & { p99: number; missing: number };
  /** Event-loop busy time a placement (wall time, so a busy machine inflates it). */
  busyMsPerPlacement: number;
  /** The server thread's CPU time a placement (10 ms ticks over the whole run). */
  cpuMsPerPlacement: number;
  writesPerPlacement: number;
  heapPerStreamKb: number;
  /** The server process's RSS a stream: the clients are in clientProcesses others. */
  rssPerStreamKb: number;
  clientProcesses: number;
}

/** The server thread's own CPU time in ms (Linux: its task's utime + stime), or NaN. */
function threadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const collect = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  return () => gc?.();
})();

const withP99 = (samples: number[]) => ({
  ...summarize(samples),
  p99: percentile(
    [...samples].sort((a, b) => a - b),
    99,
  ),
});

/**
 * One of the bench's .mjs files in a Node process of its own (without the bench's loader: they
 * are plain JavaScript), started with `data` as its first IPC message. `next` waits for its next
 * message and fails if the process ends first. The child ends itself when the channel closes
 * (the bench ended, failed or was killed); `stop` ends it at once.
 */
function startChild<T>(file: string, data: unknown) {
  const child: ChildProcess = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    execArgv: [],
    serialization: 'advanced',
  });
  const waiting: { resolve: (message: T) => void; reject: (error: Error) => void }[] = [];
  let failed: Error | undefined;
  const fail = (error: Error) => {
    failed ??= error;
    for (const w of waiting.splice(0)) w.reject(failed);
  };
  child.on('message', (message) => waiting.shift()?.resolve(message as T));
  // A message to a process that has ended fails here rather than crashing the bench.
  child.on('error', fail);
  child.once('close', (code, signal) =>
    fail(new Error(`${file} ended (${signal ?? `exit ${code}`}) before it answered`)),
  );
  child.send(data as object);
  const next = () =>
    new Promise<T>((resolve, reject) =>
      failed ? reject(failed) : waiting.push({ resolve, reject }),
    );
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return { child, next, stop };
}

/** Splits the streams' plan into runs of at most `perProcess` streams, as evenly as they go. */
export function splitPlan<P extends { count: number }>(plan: P[], perProcess: number): P[][] {
  const total = plan.reduce((sum, p) => sum + p.count, 0);
  const share = Math.ceil(total / Math.max(1, Math.ceil(total / perProcess)));
  const parts: P[][] = [[]];
  let inPart = 0;
  for (const entry of plan) {
    if (inPart + entry.count > share && inPart > 0) {
      parts.push([]);
      inPart = 0;
    }
    parts.at(-1)!.push(entry);
    inPart += entry.count;
  }
  return parts;
}

/** What a client process sends: its streams once open, then its notes when asked. */
interface ClientMessage {
  open?: number;
  refused?: number;
  leaderboard?: number[][];
  points?: [number, [number, number][]][];
}

async function cookieOfGuest(app: FastifyInstance) {
  return cookieOf(await send(app, 'POST', '/api/auth/sign-in/anonymous', { body: {} }));
}

function cookieOf(guest: { headers: Record<string, unknown> }) {
  const header = guest.headers['set-cookie'] as string | string[] | undefined;
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function measureFanOut(streams: number): Promise<FanOutFigures> {
  const server = await startBenchServer(
    { RATE_LIMIT_SCALE: '0' },
    // The cap, whatever it is in code, is not what this measures.
    { liveStreamsMax: streams + PLACERS + 100 },
  );
  const { app } = server;
  // Every process started here, ended whatever happens (a client left behind keeps its sockets).
  const children: { stop(): void }[] = [];
  try {
    const db = app.deps.database.db;
    // Placing readers: guests made readers in the database (a sign-up's password hashing,
    // 100 times over, would take longer than the measurement).
    const placers: { id: string; cookie: string }[] = [];
    for (let i = 0; i < PLACERS; i += 1) {
      const guest = await send(app, 'POST', '/api/auth/sign-in/anonymous', { body: {} });
      placers.push({ id: guest.json<{ user: { id: string } }>().user.id, cookie: cookieOf(guest) });
    }
    for (const [i, placer] of placers.entries()) {
      await db
        .updateTable('users')
        .set({
          isAnonymous: (app.deps.database.kind === 'postgres' ? false : 0) as never,
          email: `fanout${i}@example.com`,
          name: `fanout${i}`,
        })
        .where('id', '=', placer.id)
        .execute();
    }
    const { cells, isbns } = await sharedCardAndBooks(db);
    const origin = new URL(server.url).origin;
    // Placement i: reader i % PLACERS on square floor(i / PLACERS): always a first placement.
    const total = SECONDS * FAN_OUT_RATE;
    if (total > PLACERS * cells.length) throw new Error('more placements than empty squares');
    const requests = Array.from({ length: total }, (_, i) => {
      const placer = i % PLACERS;
      const cell = cells[Math.floor(i / PLACERS)]!;
      const isbn = isbns.filter((_, b) => b % cells.length === Number(cell.position))[0]!;
      return {
        path: '/api/bingo/placements',
        headers: {
          cookie: placers[placer]!.cookie,
          origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ cellId: cell.id, isbn }),
        placer,
      };
    });

    const guestStreams = Math.max(0, streams - PLACERS);
    const plan: { cookie: string; count: number; placer: number }[] = placers.map((p, i) => ({
      cookie: p.cookie,
      count: 1,
      placer: i,
    }));
    for (let left = guestStreams; left > 0; left -= 10) {
      plan.push({ cookie: await cookieOfGuest(app), count: Math.min(10, left), placer: -1 });
    }

    // The probe: the first connection the hub writes, so its call is when writing starts.
    const writeStarts: number[] = [];
    const now = () => performance.timeOrigin + performance.now();
    const probe = () => writeStarts.push(now());
    const hub = (app as { liveEvents?: FastifyInstance['liveEvents'] }).liveEvents;
    const unprobe = hub
      ? hub.subscribe(
          { userId: 'bench-probe', address: 'bench' },
          probe,
          () => {},
          () => {},
        )
      : // Before the hub was reachable (the code before issue 27): it wrote on publish.
        app.deps.bus.subscribe('live:leaderboard', probe);
    // With an EventEmitter hub the bus probe runs after the streams were written: take the
    // time at publish instead.
    const publish = app.deps.bus.publish.bind(app.deps.bus);
    if (!hub) {
      writeStarts.length = 0;
      app.deps.bus.publish = (channel, message) => {
        if (channel === 'live:leaderboard') writeStarts.push(now());
        publish(channel, message);
      };
    }

    collect();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    // One client process after another, each opening its share a few at a time as before.
    const clients: ReturnType<typeof startChild<ClientMessage>>[] = [];
    let openCount = 0;
    let refused = 0;
    for (const part of splitPlan(plan, CLIENT_STREAMS_A_PROCESS)) {
      const client = startChild<ClientMessage>('./fan-out-clients.mjs', {
        url: server.url,
        streams: part,
      });
      children.push(client);
      clients.push(client);
      const opened = await client.next();
      openCount += opened.open ?? 0;
      refused += opened.refused ?? 0;
    }
    // The last connection the hub writes: subscribed after every stream.
    const writeEnds: number[] = [];
    const unprobeLast = hub?.subscribe(
      { userId: 'bench-probe-last', address: 'bench' },
      () => writeEnds.push(now()),
      () => {},
      () => {},
    );
    collect();
    const heapPerStreamKb = (process.memoryUsage().heapUsed - heapBefore) / openCount / 1024;
    const rssPerStreamKb = (process.memoryUsage().rss - rssBefore) / openCount / 1024;
    // Every client process's notes, as though one process had held every stream.
    const reportAll = async () => {
      const reports = await Promise.all(
        clients.map((client) => {
          client.child.send('report');
          return client.next();
        }),
      );
      return {
        leaderboard: reports.flatMap((r) => r.leaderboard ?? []),
        points: reports.flatMap((r) => r.points ?? []),
      };
    };
    // Let the streams settle, then forget anything written before the placements.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const clearedAt = now();
    writeStarts.length = 0;
    writeEnds.length = 0;

    const elu = performance.eventLoopUtilization();
    const cpuBefore = threadCpuMs();
    const placer = startChild<{
      results: ({
        scheduled: number;
        answered: number;
        status: number;
        totalPoints: number | null;
      } | null)[];
    }>('./fan-out-placer.mjs', {
      url: server.url,
      requests: requests.map(({ path, headers, body }) => ({ path, headers, body })),
      perSecond: FAN_OUT_RATE,
      giveUpMs: 30_000,
    });
    children.push(placer);
    const { results } = await placer.next();
    const busy = performance.eventLoopUtilization(elu);
    const cpuMs = threadCpuMs() - cpuBefore;
    placer.stop();
    // The trailing update, and what is still being written (bounded: the code before may be far behind).
    const lastAnswer = Math.max(...results.map((r) => r?.answered ?? 0));
    const drainUntil = now() + 30_000;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { leaderboard } = await reportAll();
      const arrived = leaderboard.map((times) => times.filter((t) => t > clearedAt).length);
      const complete = arrived.every((n) => n >= writeStarts.length);
      if ((complete && writeStarts.some((w) => w > lastAnswer)) || now() > drainUntil) break;
    }
    const report = await reportAll();
    for (const client of clients) client.stop();
    unprobe();
    unprobeLast?.();
    if (!hub) app.deps.bus.publish = publish;

    const answered = results.filter((r) => r !== null);
    const statuses = new Map<number, number>();
    for (const r of answered) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (!statuses.has(200) || statuses.size > 1) console.log('placement statuses', [...statuses]);
    const ok = answered.filter((r) => r.status === 200);
    const delivery: number[] = [];
    const lastByUpdate: number[] = writeStarts.map(() => 0);
    let streamsMissing = 0;
    let minStreamGapMs = Number.POSITIVE_INFINITY;
    for (const times of report.leaderboard) {
      const mine = times.filter((t) => t > clearedAt);
      if (mine.length < writeStarts.length) streamsMissing += 1;
      mine.forEach((at, k) => {
        if (k >= writeStarts.length) return;
        delivery.push(at - writeStarts[k]!);
        lastByUpdate[k] = Math.max(lastByUpdate[k]!, at - writeStarts[k]!);
      });
      for (let k = 1; k < mine.length; k += 1) {
        minStreamGapMs = Math.min(minStreamGapMs, mine[k]! - mine[k - 1]!);
      }
    }
    const staleness = ok.map((r) => {
      const k = writeStarts.findIndex((w) => w >= r.answered - 0.5);
      return k < 0 ? Number.POSITIVE_INFINITY : writeStarts[k]! + lastByUpdate[k]! - r.answered;
    });
    const pointsOf = new Map(report.points);
    let pointsMissing = 0;
    const pointsDelivery: number[] = [];
    results.forEach((r, i) => {
      if (!r || r.status !== 200 || r.totalPoints === null) return;
      const seen = (pointsOf.get(requests[i]!.placer) ?? []).find(
        ([totalPoints, at]) => totalPoints >= r.totalPoints! && at >= r.scheduled,
      );
      if (seen) pointsDelivery.push(seen[1] - r.scheduled);
      else pointsMissing += 1;
    });
    const gaps = writeStarts.slice(1).map((w, k) => w - writeStarts[k]!);
    const writes = report.leaderboard.reduce(
      (sum, times) => sum + times.filter((t) => t > clearedAt).length,
      0,
    );
    return {
      streams: openCount,
      refused,
      placements: {
        sent: results.length,
        answered: answered.length,
        ok: ok.length,
        latency: summarize(answered.map((r) => r.answered - r.scheduled)),
        p99: percentile(
          answered.map((r) => r.answered - r.scheduled).sort((a, b) => a - b),
          99,
        ),
      },
      updates: {
        written: writeStarts.length,
        minGapMs: gaps.length ? Math.min(...gaps) : Number.NaN,
        lastAfterLastPlacement: writeStarts.some((w) => w >= lastAnswer - 0.5),
      },
      delivery: withP99(delivery),
      lastDelivery: withP99(lastByUpdate),
      writeSpan: withP99(
        writeEnds.slice(0, writeStarts.length).map((end, k) => end - writeStarts[k]!),
      ),
      streamsMissing,
      minStreamGapMs,
      staleness: withP99(staleness),
      points: { ...withP99(pointsDelivery), missing: pointsMissing },
      busyMsPerPlacement: busy.active / Math.max(1, ok.length),
      cpuMsPerPlacement: cpuMs / Math.max(1, ok.length),
      writesPerPlacement: writes / Math.max(1, ok.length),
      heapPerStreamKb,
      rssPerStreamKb,
      clientProcesses: clients.length,
    };
  } finally {
    for (const child of children) child.stop();
    await server.close();
  }
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
const p = (s: LatencySummary & { p99: number }) =>
  `p50 ${f1(s.p50)} p99 ${f1(s.p99)} max ${f1(s.max)} ms (n=${s.n})`;

export function describeFanOut(f: FanOutFigures): string[] {
  return [
    `${f.streams} streams open (${f.refused} refused), their clients in ${f.clientProcesses} separate process${f.clientProcesses === 1 ? '' : 'es'} and the placer in another; ${f.placements.ok} of ${f.placements.sent} placements answered 200 (${f.placements.answered} answered within 30 s of the last)`,
    `  placements          ${p({ ...f.placements.latency, p99: f.placements.p99 })}`,
    `  leaderboard writes  ${f.updates.written} updates written (least gap ${f1(f.updates.minGapMs)} ms; one after the last placement: ${f.updates.lastAfterLastPlacement ? 'yes' : 'NO'}); least gap on a stream ${f1(f.minStreamGapMs)} ms; ${f.streamsMissing} streams missed one`,
    `  delivery            ${p(f.delivery)}  (write start to each stream)`,
    `  last delivery       ${p(f.lastDelivery)}  (write start to the last stream, per update)`,
    `  write span          ${p(f.writeSpan)}  (the hub's first write to its last, per update)`,
    `  staleness           ${p(f.staleness)}  (a placement's answer to the last stream hearing an update after it)`,
    `  own points          ${p(f.points)}  (scheduled to the placer's stream; ${f.points.missing} missing)`,
    `  server thread       ${f.cpuMsPerPlacement.toFixed(2)} ms CPU a placement (event loop busy ${f.busyMsPerPlacement.toFixed(2)} ms); ${f1(f.writesPerPlacement)} stream writes a placement`,
    `  memory a stream     ${f1(f.heapPerStreamKb)} KB server heap; ${f1(f.rssPerStreamKb)} KB server process RSS (no clients in it)`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  for (const streams of sizes.length ? sizes : FAN_OUT_SIZES) {
    for (const line of describeFanOut(await measureFanOut(streams))) console.log(line);
  }
}
