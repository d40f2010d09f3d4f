import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_PER_ADDRESS } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import { connectToEvents } from '../helpers/live-events';
import { createGuest, createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Guests cost nothing to make, so the per-reader stream cap does not bound one address: without
 * a cap of its own, one address could fill the server-wide LIVE_STREAMS_MAX and leave every
 * reader without live updates. RATE_LIMIT_SCALE brings LIVE_STREAMS_PER_ADDRESS down to 3 here;
 * the app sits behind a proxy on this machine (TRUST_PROXY=loopback), so each request names
 * its client's address in X-Forwarded-For.
 */
const CAP = 3;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_SCALE: String(CAP / LIVE_STREAMS_PER_ADDRESS),
    TRUST_PROXY: 'loopback',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const connect = (cookie: string, client = '203.0.113.5') =>
  connectToEvents(port, { cookie, 'x-forwarded-for': client });

describe('live-event streams from one address', () => {
  it('refuses a stream past the address cap, whichever guest asks, and frees a slot on close', async () => {
    const guests = await Promise.all(Array.from({ length: CAP + 1 }, () => createGuest(t.app)));
    const open = [];
    for (const guest of guests.slice(0, CAP)) {
      const connection = await connect(guest);
      expect(connection.response.statusCode).toBe(200);
      open.push(connection);
    }
    const refused = await connect(guests[CAP]!);
    expect(refused.response.statusCode).toBe(429);
    expect(JSON.parse(await refused.body())).toEqual({
      error: { code: 'RATE_LIMITED', message: messages.rateLimit.generic },
    });

    // Another address is not held back by this one.
    const elsewhere = await connect(guests[CAP]!, '198.51.100.7');
    expect(elsewhere.response.statusCode).toBe(200);
    elsewhere.close();

    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await connect(guests[CAP]!);
        again.close();
        return again.response.statusCode;
      })
      .toBe(200);
    for (const connection of open) connection.close();
  });

  it('is generous enough for a classroom behind one address', () => {
    expect(LIVE_STREAMS_PER_ADDRESS).toBeGreaterThanOrEqual(100);
  });
});
