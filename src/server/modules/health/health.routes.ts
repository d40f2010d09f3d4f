import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompiledQuery } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { runCompiled } from '../../db/compiled-once';
import { deepFreeze } from '../../http/frozen-answers';

/**
 * The round trip: like any compiled read, at once when SQLite's connection is free and after
 * another's open transaction otherwise (the import-stall test asks while an import writes).
 */
const SELECT_ONE = CompiledQuery.raw('select 1');

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
    handler: async () => {
      await runCompiled(deps.database.db, SELECT_ONE, []);
      return ok;
    },
  });
}
