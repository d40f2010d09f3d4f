import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { send } from './accounts';
import { LEADERBOARD_WINDOW_MS } from '../src/server/events/hub';
import { startBenchServer } from './bench-server';
import { percentile, summarize, type LatencySummary } from './stats';
import { sharedCardAndBooks } from './crowd';

/**
 * Live-update fan-out under placements (issue 27, docs/SCALING.md): one instance on SQLite holds
 * N open event streams while 100 placements a second arrive for 10 s, every one a reader's first
 * book on a square (so every one changes points and a leaderboard). Since decision 028's
 * targeting a `leaderboard` update goes to the streams showing a board it changed (a stream names
 * its page's boards, `?boards=`), so the streams are of three kinds: one stream of each of the
 * 100 placing readers, on their card (it shows no board: it hears its points); FAN_OUT_FRIENDS
 * (5) friends of each placer with the leaderboard open, a stream each (their Friends board shows
 * the placer); and strangers (guests with 10 tabs each, the per-user cap), of whom a share
 * FAN_OUT_SHOWING (0.1) have the leaderboard open (its Global Top 10 shows the top readers)
 * and the rest are on their cards. The leaderboard is a modal over the card: most open pages
 * show no board; FAN_OUT_SHOWING=1 is the worst case, every stranger showing it. The mix of
 * placements is a real community's: TOP_PLACERS (10) of the placers hold the Global Top 10
 * (points far above anyone's) and place one placement in FAN_OUT_TOP_EVERY (250: 4 of the run's
 * 1,000); the other 90 place the rest and stay far below the top. A top reader's placement
 * changes the Global Top 10: every stream showing it must hear it. Anyone else's changes their
 * friends' boards: those streams must hear it. A stream showing no board must hear no update.
 *
 * The stream clients run in processes of their own (at most CLIENT_STREAMS_A_PROCESS streams
 * each) and placements are sent from another, so this process holds the server alone: its
 * thread's CPU and event loop, its heap and its RSS are the server's, with no client socket in
 * them.
 *
 * Measured:
 * - placements: latency from each one's scheduled moment to its answer (open loop);
 * - heard: for each placement and each stream whose board it changed, from the answer to that
 *   stream's next 'leaderboard' event (coalescing makes it up to a window); `lost` counts the
 *   pairs that never heard one (must be 0), `late` those that heard after a window and 250 ms;
 * - 'leaderboard' delivery of the updates written to every stream showing the Global Top 10
 *   (the global ones): from the moment the hub starts writing one (a probe it writes first) to
 *   its arrival on each stream;
 * - stream writes a placement: every 'leaderboard' event any stream got, over the placements;
 *   the strangers' share (a stranger hears only global changes), and those to streams showing
 *   no board (must be 0);
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
/** Placers who hold the Global Top 10 from the start. */
export const TOP_PLACERS = 10;
/** One placement in this many is by a top-10 reader (0: none). */
const TOP_EVERY = Number(process.env.FAN_OUT_TOP_EVERY ?? 250);
/** Of the strangers' streams, the share with the leaderboard open (the rest show their cards). */
const SHOWING = Number(process.env.FAN_OUT_SHOWING ?? 0.1);
/** What a stream with the leaderboard open names, and one on a card. */
const BOARDS = 'friends,global';
const NO_BOARDS = '';
/** Friends of each placer, each with a stream of their own. */
const FRIENDS_A_PLACER = Number(process.env.FAN_OUT_FRIENDS ?? 5);
/** A stream hearing a change later than a window and this is late. */
const LATE_SLACK_MS = 250;
/**
 * Streams one client process opens at most: a quarter of the descriptor limit, and on two cores
 * more processes would only take turns.
 */
export const CLIENT_STREAMS_A_PROCESS = 5000;

