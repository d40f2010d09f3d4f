import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogQuery, AuditLogResponse } from '../../../lib/schemas/audit';
import type { AppDeps } from '../../app-deps';
import { requireAdmin } from '../../http/viewer';
import { createAuditService } from './audit.service';

/** The audit log, read-only: no route updates or deletes an entry (issue 23). */
export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createAuditService(deps.database);
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/audit', {
    schema: {
      tags: ['admin'],
      summary: 'What admins and moderators did, newest first, 50 a page',
      querystring: AuditLogQuery,
      response: { 200: AuditLogResponse },
    },
    handler: async (request) => {
      await requireAdmin(request);
      return service.list(request.query.cursor);
    },
  });
}
