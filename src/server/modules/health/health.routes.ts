import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { deepFreeze } from '../../http/frozen-answers';

const HealthResponse = z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) });
const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  db: z.enum(['ok', 'unreachable']),
});

/** How long readiness waits for the database before it says the instance is not ready. */
const READY_TIMEOUT_MS = 2_000;

/**
 * Two checks a deployment asks different questions of (issue 27):
 * - GET /api/health, liveness: the process answers on its event loop. It touches nothing
 *   outside the process, so a database that is slow or away never gets a healthy instance
 *   restarted, and a load balancer's frequent check costs no database round trip.
 * - GET /api/ready, readiness: the database answers a query within 2 s; 503 otherwise, so a
 *   load balancer sends no readers to an instance that could not serve them. Redis is not
 *   part of it: without Redis an instance still serves (decision 012).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps) {
  // The same answer every time: frozen, so it is checked and serialized once (frozen-answers.ts).
  const ok = deepFreeze({ status: 'ok' as const, db: deps.database.kind });
  const ready = deepFreeze({ status: 'ready' as const, db: 'ok' as const });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/health', {
    schema: {
      tags: ['health'],
      summary: 'Liveness: the process answers (no database round trip; see /api/ready)',
      response: { 200: HealthResponse },
    },
    handler: () => ok,
  });

  api.get('/api/ready', {
    schema: {
      tags: ['health'],
      summary: 'Readiness: the database answers within 2 s (503 when it does not)',
      response: { 200: ReadyResponse, 503: ReadyResponse },
    },
    handler: async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(() => deps.database.ping()),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
          }),
        ]);
        return ready;
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database did not answer');
        return reply.status(503).send({ status: 'unavailable', db: 'unreachable' });
      } finally {
        clearTimeout(timer);
      }
    },
  });
}
