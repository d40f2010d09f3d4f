import { ServerResponse } from 'node:http';
import { connect as connectTcp, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import { LIVE_EVENT } from '../../src/lib/schemas/bingo';
import { MAX_CONNECTIONS_PER_USER } from '../../src/server/modules/events/events.routes';
import { LEADERBOARD_WINDOW_MS } from '../../src/server/events/hub';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { addBooks, FILLER_BOOKS } from '../helpers/books';
import { connectToEvents, listen as listenOn } from '../helpers/live-events';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  signIn,
  TEST_ORIGIN,
  type TestApp,
  mailedResetToken,
} from '../helpers/test-app';

let t: TestApp;
let grid: TestGrid;
const FILLERS = FILLER_BOOKS.map((b) => b.isbn13);

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app);
  grid = await createGrid(t.app);
});
// Open streams are still open here: closing must not wait for them.
afterAll(() => t.close());

/** Opens GET /api/events on `app` (this file's app by default). */
const listen = (cookie: string, app: TestApp = t) => listenOn(app.app, cookie);

describe('GET /api/events', () => {
  it('refuses signed-out visitors with JSON', async () => {
    const response = await call(t.app, 'GET', '/api/events');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(messages.access.loginRequired);
  });

  it('opens an uncached event stream for a signed-in reader', async () => {
    const reader = await createUser(t.app);
    const { response, reader: events } = await listen(reader.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    await expect.poll(() => events.comments).toContain('connected');
  });

  it('tells the reader their new points, and everyone that the leaderboard changed', async () => {
    const [placer, watcher] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const guest = await createGuest(t.app);
    const mine = await listen(placer.cookie);
    const secondTab = await listen(placer.cookie);
    const theirs = await listen(watcher.cookie);
    const guests = await listen(guest);

    await placeOk(t.app, placer.cookie, grid.cells[0]!, FILLERS[0]!);
    for (const tab of [mine, secondTab]) {
      const [points] = await tab.reader.waitFor(LIVE_EVENT.points);
      expect(JSON.parse(points!.data)).toEqual({ totalPoints: 10 });
      await tab.reader.waitFor(LIVE_EVENT.leaderboard);
    }
    await theirs.reader.waitFor(LIVE_EVENT.leaderboard);
    await guests.reader.waitFor(LIVE_EVENT.leaderboard);
    // Someone else's points are none of the watcher's business.
    expect(theirs.reader.messages.filter((m) => m.event === LIVE_EVENT.points)).toEqual([]);

    await call(t.app, 'DELETE', `/api/bingo/grids/${grid.id}/placements`, {
      cookie: placer.cookie,
    });
    const points = await mine.reader.waitFor(LIVE_EVENT.points, 2);
    expect(JSON.parse(points[1]!.data)).toEqual({ totalPoints: 0 });
  });

  it("ends a stream once its reader's sessions are revoked: a stolen one hears no more", async () => {
    const owner = await createUser(t.app);
    const stolen = await signIn(t.app, owner.email, owner.password);
    const { response, reader } = await listen(stolen);
    await expect.poll(() => reader.comments).toContain('connected');
    const ended = new Promise<void>((resolve) => response.stream().on('end', resolve).resume());

    // The owner resets the password: every session of the account ends, and so does the stream.
    const token = await mailedResetToken(t, owner.email);
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'New-Hedgehog-2' },
    });
    expect(reset.statusCode).toBe(200);
    await ended;

    // The browser's reconnect is refused; the stream's slot is free again.
    const again = await call(t.app, 'GET', '/api/events', { cookie: stolen });
    expect(again.statusCode).toBe(401);
  });

  it('keeps a stream whose session still holds: a profile edit or a sign-out elsewhere does not end it', async () => {
    const reader = await createUser(t.app);
    const phone = await signIn(t.app, reader.email, reader.password);
    const { reader: events } = await listen(reader.cookie);
    await expect.poll(() => events.comments).toContain('connected');

    const edit = await call(t.app, 'PATCH', '/api/profile', {
      cookie: reader.cookie,
      body: { bio: 'Reads under hedges.' },
    });
    expect(edit.statusCode).toBe(200);
    const out = await call(t.app, 'POST', '/api/auth/sign-out', { body: {}, cookie: phone });
    expect(out.statusCode).toBe(200);

    // Both changes reached the stream's check; its own session holds, so it still hears.
    await placeOk(t.app, reader.cookie, grid.cells[2]!, FILLERS[4]!);
    const [points] = await events.waitFor(LIVE_EVENT.points);
    expect(JSON.parse(points!.data)).toEqual({ totalPoints: 10 });
  });

  it('stays quiet when nothing was earned', async () => {
    const placer = await createUser(t.app);
    await placeOk(t.app, placer.cookie, grid.cells[0]!, FILLERS[1]!);
    const { reader } = await listen(placer.cookie);
    // Replacing a book earns nothing: no event.
    await placeOk(t.app, placer.cookie, grid.cells[0]!, FILLERS[2]!);
    // A later earning event proves the stream works and nothing came before it.
    await placeOk(t.app, placer.cookie, grid.cells[1]!, FILLERS[3]!);
    const points = await reader.waitFor(LIVE_EVENT.points);
    expect(points.map((m) => JSON.parse(m.data) as unknown)).toEqual([{ totalPoints: 20 }]);
  });
});

