import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_UNSENT_MAX } from '../../src/lib/limits';
import { connectToEvents } from '../helpers/live-events';
import { createTestApp, createUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends the reader a new total each turn (the hub writes one a turn) until `done` or `turns`. */
async function sendTotals(userId: string, done: () => boolean, turns: number) {
  for (let total = 1; total <= turns && !done(); total += 1) {
    t.app.liveEvents.publishPoints(userId, total);
    await nextTurn();
    await nextTurn();
  }
}

describe('a stream whose client stops reading', () => {
  it('is ended once its unsent events pass LIVE_STREAM_UNSENT_MAX, and frees its slot', async () => {
    const stalled = await createUser(t.app);
    // Its body is never read: past the client's own buffer, the kernel's fill, then the server's.
    const { response } = await connectToEvents(port, { cookie: stalled.cookie });
    expect(response.statusCode).toBe(200);
    expect(t.app.liveEvents.connectionsOf(stalled.id)).toBe(1);
    let ended = false;
    response.socket.on('close', () => (ended = true));
    // Loopback's socket buffers hold a few MB; a total's event is about 50 bytes.
    await sendTotals(stalled.id, () => t.app.liveEvents.connectionsOf(stalled.id) === 0, 400_000);

    expect(t.app.liveEvents.connectionsOf(stalled.id)).toBe(0);
    // The server let go of the socket: the client's side closes once it reads again.
    response.resume();
    await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
  });

  it('keeps a stream that reads, however many events it is sent', async () => {
    const reader = await createUser(t.app);
    const { response, close } = await connectToEvents(port, { cookie: reader.cookie });
    let received = 0;
    response.on('data', (bytes: Buffer) => (received += bytes.length));

    // Many times the cap, sent as fast as the hub writes them.
    const turns = Math.ceil((LIVE_STREAM_UNSENT_MAX * 20) / 40);
    await sendTotals(reader.id, () => false, turns);

    expect(t.app.liveEvents.connectionsOf(reader.id)).toBe(1);
    await expect
      .poll(() => received, { timeout: 5000 })
      .toBeGreaterThan(LIVE_STREAM_UNSENT_MAX * 20);
    close();
  });
});
