import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfirmBookResponse,
  CreateGridBody,
  CreateGridResponse,
  SetResetDateBody,
  SetResetDateResponse,
} from '../../../lib/schemas/admin';
import { BookParams } from '../../../lib/schemas/books';
import { requireAdmin } from '../../http/viewer';
import type { AppDeps } from '../../app-deps';
import { createAdminService } from './admin.service';

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createAdminService(deps.database);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put('/api/admin/reset-date', {
    schema: {
      tags: ['admin'],
      summary: 'Set the reset date (stored as the end of that day)',
      body: SetResetDateBody,
      response: { 200: SetResetDateResponse },
    },
    handler: async (request) =>
      service.setResetDate(await requireAdmin(request), request.body.date),
  });

  api.post('/api/admin/grids', {
    schema: {
      tags: ['admin'],
      summary: 'Create the shared grid with its 16 challenges',
      body: CreateGridBody,
      response: { 201: CreateGridResponse },
    },
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const created = await service.createGrid(admin, request.body);
      return reply.status(201).send(created);
    },
  });

  api.post('/api/admin/books/:isbn/confirm', {
    schema: {
      tags: ['admin'],
      summary:
        "Confirm a book only a reader's import knew, so every reader's search finds it (issue 8)",
      params: BookParams,
      response: { 200: ConfirmBookResponse },
    },
    handler: async (request) => {
      return service.confirmBook(await requireAdmin(request), request.params.isbn);
    },
  });
}
