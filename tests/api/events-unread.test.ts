import { connect as connectTcp, type AddressInfo, type Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_UNSENT_MAX } from '../../src/lib/limits';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** `GET /api/events` on a TCP socket; resolves once the answer's head has arrived. */
async function openStream(cookie: string): Promise<{ socket: Socket; head: string }> {
  const socket = connectTcp(port, '127.0.0.1');
  socket.write(
    `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\n` +
      `Cookie: ${cookie}\r\n\r\n`,
  );
  let raw = '';
  await new Promise<void>((resolve, reject) => {
    socket.setEncoding('latin1');
    socket.on('error', reject);
    const onData = (text: string) => {
      raw += text;
      if (!raw.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      resolve();
    };
    socket.on('data', onData);
  });
  return { socket, head: raw.slice(0, raw.indexOf('\r\n\r\n')) };
}

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
    const { socket, head } = await openStream(stalled.cookie);
    expect(head).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(t.app.liveEvents.connectionsOf(stalled.id)).toBe(1);

    // The client reads no more: the kernel's buffers fill, then the server's.
    socket.pause();
    let ended = false;
    socket.on('close', () => (ended = true));
    // Loopback's socket buffers hold a few MB; a total's event is about 50 bytes.
    await sendTotals(stalled.id, () => t.app.liveEvents.connectionsOf(stalled.id) === 0, 400_000);

    expect(t.app.liveEvents.connectionsOf(stalled.id)).toBe(0);
    // The server let go of the socket: the client's side closes once it reads again.
    socket.resume();
    await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
  });

  it('keeps a stream that reads, however many events it is sent', async () => {
    const reader = await createUser(t.app);
    const { socket } = await openStream(reader.cookie);
    let received = 0;
    socket.on('data', (text: string) => (received += text.length));

    // Many times the cap, sent as fast as the hub writes them.
    const turns = Math.ceil((LIVE_STREAM_UNSENT_MAX * 20) / 40);
    await sendTotals(reader.id, () => false, turns);

    expect(t.app.liveEvents.connectionsOf(reader.id)).toBe(1);
    await expect
      .poll(() => received, { timeout: 5000 })
      .toBeGreaterThan(LIVE_STREAM_UNSENT_MAX * 20);
    socket.destroy();
  });
});