describe('fan-out off the request path (issue 27, decision 028)', () => {
  it("ends a placement's answer before any stream is written; the reader's points and a leaderboard update follow", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const placer = await createUser(t.app);
    const order: string[] = [];
    const off = t.app.liveEvents.subscribe(
      { userId: placer.id, address: 'probe' },
      (event) => order.push(event.type),
      () => undefined,
      () => undefined,
    );
    const { reader } = await listen(placer.cookie);
    await expect.poll(() => reader.comments).toContain('connected');
    // The tests above placed books and signed readers up within the last second: their trailing
    // leaderboard update reached the probe first on a slow run. Their window ends first, and
    // what the probe heard meanwhile is not this placement's.
    await new Promise((resolve) => setTimeout(resolve, LEADERBOARD_WINDOW_MS + 200));
    order.length = 0;
    // The moment the server hands the placement's answer to its socket.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was below
    const end = ServerResponse.prototype.end;
    ServerResponse.prototype.end = function (this: ServerResponse, ...args: unknown[]) {
      if (this.req?.url === '/api/bingo/placements') order.push('answer');
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof end;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/bingo/placements`, {
        method: 'POST',
        headers: { cookie: placer.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ cellId: grid.cells[5]!, isbn: FILLERS[5]! }),
      });
      expect(response.status).toBe(200);
      const [points] = await reader.waitFor(LIVE_EVENT.points);
      expect(JSON.parse(points!.data)).toEqual({ totalPoints: 10 });
      // At once, or when a window opened by the updates above ends.
      await expect.poll(() => order, { timeout: 3000 }).toContain('leaderboard');
    } finally {
      ServerResponse.prototype.end = end;
      off();
    }
    expect(order[0]).toBe('answer');
    expect(order).toContain('points');
    expect(order).toContain('leaderboard');
  });

  it('coalesces leaderboard updates to one a second, the last change always written', async () => {
    const [placer, watcher] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const { reader } = await listen(watcher.cookie);
    await expect.poll(() => reader.comments).toContain('connected');
    const arrivals: number[] = [];
    const seen = () => reader.messages.filter((m) => m.event === LIVE_EVENT.leaderboard).length;
    const note = setInterval(() => {
      while (arrivals.length < seen()) arrivals.push(Date.now());
    }, 5);

    // An earlier test's window has ended: the first change below is written at once.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    for (const [i, cell] of [6, 7, 8].entries()) {
      await placeOk(t.app, placer.cookie, grid.cells[cell]!, FILLERS[6 + i]!);
    }
    // Three changes within the window: one write at once, one trailing a second later with the
    // last change, then nothing more.
    await expect.poll(() => arrivals.length, { timeout: 3000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    clearInterval(note);
    expect(arrivals.length).toBe(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(900);
    // Points are never held back: the watcher heard none, the placer's own are per reader.
    expect(reader.messages.filter((m) => m.event === LIVE_EVENT.points)).toEqual([]);
  });
});

describe('over a real socket', () => {
  let own: TestApp;
  let port: number;
  let closed = false;
  beforeAll(async () => {
    own = await createTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    port = (own.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (!closed) await own.close();
  });

  const connect = (cookie: string) => connectToEvents(port, { cookie });

  it('caps the streams one reader keeps open, and frees a slot when one closes', async () => {
    const reader = await createUser(own.app);
    const open = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i += 1) {
      const connection = await connect(reader.cookie);
      expect(connection.response.statusCode).toBe(200);
      open.push(connection);
    }
    const refused = await call(own.app, 'GET', '/api/events', { cookie: reader.cookie });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.rateLimit.generic);

    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await connect(reader.cookie);
        again.close();
        return again.response.statusCode;
      })
      .toBe(200);
  });

  // The catalogue and a card on this file's second app, made once by whichever test needs them.
  let ownCard: Promise<TestGrid> | undefined;
  const cardOfOwnApp = () => (ownCard ??= addBooks(own.app).then(() => createGrid(own.app)));
  /** `GET /api/events` written by hand on a TCP socket, to read the answer's bytes as they are. */
  const rawEventsRequest = (cookie: string, httpVersion: '1.0' | '1.1') => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.write(
      `GET /api/events HTTP/${httpVersion}\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\n` +
        `Cookie: ${cookie}\r\n\r\n`,
    );
    return socket;
  };

  it('frames every event as its own chunk on the socket, exact to the byte, none lost', async () => {
    const ownGrid = await cardOfOwnApp();
    const reader = await createUser(own.app);
    const socket = rawEventsRequest(reader.cookie, '1.1');
    let raw = Buffer.alloc(0);
    socket.on('data', (bytes: Buffer) => (raw = Buffer.concat([raw, bytes])));
    // The head, then chunks read strictly: hex size, CRLF, exactly that many bytes, CRLF.
    const decoded = () => {
      const headEnd = raw.indexOf('\r\n\r\n');
      if (headEnd < 0) return null;
      const head = raw.subarray(0, headEnd).toString('latin1');
      let body = '';
      let at = headEnd + 4;
      for (;;) {
        const sizeEnd = raw.indexOf('\r\n', at);
        if (sizeEnd < 0) break;
        const sizeText = raw.subarray(at, sizeEnd).toString('latin1');
        expect(sizeText).toMatch(/^[0-9a-f]+$/);
        const size = parseInt(sizeText, 16);
        if (raw.length < sizeEnd + 2 + size + 2) break;
        expect(raw.subarray(sizeEnd + 2 + size, sizeEnd + 4 + size).toString('latin1')).toBe(
          '\r\n',
        );
        body += raw.subarray(sizeEnd + 2, sizeEnd + 2 + size).toString('utf8');
        at = sizeEnd + 4 + size;
      }
      return { head, body, partial: raw.length - at };
    };
    const connected = `retry: 5000\n: connected\n\n`;
    await expect.poll(() => decoded()?.body).toBe(connected);
    expect(decoded()!.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(decoded()!.head.toLowerCase()).toContain('transfer-encoding: chunked');
    expect(decoded()!.head.toLowerCase()).toContain(
      'content-type: text/event-stream; charset=utf-8',
    );
    expect(decoded()!.head.toLowerCase()).toContain("content-security-policy: default-src 'none'");

    // Two placements within a window: each total, one leaderboard update at once and the
    // trailing one a window later.
    await placeOk(own.app, reader.cookie, ownGrid.cells[0]!, FILLERS[0]!);
    await placeOk(own.app, reader.cookie, ownGrid.cells[1]!, FILLERS[1]!);
    const points = (total: number) =>
      `event: ${LIVE_EVENT.points}\ndata: {"totalPoints":${total}}\n\n`;
    const leaderboard = `event: ${LIVE_EVENT.leaderboard}\ndata: {}\n\n`;
    const blocks = () => decoded()!.body.split(/(?<=\n\n)/);
    await expect
      .poll(() => blocks().filter((b) => b === leaderboard).length, { timeout: 3000 })
      .toBe(2);
    const seen = blocks();
    expect(seen[0]).toBe(connected);
    // Whole events and nothing else: each total (the latest may stand for an earlier one in
    // the same turn), the update at once and the trailing one, last.
    for (const block of seen.slice(1))
      expect([points(10), points(20), leaderboard]).toContain(block);
    expect(seen.filter((b) => b !== leaderboard).at(-1)).toBe(points(20));
    expect(seen.at(-1)).toBe(leaderboard);
    expect(decoded()!.partial).toBe(0);
    socket.destroy();
  });

  it('writes the bare events, unchunked, to an HTTP/1.0 client', async () => {
    const ownGrid = await cardOfOwnApp();
    const reader = await createUser(own.app);
    const socket = rawEventsRequest(reader.cookie, '1.0');
    let raw = '';
    socket.setEncoding('latin1').on('data', (text: string) => (raw += text));
    const body = () => raw.slice(raw.indexOf('\r\n\r\n') + 4);
    await expect.poll(() => raw).toContain('\r\n\r\n');
    expect(raw.toLowerCase()).not.toContain('transfer-encoding');
    await placeOk(own.app, reader.cookie, ownGrid.cells[0]!, FILLERS[0]!);
    const points = `event: ${LIVE_EVENT.points}\ndata: {"totalPoints":10}\n\n`;
    await expect.poll(() => body()).toContain(points);
    expect(body().startsWith(`retry: 5000\n: connected\n\n`)).toBe(true);
    // Nothing but whole events: no chunk sizes between them.
    expect(
      body()
        .split(/(?<=\n\n)/)
        .every((b) => /^(retry|event): /.test(b)),
    ).toBe(true);
    socket.destroy();
  });

  it('ends open streams when the app closes instead of waiting for them', async () => {
    const user = await createUser(own.app);
    const { response } = await connect(user.cookie);
    expect(response.statusCode).toBe(200);
    const ended = new Promise<void>((resolve) => response.on('end', resolve).resume());

    const started = Date.now();
    await own.close();
    closed = true;
    await ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
