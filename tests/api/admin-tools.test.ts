import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveChallengeLabel } from '../../src/lib/challenges';
import { SIGN_IN_LOCK_THRESHOLD } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type {
  AdminUsersResponse,
  GridListResponse,
  UnconfirmedBooksResponse,
} from '../../src/lib/schemas/admin';
import type { AuditLogResponse } from '../../src/lib/schemas/audit';
import type { BingoCardResponse } from '../../src/lib/schemas/bingo';
import { createGrid, placeBook, placeOk, type TestGrid } from '../helpers/bingo';
import { addWantToRead, createBook, createFinishedBook } from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  solveCaptcha,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  reader = await createUser(t.app, { email: `wren-${Date.now()}@example.com` });
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, { cookie: admin.cookie, body });

const lastAudit = async () =>
  (await asAdmin('GET', '/api/admin/audit')).json<AuditLogResponse>().entries[0];

describe("the admin's readers page (issue 23)", () => {
  it('finds readers by part of a name, username or email, in any case, and escapes wildcards', async () => {
    const found = await asAdmin('GET', '/api/admin/users?q=WREN');
    expect(found.statusCode).toBe(200);
    const { users } = found.json<AdminUsersResponse>();
    expect(users.map((u) => u.id)).toEqual([reader.id]);
    expect(users[0]).toMatchObject({
      email: reader.email,
      role: 'user',
      status: 'active',
      points: 0,
    });
    const percent = (await asAdmin('GET', '/api/admin/users?q=%25')).json<AdminUsersResponse>();
    expect(percent.users).toEqual([]);
  });

  it('lists guests as guests, without an email, and pages without repeats', async () => {
    await createGuest(t.app);
    for (let i = 0; i < 25; i += 1) {
      await t.app.deps.database.db
        .insertInto('users')
        .values({
          id: `filler-${i}`,
          name: `Filler ${i}`,
          email: `filler-${i}@example.com`,
          emailVerified: 0,
          createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute();
    }
    const first = (await asAdmin('GET', '/api/admin/users')).json<AdminUsersResponse>();
    expect(first.users).toHaveLength(25);
    expect(first.users[0]).toMatchObject({ role: 'guest', email: null });
    const second = (
      await asAdmin('GET', `/api/admin/users?cursor=${first.nextCursor}`)
    ).json<AdminUsersResponse>();
    const ids = [...first.users, ...second.users].map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(28);
    expect(second.nextCursor).toBeNull();
  });

  it('shows a reader locked by failed sign-ins, and unlocks them', async () => {
    const locked = await createUser(t.app);
    for (let i = 0; i < SIGN_IN_LOCK_THRESHOLD; i += 1) {
      await call(t.app, 'POST', '/api/auth/sign-in/email', {
        body: { email: locked.email, password: 'Wrong-Password-1' },
        headers: { 'x-captcha': await solveCaptcha(t.app) },
      });
    }
    const listed = (
      await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(locked.email)}`)
    ).json<AdminUsersResponse>();
    expect(listed.users[0]?.status).toBe('locked');

    const unlock = await asAdmin('POST', `/api/admin/users/${locked.id}/unlock`);
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toEqual({ message: messages.admin.unlocked });
    expect(await lastAudit()).toMatchObject({ action: 'user.unlock', targetId: locked.id });
    const again = await asAdmin('POST', `/api/admin/users/${locked.id}/unlock`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(messages.admin.notLocked);
  }, 60_000); // five sign-ins, each hashing a password

  it('changes a role, at once for the reader, never its own or a guest', async () => {
    const promoted = await createUser(t.app);
    const before = await call(t.app, 'GET', '/api/admin/audit', { cookie: promoted.cookie });
    expect(before.statusCode).toBe(403);
    const change = await asAdmin('PUT', `/api/admin/users/${promoted.id}/role`, {
      role: 'admin',
      reason: 'runs the school library',
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ message: messages.admin.roleChanged('admin') });
    const after = await call(t.app, 'GET', '/api/admin/audit', { cookie: promoted.cookie });
    expect(after.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'user.role',
      targetId: promoted.id,
      reason: 'runs the school library',
      detail: { role: 'admin' },
    });

    const own = await asAdmin('PUT', `/api/admin/users/${admin.id}/role`, { role: 'user' });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(messages.admin.ownRole);
    const badRole = await asAdmin('PUT', `/api/admin/users/${promoted.id}/role`, {
      role: 'guest',
    });
    expect(badRole.statusCode).toBe(400);
    const unknown = await asAdmin('PUT', '/api/admin/users/nobody/role', { role: 'admin' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.admin.readerNotFound);
    const guests = (await asAdmin('GET', '/api/admin/users')).json<AdminUsersResponse>();
    const guest = guests.users.find((u) => u.role === 'guest');
    const guestRole = await asAdmin('PUT', `/api/admin/users/${guest?.id}/role`, {
      role: 'admin',
    });
    expect(guestRole.statusCode).toBe(403);
    expect(errorOf(guestRole).message).toBe(messages.admin.guestRole);
  });
});

describe('imported books waiting for an admin (issue 23)', () => {
  it('lists unconfirmed books with how many readers list them; confirm and reject take them off', async () => {
    const imported = await createBook(t.app, { title: 'Only In A File' });
    const other = await createBook(t.app, { title: 'Also Only In A File' });
    await t.app.deps.database.db
      .updateTable('books')
      .set({ confirmed: 0 })
      .where('isbn', 'in', [imported.isbn, other.isbn])
      .execute();
    await createFinishedBook(t.app, reader.id, { book: imported });
    await addWantToRead(t.app, admin.id, { book: imported });

    const list = async () =>
      (await asAdmin('GET', '/api/admin/books/unconfirmed')).json<UnconfirmedBooksResponse>().books;
    expect(await list()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ isbn: imported.isbn, title: 'Only In A File', readers: 2 }),
        expect.objectContaining({ isbn: other.isbn, readers: 0 }),
      ]),
    );

    const rejected = await asAdmin('POST', `/api/admin/books/${imported.isbn}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ message: messages.admin.bookRejected });
    expect(await lastAudit()).toMatchObject({ action: 'book.reject', targetId: imported.isbn });
    const twice = await asAdmin('POST', `/api/admin/books/${imported.isbn}/reject`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(messages.admin.bookAlreadyReviewed);

    const confirmed = await asAdmin('POST', `/api/admin/books/${other.isbn}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect((await list()).map((b) => b.isbn)).not.toEqual(expect.arrayContaining([imported.isbn]));
    expect((await list()).map((b) => b.isbn)).not.toContain(other.isbn);
    const unknown = await asAdmin('POST', '/api/admin/books/9780000000002/reject');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('correcting and ending the shared card (issue 23)', () => {
  let grid: TestGrid;
  beforeAll(async () => {
    grid = await createGrid(t.app, { admin });
  });

  it('corrects a square nobody has placed on, and refuses one with a placement', async () => {
    const edit = await asAdmin('PUT', `/api/admin/grids/${grid.id}/cells/1`, {
      challenge: 'A book of poems',
      rule: null,
      reason: 'typo',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toEqual({ message: messages.admin.cellUpdated });
    const card = (
      await call(t.app, 'GET', `/api/bingo/grids/${grid.id}`, { cookie: reader.cookie })
    ).json<BingoCardResponse>();
    expect(card.cells[1]?.challenge).toBe('A book of poems');
    expect(card.cells[1]?.label).toBe(deriveChallengeLabel('A book of poems'));
    expect(await lastAudit()).toMatchObject({
      action: 'grid.cell_edit',
      targetId: grid.cells[1],
      detail: { gridId: grid.id, position: 1 },
    });

    const book = await createBook(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[2]!, book.isbn);
    const refused = await asAdmin('PUT', `/api/admin/grids/${grid.id}/cells/2`, {
      challenge: 'Something else',
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(messages.admin.cellHasPlacements);
    const unchanged = (
      await call(t.app, 'GET', `/api/bingo/grids/${grid.id}`, { cookie: reader.cookie })
    ).json<BingoCardResponse>();
    expect(unchanged.cells[2]?.challenge).toBe(card.cells[2]?.challenge);

    const empty = await asAdmin('PUT', `/api/admin/grids/${grid.id}/cells/3`, { challenge: ' ' });
    expect(empty.statusCode).toBe(400);
    const outside = await asAdmin('PUT', `/api/admin/grids/${grid.id}/cells/16`, {
      challenge: 'x',
    });
    expect(outside.statusCode).toBe(400);
  });

  it('ends the card early: it becomes a past card, read-only, and cannot be ended twice', async () => {
    const end = await asAdmin('POST', `/api/admin/grids/${grid.id}/end`, { reason: '' });
    expect(end.statusCode).toBe(400);
    expect(errorOf(end).message).toBe(messages.admin.reasonRequired);

    const ended = await asAdmin('POST', `/api/admin/grids/${grid.id}/end`, {
      reason: 'term ended',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: messages.admin.gridEnded });
    expect(await lastAudit()).toMatchObject({
      action: 'grid.end',
      targetId: grid.id,
      reason: 'term ended',
    });

    const list = (
      await call(t.app, 'GET', '/api/grids', { cookie: reader.cookie })
    ).json<GridListResponse>();
    expect(list.grids.find((g) => g.id === grid.id)?.isCurrent).toBe(false);
    const card = (
      await call(t.app, 'GET', `/api/bingo/grids/${grid.id}`, { cookie: reader.cookie })
    ).json<BingoCardResponse>();
    expect(card.grid.isCurrent).toBe(false);
    const book = await createBook(t.app);
    const placed = await placeBook(t.app, reader.cookie, grid.cells[5]!, book.isbn);
    expect(placed.statusCode).toBe(403);
    expect(errorOf(placed).message).toBe(messages.bingo.historicalGrid);

    const twice = await asAdmin('POST', `/api/admin/grids/${grid.id}/end`, { reason: 'again' });
    expect(twice.statusCode).toBe(403);
    expect(errorOf(twice).message).toBe(messages.admin.pastCardReadOnly);
    const editPast = await asAdmin('PUT', `/api/admin/grids/${grid.id}/cells/4`, {
      challenge: 'Too late',
    });
    expect(editPast.statusCode).toBe(403);
    expect(errorOf(editPast).message).toBe(messages.admin.pastCardReadOnly);

    const next = await createGrid(t.app, { admin });
    const after = (
      await call(t.app, 'GET', '/api/grids', { cookie: reader.cookie })
    ).json<GridListResponse>();
    expect(after.grids.find((g) => g.id === next.id)?.isCurrent).toBe(true);
  });
});
