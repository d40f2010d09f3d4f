import type { FastifyInstance } from 'fastify';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import type { BingoCardResponse, PlaceBookResponse } from '../../src/lib/schemas/bingo';
import { call, createUser, type TestUser } from './test-app';

export interface TestGrid {
  id: string;
  /** Cell ids by position 0-15. */
  cells: string[];
}

/** Creates a grid through the admin route; it becomes the current grid. */
export async function createGrid(
  app: FastifyInstance,
  options: { admin?: TestUser; title?: string } = {},
): Promise<TestGrid> {
  const admin = options.admin ?? (await createUser(app, { role: 'admin' }));
  const created = await call(app, 'POST', '/api/admin/grids', {
    cookie: admin.cookie,
    body: { title: options.title ?? 'Test Challenge', challenges: [...DEFAULT_CHALLENGES] },
  });
  if (created.statusCode !== 201) throw new Error(`grid creation failed: ${created.body}`);
  const { grid } = created.json<{ grid: { id: string } }>();
  const card = await call(app, 'GET', `/api/bingo/grids/${grid.id}`, { cookie: admin.cookie });
  const { cells } = card.json<BingoCardResponse>();
  return { id: grid.id, cells: cells.map((c) => c.id) };
}

export function placeBook(app: FastifyInstance, cookie: string, cellId: string, isbn: string) {
  return call(app, 'POST', '/api/bingo/placements', { cookie, body: { cellId, isbn } });
}

/** Places a book and fails loudly if the server refused it. */
export async function placeOk(
  app: FastifyInstance,
  cookie: string,
  cellId: string,
  isbn: string,
): Promise<PlaceBookResponse> {
  const response = await placeBook(app, cookie, cellId, isbn);
  if (response.statusCode !== 200) throw new Error(`placement refused: ${response.body}`);
  return response.json<PlaceBookResponse>();
}

/** The user's stored points, and the sum and rows of their placements (the invariant's sides). */
export async function scoreOf(app: FastifyInstance, userId: string) {
  const { db } = app.deps.database;
  const user = await db
    .selectFrom('users')
    .select('points')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const placements = await db
    .selectFrom('placements')
    .select(['cellId', 'bookIsbn', 'isWildcard', 'points', 'gridId'])
    .where('userId', '=', userId)
    .execute();
  return {
    points: Number(user.points),
    sum: placements.reduce((total, p) => total + Number(p.points), 0),
    placements: placements.map((p) => ({
      ...p,
      isWildcard: Number(p.isWildcard) === 1,
      points: Number(p.points),
    })),
  };
}
