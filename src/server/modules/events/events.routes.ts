import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENT } from '../../../lib/schemas/bingo';
import { LIVE_STREAMS_MAX, LIVE_STREAMS_PER_ADDRESS } from '../../../lib/limits';
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
  }
}

/** The same bytes go to every stream: built once, not once a stream. */
const LEADERBOARD_TEXT = `event: ${LIVE_EVENT.leaderboard}\ndata: {}\n\n`;

function format(event: LiveEvent): string {
  switch (event.type) {
    case 'points':
      return `event: ${LIVE_EVENT.points}\ndata: ${JSON.stringify({ totalPoints: event.totalPoints })}\n\n`;
    case 'leaderboard':
      return LEADERBOARD_TEXT;
  }
}

/**
 * GET /api/events: Server-Sent Events for the signed-in viewer (guests too): their own
 * `points`, and `leaderboard` when anyone's points change (at most one a second, the last
 * always sent: the hub coalesces and writes off the request path, decision 028). Each open stream holds a socket
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

  app.get('/api/events', {
    schema: { tags: ['events'], summary: 'Live updates (text/event-stream)' },
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
      const stream = new PassThrough();
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref();
      const cleanUp = () => {
        clearInterval(keepAlive);
        unsubscribe();
        if (!stream.writableEnded) stream.end();
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
        { userId: viewer.id, address },
        (event) => stream.write(format(event)),
        cleanUp,
        checkSession,
      );
      reply.raw.once('close', cleanUp);
      stream.once('close', cleanUp);
      // A client gone before the listeners were on would otherwise keep its slots for ever.
      if (reply.raw.destroyed) cleanUp();
      else stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });
}
