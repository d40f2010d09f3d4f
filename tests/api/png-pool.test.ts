import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import { loadConfig } from '../../src/server/config';
import { PNG_RETRY_AFTER_S } from '../../src/server/modules/shares/share-card-png';
import { createGrid, type TestGrid } from '../helpers/bingo';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 27, "hours, not seconds" (decision 032): PNGs are drawn by a worker-thread pool, never on
 * the event loop, with a bounded queue. This app has one render thread and room for two renders
 * waiting, so a test can fill it. The pool is held busy with a slow SVG (noise filters over
 * 1200 x 1200 pixels: a second or more of drawing on any machine), so what the tests check is the
 * order things happen in, never a time.
 */
const THREADS = 1;
const QUEUE_MAX = 2;
let t: TestApp;
let reader: TestUser;
let grid: TestGrid;
/** The reader's card's public PNG (a share link's image). */
let cardPng: string;
const year = new Date().getUTCFullYear();
const pngUrl = `/api/profile/reading-year/${year}/share.png`;

const noise = (octaves: number) =>
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">' +
  `<filter id="n"><feTurbulence baseFrequency="0.02" numOctaves="${octaves}"/></filter>` +
  '<rect width="1200" height="1200" filter="url(#n)"/></svg>';
const SLOW_SVG = noise(4);
/** Slow enough to hold the pool while a few requests are answered, or the app closes. */
const SHORTER_SVG = noise(1);
const TINY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="6"/>';

beforeAll(async () => {
  t = await createTestApp({ PNG_WORKERS: String(THREADS), PNG_QUEUE_MAX: String(QUEUE_MAX) });
  reader = await createUser(t.app);
  grid = await createGrid(t.app);
  const made = await call(t.app, 'POST', '/api/shares', {
    cookie: reader.cookie,
    body: { gridId: grid.id },
  });
  cardPng = new URL(made.json<{ share: { imageUrl: string } }>().share.imageUrl).pathname;
});
afterAll(() => t.close());

function isPng(response: LightMyRequestResponse) {
  return (
    response.statusCode === 200 &&
    response.headers['content-type'] === 'image/png' &&
    response.rawPayload.subarray(1, 4).toString('latin1') === 'PNG'
  );
}

describe('PNGs drawn off the event loop', () => {
  it('answers a cheap route while PNGs are being drawn, before any of them is done', async () => {
    const png = t.app.deps.png;
    const completedBefore = png.completed();
    // The only thread draws the slow image; two reading-year PNGs wait behind it.
    const slow = png.render(SLOW_SVG);
    const finished: string[] = [];
    const images = [1, 2].map((n) =>
      call(t.app, 'GET', pngUrl, { cookie: reader.cookie }).then((response) => {
        finished.push(`png ${n}`);
        return response;
      }),
    );
    // Both requests have reached the pool (read, drawn as SVG, handed over)...
    await expect.poll(() => png.inFlight()).toBe(3);
    // ...and the event loop still answers: a route drawn on it would have held this back.
    const health = await call(t.app, 'GET', '/api/health');
    finished.push('health');
    expect(health.statusCode).toBe(200);
    expect(png.inFlight()).toBe(3);

    const answers = await Promise.all(images);
    await slow;
    expect(finished[0]).toBe('health');
    expect(finished.slice(1).sort()).toEqual(['png 1', 'png 2']);
    for (const answer of answers) expect(isPng(answer)).toBe(true);
    // The routes drew through the pool's threads: the slow image and the two PNGs.
    expect(png.completed()).toBe(completedBefore + 3);
    expect(png.inFlight()).toBe(0);
  });

  it('answers 503 with our text when the queue is full, and draws again once it empties', async () => {
    const png = t.app.deps.png;
    const busy = Array.from({ length: THREADS + QUEUE_MAX }, () => png.render(SHORTER_SVG));
    const drained = Promise.allSettled(busy);
    expect(png.inFlight()).toBe(THREADS + QUEUE_MAX);

    // Every PNG route shares the pool, and its refusal.
    const seasonPng = `/api/grids/${grid.id}/season-stats.png`;
    for (const url of [pngUrl, seasonPng, cardPng]) {
      const refused = await call(t.app, 'GET', url, { cookie: reader.cookie });
      expect(refused.statusCode, url).toBe(503);
      expect(errorOf(refused)).toEqual({ code: 'IMAGES_BUSY', message: messages.pngImages.busy });
      expect(refused.headers['retry-after']).toBe(String(PNG_RETRY_AFTER_S));
    }
    expect(png.inFlight()).toBe(THREADS + QUEUE_MAX);
    // The SVGs are drawn on the event loop (a string template): they still answer.
    const svg = await call(t.app, 'GET', pngUrl.replace('.png', '.svg'), { cookie: reader.cookie });
    expect(svg.statusCode).toBe(200);

    for (const result of await drained) expect(result.status).toBe('fulfilled');
    expect(png.inFlight()).toBe(0);
    // A refusal is not kept (the season's and the card's PNGs are cached): asked again, drawn.
    for (const url of [pngUrl, seasonPng, cardPng]) {
      expect(isPng(await call(t.app, 'GET', url, { cookie: reader.cookie })), url).toBe(true);
    }
  });

  it('sizes the pool from the cores by default, and from PNG_WORKERS and PNG_QUEUE_MAX', () => {
    expect(t.config.pngWorkers).toBe(THREADS);
    expect(t.config.pngQueueMax).toBe(QUEUE_MAX);
    const defaults = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) });
    expect(defaults.pngWorkers).toBeGreaterThanOrEqual(1);
    expect(defaults.pngWorkers).toBeLessThanOrEqual(2);
    expect(defaults.pngQueueMax).toBe(16);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32), PNG_WORKERS: '0' }),
    ).toThrow(/PNG_WORKERS/);
  });
});

describe('closing the app with the pool', () => {
  it('lets the drawing render finish, refuses the waiting one and new ones, and does not hang', async () => {
    const own = await createTestApp({ PNG_WORKERS: '1', PNG_QUEUE_MAX: '1' });
    const png = own.app.deps.png;
    // A thread started and idle, so the next render is handed to it at once.
    await png.render(TINY_SVG);
    const drawing = png.render(SHORTER_SVG).then(
      (bytes) => bytes.subarray(1, 4).toString('latin1'),
      (error: Error) => error.message,
    );
    const waiting = png.render(SHORTER_SVG);
    const waitingResult = waiting.then(
      () => 'drawn',
      (error: Error) => error.name,
    );
    await own.close();
    // Started before the close: finished within the close's 5 s (on a machine so loaded that it
    // was not, the close ends its thread rather than wait longer).
    expect(['PNG', 'Terminating worker thread']).toContain(await drawing);
    // Waiting for a thread when the app closed: refused, not left hanging.
    expect(await waitingResult).toBe('AbortError');
    expect(png.inFlight()).toBe(0);
    // After the close: a 503 with our text, at once.
    await expect(png.render(SLOW_SVG)).rejects.toMatchObject({
      statusCode: 503,
      message: messages.pngImages.busy,
    });
  });
});
