import { Worker } from 'node:worker_threads';
import { findRedisServer, startThrowawayRedis } from '../scripts/redis-throwaway.mjs';
import { LIVE_CHANNELS } from '../src/server/events/hub';
import { send } from './accounts';
import { startBenchServer } from './bench-server';
import { formatSummary, summarize } from './stats';

/**
 * Live-update fan-out (docs/SCALING.md): one instance holds N open event streams (guests, 10
 * tabs each, the per-user cap), and a 'leaderboard' event is published on its bus, as every
 * placement does. Measured: the time until the last of the N streams has it (clients in a
 * worker thread), and the server's memory per open stream; in-process and through Redis.
 * Run: npx tsx bench/fan-out.ts [N...]
 */
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const STREAMS = sizes.length > 0 ? sizes : [1000, 5000];
const ROUNDS = 30;

async function measure(streams: number, redisUrl?: string) {
  // Every stream comes from this one address: the per-address limits (sign-ins, streams) are off.
  const server = await startBenchServer({
    RATE_LIMIT_SCALE: '0',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < Math.ceil(streams / 10); i += 1) {
      const guest = await send(server.app, 'POST', '/api/auth/sign-in/anonymous', { body: {} });
      const header = guest.headers['set-cookie'];
      const list = Array.isArray(header) ? header : header ? [header] : [];
      cookies.push(list.map((c) => c.split(';')[0]).join('; '));
    }
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const worker = new Worker(new URL('./fan-out-clients.mjs', import.meta.url), {
      workerData: { url: server.url, cookies, perCookie: 10 },
    });
    const messages: ((message: { open?: number; delivered?: number }) => void)[] = [];
    worker.on('message', (message: { open?: number; delivered?: number }) =>
      messages.shift()?.(message),
    );
    const next = () =>
      new Promise<{ open?: number; delivered?: number }>((resolve) => messages.push(resolve));
    const opened = await next();
    const rssPerStream = (process.memoryUsage().rss - rssBefore) / (opened.open ?? 1);
    const samples: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      worker.postMessage({ expect: round });
      // Let the worker take the new expectation before the event can arrive.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const delivered = next();
      const sent = performance.timeOrigin + performance.now();
      server.app.deps.bus.publish(LIVE_CHANNELS.leaderboard, '');
      samples.push((await delivered).delivered! - sent);
    }
    worker.postMessage('close');
    await worker.terminate();
    return { streams: opened.open ?? 0, summary: summarize(samples), rssPerStream };
  } finally {
    await server.close();
  }
}

const redisBinary = findRedisServer();
const redis = redisBinary ? await startThrowawayRedis({ binary: redisBinary }) : null;
try {
  console.log(`Fan-out of one 'leaderboard' event to N open streams on one instance:`);
  for (const streams of STREAMS) {
    for (const via of ['in-process', 'redis'] as const) {
      if (via === 'redis' && !redis) continue;
      const figures = await measure(streams, via === 'redis' ? redis!.url : undefined);
      console.log(
        `${String(figures.streams).padStart(6)} streams, ${via.padEnd(10)}: last delivery ` +
          `${formatSummary(figures.summary)}; process memory ~${(figures.rssPerStream / 1024).toFixed(1)} KB a stream (clients included)`,
      );
    }
  }
} finally {
  await redis?.stop();
}
