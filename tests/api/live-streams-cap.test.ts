import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_MAX } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import { connectToEvents } from '../helpers/live-events';
import { call, createTestApp, createUser, errorOf, type TestApp } from '../helpers/test-app';

/**
 * Issue 8: something caps live-event streams server-wide, not only per reader. The cap is
 * LIVE_STREAMS_MAX; this app lowers it to 3 (config.liveStreamsMax) so a test can reach it.
 */
const CAP = 3;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({}, { config: { liveStreamsMax: CAP } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const connect = (cookie: string) => connectToEvents(port, { cookie });

describe('live-event streams across the whole server', () => {
  it('refuses the stream past the cap with 503 and our text, and frees a slot on close', async () => {
    const readers = await Promise.all(Array.from({ length: CAP + 1 }, () => createUser(t.app)));
    // One stream each: the per-reader cap never comes into it.
    const open = [];
    for (const reader of readers.slice(0, CAP)) {
      const connection = await connect(reader.cookie);
      expect(connection.response.statusCode).toBe(200);
      open.push(connection);
    }
    const last = readers[CAP]!;
    const refused = await connect(last.cookie);
    refused.close();
    expect(refused.response.statusCode).toBe(503);
    const answer = await call(t.app, 'GET', '/api/events', { cookie: last.cookie });
    expect(answer.statusCode).toBe(503);
    expect(errorOf(answer)).toEqual({
      code: 'LIVE_UPDATES_FULL',
      message: messages.generic.liveUpdatesFull,
    });
    expect(answer.headers['retry-after']).toBe('60');

    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await connect(last.cookie);
        again.close();
        return again.response.statusCode;
      })
      .toBe(200);
    for (const connection of open) connection.close();
  });

  it('is a few thousand by default', () => {
    expect(LIVE_STREAMS_MAX).toBeGreaterThanOrEqual(1000);
  });
});
