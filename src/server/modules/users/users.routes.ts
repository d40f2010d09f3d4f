import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MeResponse, type CurrentUser } from '../../../lib/schemas/me';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../http/viewer';
import { createUsersRepository } from './users.repository';

type ProfileRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findProfile']>>
>;

/** Maps the viewer and their row to the browser's user; no other column leaves the server. */
export function toCurrentUser(viewer: Viewer, row: ProfileRow): CurrentUser {
  return {
    id: viewer.id,
    email: viewer.email,
    username: viewer.username,
    name: row.name,
    // SPEC.md section 3: name, else email, else 'Guest User'.
    displayName: viewer.isAnonymous ? 'Guest User' : row.name || row.email || 'Guest User',
    role: viewer.role,
    isAnonymous: viewer.isAnonymous,
    isAdmin: viewer.isAdmin,
    points: Number(row.points),
    bio: row.bio,
    avatar: row.avatar,
  };
}

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps) {
  const users = createUsersRepository(deps.database.db);
  app.withTypeProvider<ZodTypeProvider>().get('/api/me', {
    schema: {
      tags: ['users'],
      summary: 'The signed-in account, or null',
      response: { 200: MeResponse },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const viewer = await request.viewer();
      if (!viewer) return { user: null };
      const row = await users.findProfile(viewer.id);
      return { user: row ? toCurrentUser(viewer, row) : null };
    },
  });
}
