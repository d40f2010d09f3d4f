import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { profileNameOf } from '../../src/lib/display-name';
import { AUDIT_PAGE_SIZE } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { AuditLogResponse } from '../../src/lib/schemas/audit';
import { createClub } from '../helpers/clubs';
import { createBook, createPost } from '../helpers/factories';
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

describe('audit log names (issue 23): read when the log is read, never stored', () => {
  const asAdmin = (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown = {}) =>
    call(t.app, method, url, { cookie: admin.cookie, body });
  const labelsOf = async () => {
    const { entries } = await readLog();
    return entries;
  };

  it('names the actor and each target, and falls back once it is gone or erased', async () => {
    const say = messages.auditNames;
    const target = await createUser(t.app);
    const shownName = 'Prickly Annabel';
    await t.app.deps.database.db
      .updateTable('users')
      .set({ displayUsername: shownName })
      .where('id', '=', target.id)
      .execute();
    const club = await createClub(t.app, target, { name: 'Quills Circle' });
    const book = await createBook(t.app, { title: 'The Hedgehog Atlas' });
    // A book only an import knows, which an admin may reject.
    await t.app.deps.database.db
      .updateTable('books')
      .set({ confirmed: 0 })
      .where('isbn', '=', book.isbn)
      .execute();
    const post = await createPost(t.app, target.id, { book });
    const grid = await asAdmin('POST', '/api/admin/grids', {
      title: 'Spring Named',
      challenges: [...DEFAULT_CHALLENGES],
    });
    const gridId = grid.json<{ grid: { id: string } }>().grid.id;

    for (const [method, url, body] of [
      ['POST', `/api/admin/users/${target.id}/suspension`, { days: 3, reason: 'Rude' }],
      ['POST', `/api/admin/posts/${post.id}/hide`, {}],
      ['POST', `/api/admin/clubs/${club.id}/reset`, { fields: ['description'] }],
      ['PUT', `/api/admin/grids/${gridId}/cells/4`, { challenge: 'A book of poems', rule: null }],
      ['POST', `/api/admin/books/${book.isbn}/reject`, {}],
    ] as const) {
      const done = await asAdmin(method, url, body);
      expect(done.statusCode, `${url} ${done.body}`).toBe(200);
    }

    const now = await labelsOf();
    const labelFor = (action: string) => now.find((entry) => entry.action === action)?.targetLabel;
    expect(labelFor('user.suspend')).toBe(say.reader(shownName));
    expect(labelFor('post.hide')).toBe(say.post('The Hedgehog Atlas'));
    expect(labelFor('club.reset')).toBe(say.club('Quills Circle'));
    expect(labelFor('grid.cell_edit')).toBe(say.square(4, 'Spring Named'));
    expect(labelFor('grid.create')).toBe(say.card('Spring Named'));
    expect(labelFor('book.reject')).toBe(say.book('The Hedgehog Atlas', book.isbn));
    expect(labelFor('reset_date.set')).toBe(say.settings);
    const adminRow = await t.app.deps.database.db
      .selectFrom('users')
      .select(['name', 'displayUsername'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(now[0]?.actorName).toBe(profileNameOf(adminRow));

    // The reader is erased: their club is deleted with them (nobody else is in it), their post
    // goes; the log still reads, with the catalogue's words and nothing of theirs.
    const erased = await asAdmin('POST', `/api/admin/users/${target.id}/erase`, {
      reason: 'Asked by the school',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const after = await labelsOf();
    const labelAfter = (action: string) =>
      after.find((entry) => entry.action === action)?.targetLabel;
    expect(labelAfter('user.suspend')).toBe(say.erasedReader);
    expect(labelAfter('user.erase')).toBe(say.erasedReader);
    expect(labelAfter('post.hide')).toBe(say.removedPost);
    expect(labelAfter('club.reset')).toBe(say.deletedClub);
    const page = JSON.stringify(after);
    expect(page).not.toContain(shownName);
    expect(page).not.toContain(target.id);
    // The log's own rows never held the name: it was only ever read from users.
    const rows = await t.app.deps.database.db.selectFrom('auditLog').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(shownName);
  });

  it('says an erased admin did it once the actor is erased', async () => {
    const other = await createUser(t.app, { role: 'admin' });
    const done = await call(t.app, 'PUT', '/api/admin/reset-date', {
      cookie: other.cookie,
      body: { date: '2027-03-01' },
    });
    expect(done.statusCode).toBe(200);
    const erased = await asAdmin('POST', `/api/admin/users/${other.id}/erase`, {
      reason: 'Left the school',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const entry = (await labelsOf()).find(
      (e) => e.action === 'reset_date.set' && e.detail.resetDate === '2027-03-01T23:59:59.000Z',
    );
    expect(entry).toMatchObject({ actorName: null, targetLabel: messages.auditNames.settings });
  });
});
