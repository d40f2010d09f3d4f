import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { deepFreeze } from '../../http/frozen-answers';

const HealthResponse = z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) });

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps) {
  // The same answer every time: frozen, so it is checked and serialized once (frozen-answers.ts).
  const ok = deepFreeze({ status: 'ok' as const, db: deps.database.kind });
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    schema: {
      tags: ['health'],
      summary: 'Liveness, with a round trip to the database',
      response: { 200: HealthResponse },
    },
    // On SQLite the check runs at once and the answer is returned as it is, with no promise
    // to wait on (issue 10: the cheapest answer the app gives, read against a bare Fastify).
    handler: () => {
      const answered = deps.database.ping();
      return answered ? answered.then(() => ok) : ok;
    },
  });
}