export interface FanOutFigures {
  streams: number;
  refused: number;
  /** Streams by kind: the placers' own, their friends', strangers' (and those showing boards). */
  kinds: { own: number; friends: number; strangers: number; strangersShowing: number };
  placements: {
    sent: number;
    answered: number;
    ok: number;
    /** Of the answered 200, those by a top-10 reader (each changes the Global Top 10). */
    global: number;
    latency: LatencySummary;
    p99: number;
  };
  /** Updates the hub wrote to every stream (the global ones), and the least time between two. */
  updates: { written: number; minGapMs: number };
  /** Per stream whose board a placement changed: its answer to the stream's next update. */
  heard: LatencySummary & { p99: number; pairs: number; lost: number; late: number };
  /** Per stream and global update: hub write start to arrival. */
  delivery: LatencySummary & { p99: number; heldBack: number };
  /** Per global update: the last stream's arrival. */
  lastDelivery: LatencySummary & { p99: number };
  /**
   * Per global update: the hub's first write to its last (a second probe, subscribed after every
   * stream): the server's share of the last delivery, the rest being the clients' reading.
   */
  writeSpan: LatencySummary & { p99: number };
  /** The least time between two updates' arrivals on one stream. */
  minStreamGapMs: number;
  points: LatencySummary & { p99: number; missing: number };
  /** Event-loop busy time a placement (wall time, so a busy machine inflates it). */
  busyMsPerPlacement: number;
  /** The server thread's CPU time a placement (10 ms ticks over the whole run). */
  cpuMsPerPlacement: number;
  writesPerPlacement: number;
  /** Writes to streams showing no board (each one a fault). */
  boardlessWrites: number;
  /** Of those, the writes to strangers' streams. */
  strangerWritesPerPlacement: number;
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

/** A fresh guest account: its id and session cookie. */
async function guestAccount(app: FastifyInstance) {
  const guest = await send(app, 'POST', '/api/auth/sign-in/anonymous', { body: {} });
  return { id: guest.json<{ user: { id: string } }>().user.id, cookie: cookieOf(guest) };
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
    // 100 times over, would take longer than the measurement). The first TOP_PLACERS hold the
    // Global Top 10: a million points and more, far above what the others can earn in a run.
    const placers: { id: string; cookie: string }[] = [];
    for (let i = 0; i < PLACERS; i += 1) placers.push(await guestAccount(app));
    for (const [i, placer] of placers.entries()) {
      await db
        .updateTable('users')
        .set({
          isAnonymous: (app.deps.database.kind === 'postgres' ? false : 0) as never,
          // A guest has no place on the Global Top 10.
          role: 'user',
          email: `fanout${i}@example.com`,
          name: `fanout${i}`,
          points: i < TOP_PLACERS ? 1_000_000 + i : 0,
        })
        .where('id', '=', placer.id)
        .execute();
    }
    // Each placer's friends, a stream each: accepted friendships written directly (no cache
    // holds anyone's relations yet).
    const friendCount = Math.min(PLACERS * FRIENDS_A_PLACER, Math.max(0, streams - PLACERS));
    const friends: { cookie: string; of: number }[] = [];
    for (let k = 0; k < friendCount; k += 1) {
      const friend = await guestAccount(app);
      const of = k % PLACERS;
      const at = new Date().toISOString();
      await db
        .insertInto('friendships')
        .values({
          id: randomUUID(),
          senderId: placers[of]!.id,
          receiverId: friend.id,
          status: 'accepted',
          createdAt: at,
          acceptedAt: at,
        })
        .execute();
      friends.push({ cookie: friend.cookie, of });
    }
    const { cells, isbns } = await sharedCardAndBooks(db);
    const origin = new URL(server.url).origin;
    // One placement in TOP_EVERY by a top reader, the rest by the others, each placer's
    // placements on its next empty square: always a first placement.
    const total = SECONDS * FAN_OUT_RATE;
    const squaresUsed = placers.map(() => 0);
    let topTurn = 0;
    let otherTurn = 0;
    const requests = Array.from({ length: total }, (_, i) => {
      const global = TOP_EVERY > 0 && i % TOP_EVERY === 0;
      const placer = global
        ? topTurn++ % TOP_PLACERS
        : TOP_PLACERS + (otherTurn++ % (PLACERS - TOP_PLACERS));
      const cell = cells[squaresUsed[placer]!++];
      if (!cell) throw new Error('more placements than empty squares');
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
        global,
      };
    });

