import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResetDateResponse } from '../../../lib/schemas/admin';
import { requireSignedIn } from '../../http/viewer';
import type { AppDeps } from '../../app-deps';
import { createSettingsRepository, RESET_DATE_KEY } from './settings.repository';

/** Public-to-readers settings: the reset date the days-left badge counts down to. */
export function registerSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const settings = createSettingsRepository(deps.database.db, deps.database.kind);
  app.withTypeProvider<ZodTypeProvider>().get('/api/settings/reset-date', {
    schema: {
      tags: ['settings'],
      summary: 'The date the current challenge ends',
      response: { 200: ResetDateResponse },
    },
    handler: async (request) => {
      await requireSignedIn(request);
      return { resetDate: await settings.get(RESET_DATE_KEY) };
    },
  });
}
