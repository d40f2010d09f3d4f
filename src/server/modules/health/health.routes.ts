import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';

const HealthResponse = z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) });

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    schema: {
      tags: ['health'],
      summary: 'Liveness, with a round trip to the database',
      response: { 200: HealthResponse },
    },
    handler: async () => {
      await deps.database.ping();
      return { status: 'ok' as const, db: deps.database.kind };
    },
  });
}
