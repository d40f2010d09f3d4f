import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminActionResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  CellParams,
  ConfirmBookResponse,
  CreateGridBody,
  EditCellBody,
  EndGridBody,
  GridParams,
  SetRoleBody,
  UnconfirmedBooksQuery,
  UnconfirmedBooksResponse,
  UserParams,
  CreateGridResponse,
  SetResetDateBody,
  SetResetDateResponse,
} from '../../../lib/schemas/admin';
import { BookParams } from '../../../lib/schemas/books';
import { requireAdmin } from '../../http/viewer';
import type { AppDeps } from '../../app-deps';
import { createAdminService } from './admin.service';

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createAdminService(deps.database, deps);
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

  // Issue 23: the readers page.
  api.get('/api/admin/users', {
    schema: {
      tags: ['admin'],
      summary: 'Readers newest first, 25 a page, found by part of a name, username or email',
      querystring: AdminUsersQuery,
      response: { 200: AdminUsersResponse },
    },
    handler: async (request) => {
      await requireAdmin(request);
      return service.listUsers(request.query.q, request.query.cursor);
    },
  });

  api.put('/api/admin/users/:userId/role', {
    schema: {
      tags: ['admin'],
      summary: "Make a reader an admin, or take it back (never one's own role)",
      params: UserParams,
      body: SetRoleBody,
      response: { 200: AdminActionResponse },
    },
    handler: async (request) =>
      service.setRole(await requireAdmin(request), request.params.userId, request.body),
  });

  api.post('/api/admin/users/:userId/unlock', {
    schema: {
      tags: ['admin'],
      summary: 'End the lock that failed sign-ins put on an account',
      params: UserParams,
      response: { 200: AdminActionResponse },
    },
    handler: async (request) => service.unlock(await requireAdmin(request), request.params.userId),
  });

  api.get('/api/admin/books/unconfirmed', {
    schema: {
      tags: ['admin'],
      summary: "Books only a reader's import knows, waiting to be confirmed or rejected",
      querystring: UnconfirmedBooksQuery,
      response: { 200: UnconfirmedBooksResponse },
    },
    handler: async (request) => {
      await requireAdmin(request);
      return service.unconfirmedBooks(request.query.cursor);
    },
  });

  api.post('/api/admin/books/:isbn/reject', {
    schema: {
      tags: ['admin'],
      summary: 'Turn an imported book down: it stays only with the readers who listed it',
      params: BookParams,
      response: { 200: AdminActionResponse },
    },
    handler: async (request) =>
      service.rejectBook(await requireAdmin(request), request.params.isbn),
  });

  api.put('/api/admin/grids/:gridId/cells/:position', {
    schema: {
      tags: ['admin'],
      summary: 'Correct a square of the current shared card while nobody has placed a book on it',
      params: CellParams,
      body: EditCellBody,
      response: { 200: AdminActionResponse },
    },
    handler: async (request) =>
      service.editCell(
        await requireAdmin(request),
        request.params.gridId,
        request.params.position,
        request.body,
      ),
  });

  api.post('/api/admin/grids/:gridId/end', {
    schema: {
      tags: ['admin'],
      summary: 'End the current shared card early: it becomes a past card',
      params: GridParams,
      body: EndGridBody,
      response: { 200: AdminActionResponse },
    },
    handler: async (request) =>
      service.endGrid(await requireAdmin(request), request.params.gridId, request.body.reason),
  });
}
