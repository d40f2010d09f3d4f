import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENT } from '../../../lib/schemas/bingo';
import { messages } from '../../../lib/messages';
import type { EventHub, LiveEvent } from '../../events/hub';
import { AppError } from '../../http/errors';
import { requireSignedIn } from '../../http/viewer';

/** Proxies close idle connections after about a minute; a comment every 25 s keeps ours open. */
export const KEEP_ALIVE_MS = 25_000;
/** Tabs one user may keep listening at once. */
export const MAX_CONNECTIONS_PER_USER = 10;
/** How long a browser waits before reconnecting after a drop. */
const RETRY_MS = 5_000;

function format(event: LiveEvent): string {
  switch (event.type) {
    case 'points':
      return `event: ${LIVE_EVENT.points}\ndata: ${JSON.stringify({ totalPoints: event.totalPoints })}\n\n`;
    case 'leaderboard':
      return `event: ${LIVE_EVENT.leaderboard}\ndata: {}\n\n`;
  }
}

/**
 * GET /api/events: Server-Sent Events for the signed-in viewer (guests too): their own
 * `points`, and `leaderboard` whenever anyone's points change.
 */
export function registerEventRoutes(app: FastifyInstance, hub: EventHub) {
  // Open streams would otherwise keep app.close() (and a test run) waiting for ever.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });

  app.get('/api/events', {
    schema: { tags: ['events'], summary: 'Live updates (text/event-stream)' },
    handler: async (request, reply) => {
      const viewer = await requireSignedIn(request);
      if (hub.connectionsOf(viewer.id) >= MAX_CONNECTIONS_PER_USER) {
        throw new AppError(429, 'RATE_LIMITED', messages.rateLimit.generic);
      }
      const stream = new PassThrough();
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref();
      const cleanUp = () => {
        clearInterval(keepAlive);
        unsubscribe();
        if (!stream.writableEnded) stream.end();
      };
      const unsubscribe = hub.subscribe(viewer.id, (event) => stream.write(format(event)), cleanUp);
      reply.raw.once('close', cleanUp);
      stream.once('close', cleanUp);
      stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });
}
