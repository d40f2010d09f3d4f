import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../../src/lib/challenges';
import { messages } from '../../src/lib/messages';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let guestCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  reader = await createUser(t.app);
  guestCookie = await createGuest(t.app);
});
afterAll(() => t.close());

const gridCount = async () =>
  (await t.app.deps.database.db.selectFrom('grids').select('id').execute()).length;
const storedResetDate = async () =>
  (
    await t.app.deps.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'bingoReset')
      .executeTakeFirst()
  )?.value ?? null;

describe('reset date', () => {
  it('stores the end of the chosen day and reports it to readers', async () => {
    const response = await call(t.app, 'PUT', '/api/admin/reset-date', {
      cookie: admin.cookie,
      body: { date: '2026-12-31' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      resetDate: '2026-12-31T23:59:59.000Z',
      message: messages.admin.resetDateUpdated,
    });
    const read = await call(t.app, 'GET', '/api/settings/reset-date', { cookie: guestCookie });
    expect(read.json()).toEqual({ resetDate: '2026-12-31T23:59:59.000Z' });
  });

  it('refuses an empty date with a message and keeps the old one', async () => {
    const before = await storedResetDate();
    for (const body of [{ date: '' }, { date: '   ' }, {}]) {
      const response = await call(t.app, 'PUT', '/api/admin/reset-date', {
        cookie: admin.cookie,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(messages.admin.resetDateRequired);
    }
    expect(await storedResetDate()).toBe(before);
  });

  it('refuses a date that is not on the calendar', async () => {
    const response = await call(t.app, 'PUT', '/api/admin/reset-date', {
      cookie: admin.cookie,
      body: { date: '2026-02-30' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('INVALID_DATE');
  });

  it('turns away readers, guests and signed-out visitors', async () => {
    const before = await storedResetDate();
    const asReader = await call(t.app, 'PUT', '/api/admin/reset-date', {
      cookie: reader.cookie,
      body: { date: '2030-01-01' },
    });
    expect(asReader.statusCode).toBe(403);
    expect(errorOf(asReader).message).toBe(messages.access.adminOnly);
    const asGuest = await call(t.app, 'PUT', '/api/admin/reset-date', {
      cookie: guestCookie,
      body: { date: '2030-01-01' },
    });
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.adminOnly);
    const signedOut = await call(t.app, 'PUT', '/api/admin/reset-date', {
      body: { date: '2030-01-01' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).message).toBe(messages.access.loginRequired);
    expect(await storedResetDate()).toBe(before);
  });

  it('tells signed-out visitors to log in before reading it', async () => {
    const response = await call(t.app, 'GET', '/api/settings/reset-date');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(messages.access.loginRequired);
  });
});

describe('shared grid', () => {
  it('creates the grid with its 16 cells in order, and it becomes the current grid', async () => {
    const challenges = DEFAULT_CHALLENGES.map((c, i) => (i === 0 ? 'A book about hedgehogs' : c));
    const response = await call(t.app, 'POST', '/api/admin/grids', {
      cookie: admin.cookie,
      body: { title: DEFAULT_GRID_TITLE, challenges },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ grid: { id: string }; message: string }>();
    expect(body.message).toBe(messages.admin.gridCreated);
    const cells = await t.app.deps.database.db
      .selectFrom('cells')
      .select(['position', 'challenge'])
      .where('gridId', '=', body.grid.id)
      .orderBy('position')
      .execute();
    expect(cells.map((c) => c.challenge)).toEqual(challenges);
    expect(cells.map((c) => c.position)).toEqual([...Array(16).keys()]);

    const list = await call(t.app, 'GET', '/api/grids', { cookie: reader.cookie });
    const grids = list.json<{ grids: { id: string; isCurrent: boolean; title: string }[] }>().grids;
    expect(grids[0]).toMatchObject({
      id: body.grid.id,
      isCurrent: true,
      title: DEFAULT_GRID_TITLE,
    });
    expect(grids.filter((g) => g.isCurrent)).toHaveLength(1);
  });

  it('refuses a grid without exactly 16 challenges, writing nothing', async () => {
    const before = await gridCount();
    for (const challenges of [DEFAULT_CHALLENGES.slice(0, 15), [...DEFAULT_CHALLENGES, 'extra']]) {
      const response = await call(t.app, 'POST', '/api/admin/grids', {
        cookie: admin.cookie,
        body: { title: 'Short', challenges },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe('A grid has exactly 16 challenges.');
    }
    const blank = await call(t.app, 'POST', '/api/admin/grids', {
      cookie: admin.cookie,
      body: { title: 'Blank', challenges: DEFAULT_CHALLENGES.map((c, i) => (i === 7 ? ' ' : c)) },
    });
    expect(errorOf(blank).message).toBe('Every challenge needs some text.');
    expect(await gridCount()).toBe(before);
  });

  it('turns away a reader with the admin text and writes nothing', async () => {
    const before = await gridCount();
    const response = await call(t.app, 'POST', '/api/admin/grids', {
      cookie: reader.cookie,
      body: { title: DEFAULT_GRID_TITLE, challenges: DEFAULT_CHALLENGES },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(messages.access.adminOnly);
    expect(await gridCount()).toBe(before);
  });
});