    // In stream order: the placers' own, their friends', then strangers (10 tabs a guest, the
    // first tabs of each the ones with the leaderboard open). `placer` names whose points a
    // client follows; `of`, whose changes the stream must hear; `boards`, what it shows.
    const plan: {
      cookie: string;
      count: number;
      placer: number;
      of: number;
      boards: string;
    }[] = [
      ...placers.map((p, i) => ({
        cookie: p.cookie,
        count: 1,
        placer: i,
        of: -1,
        boards: NO_BOARDS,
      })),
      ...friends.map((f) => ({ cookie: f.cookie, count: 1, placer: -1, of: f.of, boards: BOARDS })),
    ];
    const strangerStreams = Math.max(0, streams - PLACERS - friendCount);
    let showingLeft = Math.round(strangerStreams * SHOWING);
    for (let left = strangerStreams; left > 0; left -= 10) {
      const cookie = await cookieOfGuest(app);
      const count = Math.min(10, left);
      const showing = Math.min(count, Math.ceil(showingLeft / Math.ceil(left / 10)));
      showingLeft -= showing;
      const tab = { cookie, placer: -1, of: -1 };
      if (showing > 0) plan.push({ ...tab, count: showing, boards: BOARDS });
      if (count > showing) plan.push({ ...tab, count: count - showing, boards: NO_BOARDS });
    }
    const streamOf = plan.flatMap((entry) => Array.from({ length: entry.count }, () => entry.of));
    const showsBoards = plan.flatMap((entry) =>
      Array.from({ length: entry.count }, () => entry.boards !== NO_BOARDS),
    );
    // The streams each placer's changes must reach, and those a global one must.
    const audienceOf = placers.map(() => [] as number[]);
    streamOf.forEach((of, index) => of >= 0 && audienceOf[of]!.push(index));
    const allStreams = streamOf.map((_, index) => index).filter((index) => showsBoards[index]);

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
    // Each placement's streams that must hear of it: from its answer to each one's next update.
    const heardOf = (leaderboard: number[][]) => {
      const heard: number[] = [];
      let lost = 0;
      results.forEach((r, i) => {
        if (!r || r.status !== 200) return;
        const { placer, global } = requests[i]!;
        for (const index of global ? allStreams : audienceOf[placer]!) {
          // A stream with no update in its last window hears at once: its client, in another
          // process, may note the update before the placer's process notes the answer. So an
          // update counts from the placement's sending on, and one noted first counts as 0 ms.
          const next = leaderboard[index]?.find((at) => at >= r.scheduled);
          if (next === undefined) lost += 1;
          else heard.push(Math.max(0, next - r.answered));
        }
      });
      return { heard, lost };
    };
    // The trailing updates, and what is still being written (bounded: the code before may be
    // far behind).
    const lastAnswer = Math.max(...results.map((r) => r?.answered ?? 0));
    const drainUntil = now() + 30_000;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { leaderboard } = await reportAll();
      const settled = now() > lastAnswer + LEADERBOARD_WINDOW_MS + 500;
      if ((settled && heardOf(leaderboard).lost === 0) || now() > drainUntil) break;
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
    const arrivals = report.leaderboard.map((times) => times.filter((t) => t > clearedAt));
    const { heard, lost } = heardOf(arrivals);
    // The updates written to every stream showing the top (the probe hears only those): each
    // stream's first arrival after one's start and before the next's is that update.
    const delivery: number[] = [];
    const lastByUpdate: number[] = writeStarts.map(() => 0);
    let minStreamGapMs = Number.POSITIVE_INFINITY;
    // A stream that heard an update less than a window before a global one starts is held back
    // by its own window (decision 028) and hears it at the window's end: 'heard' counts that
    // wait; delivery is the writing of the streams that are due.
    let heldBack = 0;
    for (const mine of arrivals) {
      writeStarts.forEach((start, k) => {
        const before = mine.findLast((t) => t < start);
        if (before !== undefined && start - before < LEADERBOARD_WINDOW_MS) {
          heldBack += 1;
          return;
        }
        const at = mine.find((t) => t >= start);
        if (at === undefined || at >= (writeStarts[k + 1] ?? Number.POSITIVE_INFINITY)) return;
        delivery.push(at - start);
        lastByUpdate[k] = Math.max(lastByUpdate[k]!, at - start);
      });
      for (let k = 1; k < mine.length; k += 1) {
        minStreamGapMs = Math.min(minStreamGapMs, mine[k]! - mine[k - 1]!);
      }
    }
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
    const count = (streams: number[][]) => streams.reduce((sum, times) => sum + times.length, 0);
    const perPlacement = (n: number) => n / Math.max(1, ok.length);
    const late = LEADERBOARD_WINDOW_MS + LATE_SLACK_MS;
    return {
      streams: openCount,
      refused,
      kinds: {
        own: PLACERS,
        friends: friendCount,
        strangers: strangerStreams,
        strangersShowing: streamOf.filter((of, i) => i >= PLACERS && of < 0 && showsBoards[i])
          .length,
      },
      placements: {
        sent: results.length,
        answered: answered.length,
        ok: ok.length,
        global: results.filter((r, i) => r?.status === 200 && requests[i]!.global).length,
        latency: summarize(answered.map((r) => r.answered - r.scheduled)),
        p99: percentile(
          answered.map((r) => r.answered - r.scheduled).sort((a, b) => a - b),
          99,
        ),
      },
      updates: {
        written: writeStarts.length,
        minGapMs: gaps.length ? Math.min(...gaps) : Number.NaN,
      },
      heard: {
        ...withP99(heard),
        pairs: heard.length + lost,
        lost,
        late: heard.filter((ms) => ms > late).length,
      },
      delivery: { ...withP99(delivery), heldBack },
      lastDelivery: withP99(lastByUpdate),
      writeSpan: withP99(
        writeEnds.slice(0, writeStarts.length).map((end, k) => end - writeStarts[k]!),
      ),
      minStreamGapMs,
      points: { ...withP99(pointsDelivery), missing: pointsMissing },
      busyMsPerPlacement: busy.active / Math.max(1, ok.length),
      cpuMsPerPlacement: cpuMs / Math.max(1, ok.length),
      writesPerPlacement: perPlacement(count(arrivals)),
      strangerWritesPerPlacement: perPlacement(
        count(arrivals.filter((_, i) => i >= PLACERS && streamOf[i]! < 0)),
      ),
      boardlessWrites: count(arrivals.filter((_, i) => !showsBoards[i])),
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
    `${f.streams} streams open (${f.refused} refused: ${f.kinds.own} placers', ${f.kinds.friends} their friends', ${f.kinds.strangers} strangers' of which ${f.kinds.strangersShowing} show the leaderboard), their clients in ${f.clientProcesses} separate process${f.clientProcesses === 1 ? '' : 'es'} and the placer in another; ${f.placements.ok} of ${f.placements.sent} placements answered 200 (${f.placements.answered} answered within 30 s of the last), ${f.placements.global} of them by top-10 readers`,
    `  placements          ${p({ ...f.placements.latency, p99: f.placements.p99 })}`,
    `  heard               ${p(f.heard)}  (a placement's answer to the next update on each stream whose board it changed: ${f.heard.pairs} pairs, ${f.heard.lost} lost, ${f.heard.late} later than a window and ${LATE_SLACK_MS} ms)`,
    `  global updates      ${f.updates.written} written to every stream showing the top (least gap ${f1(f.updates.minGapMs)} ms); least gap on a stream ${f1(f.minStreamGapMs)} ms`,
    `  delivery            ${p(f.delivery)}  (write start to each stream due, global updates; ${f.delivery.heldBack} held back to their window's end)`,
    `  last delivery       ${p(f.lastDelivery)}  (write start to the last stream, per global update)`,
    `  write span          ${p(f.writeSpan)}  (the hub's first write to its last, per global update)`,
    `  own points          ${p(f.points)}  (scheduled to the placer's stream; ${f.points.missing} missing)`,
    `  server thread       ${f.cpuMsPerPlacement.toFixed(2)} ms CPU a placement (event loop busy ${f.busyMsPerPlacement.toFixed(2)} ms); ${f1(f.writesPerPlacement)} stream writes a placement, ${f1(f.strangerWritesPerPlacement)} of them to strangers; ${f.boardlessWrites} to streams showing no board`,
    `  memory a stream     ${f1(f.heapPerStreamKb)} KB server heap; ${f1(f.rssPerStreamKb)} KB server process RSS (no clients in it)`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  for (const streams of sizes.length ? sizes : FAN_OUT_SIZES) {
    for (const line of describeFanOut(await measureFanOut(streams))) console.log(line);
  }
}
