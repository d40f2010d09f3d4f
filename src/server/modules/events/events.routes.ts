import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_EVENT, LiveEventsQuery } from '../../../lib/schemas/bingo';
import {
  LIVE_STREAM_UNSENT_MAX,
  LIVE_STREAMS_MAX,
  LIVE_STREAMS_PER_ADDRESS,
} from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import type { EventHub, LiveEvent } from '../../events/hub';
import { AppError } from '../../http/errors';
import { scaleRateLimit } from '../../http/rate-limits';
import { lookUpSession, requireSignedIn } from '../../http/viewer';

/** Proxies close idle connections after about a minute; a comment every 25 s keeps ours open. */
export const KEEP_ALIVE_MS = 25_000;
/** Tabs one user may keep listening at once. */
export const MAX_CONNECTIONS_PER_USER = 10;
/** How long a browser waits before reconnecting after a drop. */
const RETRY_MS = 5_000;
/** What a refused stream is told to wait before asking again, in seconds. */
const FULL_RETRY_AFTER_S = 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live-update hub, for the fan-out bench and tests to watch it write. */
    liveEvents: EventHub;
  }
}

declare module '../../config' {
  interface AppConfig {
    /**
     * Replaces LIVE_STREAMS_MAX: the environment's LIVE_STREAMS_MAX, or code that builds the
     * config (a test that reaches the cap with a few streams).
     */
    liveStreamsMax?: number;
    /**
     * Replaces LEADERBOARD_WINDOW_MS: code that builds the config (a test that waits out the
     * windows of many updates). Not an environment setting: the window is the product's.
     */
    leaderboardWindowMs?: number;
  }
}

/** One event's text as the body carries it: a chunk of its own when the answer is chunked. */
function framed(text: string, chunked: boolean): Buffer {
  const bytes = Buffer.from(text);
  return chunked
    ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')])
    : bytes;
}

/** The same bytes go to every stream: built once, not once a stream or a write. */
const LEADERBOARD_TEXT = `event: ${LIVE_EVENT.leaderboard}\ndata: {}\n\n`;
const LEADERBOARD_BYTES = {
  chunked: framed(LEADERBOARD_TEXT, true),
  plain: framed(LEADERBOARD_TEXT, false),
};

function format(event: LiveEvent): string {
  switch (event.type) {
    case 'points':
      return `event: ${LIVE_EVENT.points}\ndata: ${JSON.stringify({ totalPoints: event.totalPoints })}\n\n`;
    case 'leaderboard':
      return LEADERBOARD_TEXT;
  }
}

/**
 * How an open stream's events are written (decision 028). Through Node's response every write
 * costs a cork, a tick and a four-part writev for the chunk's framing (a PassThrough piped into
 * it cost as much again): most of an instance's CPU with 10,000 streams. Once the response's
 * head and first bytes are on its socket, later writes go straight to the socket, framed as
 * the response frames its body; the leaderboard's bytes are the same Buffer for every stream.
 * Node still ends the response (its last chunk), after everything written here. A response
 * whose socket is not a TCP socket (app.inject's) is written through Node's response.
 * A stream whose client left more than LIVE_STREAM_UNSENT_MAX bytes unread is ended instead of
 * written: its socket is destroyed, and its 'close' frees its slot.
 */
function eventWriter(response: ServerResponse) {
  const socket = response.socket instanceof Socket ? response.socket : null;
  const chunked = response.chunkedEncoding;
  return (text: string, bytes?: { chunked: Buffer; plain: Buffer }) => {
    if (response.writableEnded) return;
    if ((socket ?? response).writableLength > LIVE_STREAM_UNSENT_MAX) {
      (socket ?? response).destroy();
      return;
    }
    if (!socket) {
      response.write(text);
      return;
    }
    if (!socket.writable) return;
    if (bytes) socket.write(chunked ? bytes.chunked : bytes.plain);
    else socket.write(framed(text, chunked));
  };
}

/**
 * GET /api/events?boards=…: Server-Sent Events for the signed-in viewer (guests too): their own
 * `points`, and `leaderboard` when a board the page shows (`boards`, LIVE_BOARDS; all of them
 * when left out) changed: the Friends board on their own or a friend's points, their club's
 * board, the Global Top 10 (at most one a second, the last always sent: the hub coalesces,
 * targets and writes off the request path, decision 028). Each open stream holds a socket
 * and a listener, so there are at most MAX_CONNECTIONS_PER_USER a reader (429),
 * LIVE_STREAMS_PER_ADDRESS an address (429) and LIVE_STREAMS_MAX on the instance (issue 8);
 * past the last, 503 with Retry-After, and the page refetches instead.
 */
export function registerEventRoutes(app: FastifyInstance, hub: EventHub) {
  const { config } = app.deps;
  const maxStreams = config.liveStreamsMax ?? LIVE_STREAMS_MAX;
  app.decorate('liveEvents', hub);
  // Per address too, on this instance: guests cost nothing, so readers alone bound nothing.
  const perAddress = scaleRateLimit({ max: LIVE_STREAMS_PER_ADDRESS }, config.rateLimitScale);
  // Open streams would otherwise keep app.close() (and a test run) waiting for ever.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/events', {
    schema: {
      tags: ['events'],
      summary: 'Live updates (text/event-stream)',
      querystring: LiveEventsQuery,
    },
    handler: async (request, reply) => {
      const viewer = await requireSignedIn(request);
      const address = request.ip;
      if (
        hub.connectionsOf(viewer.id) >= MAX_CONNECTIONS_PER_USER ||
        (perAddress && hub.connectionsFrom(address) >= perAddress.max)
      ) {
        throw new AppError(429, 'RATE_LIMITED', messages.rateLimit.generic);
      }
      if (hub.connectionCount() >= maxStreams) {
        void reply.header('retry-after', String(FULL_RETRY_AFTER_S));
        throw new AppError(503, 'LIVE_UPDATES_FULL', messages.generic.liveUpdatesFull);
      }
      // Written by hand from here on: Fastify's reply would pipe a stream into the response.
      // Its headers so far (the API's security headers) go out with the head.
      reply.hijack();
      const response = reply.raw;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      // The head and the first bytes reach the socket now: what is written to it later follows.
      response.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const write = eventWriter(response);
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref();
      const cleanUp = () => {
        clearInterval(keepAlive);
        unsubscribe();
        if (!response.writableEnded) response.end();
      };
      // The reader's sessions changed somewhere: this stream ends unless its own still holds
      // (a profile edit or a sign-out on another device leaves it open).
      const checkSession = () => {
        lookUpSession(app.deps.auth, request).then(
          (current) => current?.id === viewer.id || cleanUp(),
          cleanUp,
        );
      };
      const unsubscribe = hub.subscribe(
        { userId: viewer.id, address, boards: request.query.boards },
        (event) =>
          event.type === 'leaderboard'
            ? write(LEADERBOARD_TEXT, LEADERBOARD_BYTES)
            : write(format(event)),
        cleanUp,
        checkSession,
      );
      response.once('close', cleanUp);
      // A client gone before the listeners were on would otherwise keep its slots for ever.
      if (response.destroyed) cleanUp();
    },
  });
}
