import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { AUDIT_PAGE_SIZE } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { AuditLogResponse } from '../../src/lib/schemas/audit';
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

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  reader = await createUser(t.app);
});
afterAll(() => t.close());

const readLog = async (cursor?: string) => {
  const response = await call(
    t.app,
    'GET',
    `/api/admin/audit${cursor ? `?cursor=${cursor}` : ''}`,
    { cookie: admin.cookie },
  );
  expect(response.statusCode).toBe(200);
  return response.json<AuditLogResponse>();
};

describe('audit log (issue 23)', () => {
  it("records the admin's reset date, new card and confirmed book, newest first", async () => {
    await call(t.app, 'PUT', '/api/admin/reset-date', {
      cookie: admin.cookie,
      body: { date: '2026-12-31' },
    });
    const grid = await call(t.app, 'POST', '/api/admin/grids', {
      cookie: admin.cookie,
      body: { title: 'Winter', challenges: [...DEFAULT_CHALLENGES] },
    });
    expect(grid.statusCode).toBe(201);
    const { entries } = await readLog();
    expect(entries.map((entry) => entry.action)).toEqual(['grid.create', 'reset_date.set']);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'grid',
      targetId: grid.json<{ grid: { id: string } }>().grid.id,
    });
    expect(entries[1]).toMatchObject({
      targetType: 'settings',
      detail: { resetDate: '2026-12-31T23:59:59.000Z' },
    });
    expect(entries[0]?.actorName).toBeTruthy();
  });

  it('writes nothing when the action is refused', async () => {
    const before = (await readLog()).entries.length;
    const refused = await call(t.app, 'PUT', '/api/admin/reset-date', {
      cookie: admin.cookie,
      body: { date: '2026-02-30' },
    });
    expect(refused.statusCode).toBe(400);
    const unknownBook = await call(t.app, 'POST', '/api/admin/books/9780000000002/confirm', {
      cookie: admin.cookie,
    });
    expect(unknownBook.statusCode).toBe(404);
    expect((await readLog()).entries).toHaveLength(before);
  });

  it('pages newest first without repeating an entry', async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE; i += 1) {
      await call(t.app, 'PUT', '/api/admin/reset-date', {
        cookie: admin.cookie,
        body: { date: '2027-01-01' },
      });
    }
    const first = await readLog();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await readLog(first.nextCursor ?? undefined);
    const ids = [...first.entries, ...second.entries].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.entries.at(-1)?.action).toBe('reset_date.set');
    expect(second.nextCursor).toBeNull();
  });

  it('is for admins only, and no route edits or deletes an entry', async () => {
    const guest = await createGuest(t.app);
    const signedOut = await call(t.app, 'GET', '/api/admin/audit');
    expect(signedOut.statusCode).toBe(401);
    for (const cookie of [reader.cookie, guest]) {
      const response = await call(t.app, 'GET', '/api/admin/audit', { cookie });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(messages.access.adminOnly);
    }
    const [entry] = (await readLog()).entries;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await call(t.app, method, `/api/admin/audit/${entry?.id}`, {
        cookie: admin.cookie,
        body: {},
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
