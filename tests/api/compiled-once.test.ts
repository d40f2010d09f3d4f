import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/server/db/compiled-once';
import { directSqliteOf } from '../../src/server/db/database';
import { createTestApp, createUser, type TestApp, type TestUser } from '../helpers/test-app';

/**
 * compiledOnce (issue 10): a query built once and run with new arguments must answer exactly
 * what building it anew would, on SQLite and PostgreSQL, inside a transaction too.
 */
describe('a query compiled once', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createUser(t.app);
    b = await createUser(t.app);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ points: 10 })
      .where('id', '=', b.id)
      .execute();
  });
  afterAll(() => t.close());

  // The arguments are named in the opposite order to their places in the SQL, around a constant.
  const withFewPoints = compiledOnce((db, { email, id }: { email: string; id: string }) =>
    db
      .selectFrom('users')
      .select(['id', 'points'])
      .where('id', '=', id)
      .where('points', '<', 5)
      .where('email', '=', email),
  );

  it('runs with each call’s own arguments, wherever they sit in the SQL', async () => {
    const { db, kind } = t.app.deps.database;
    expect(await withFewPoints(db, kind, { email: a.email, id: a.id })).toEqual([
      { id: a.id, points: 0 },
    ]);
    // A's email with B's id matches nobody: neither argument was kept from the first call.
    expect(await withFewPoints(db, kind, { email: a.email, id: b.id })).toEqual([]);
  });

  it('keeps the constants it was built with', async () => {
    const { db, kind } = t.app.deps.database;
    // B has 10 points: the built 'points < 5' still holds B out.
    expect(await withFewPoints(db, kind, { email: b.email, id: b.id })).toEqual([]);
  });

  it('runs on the caller’s transaction and sees its uncommitted writes', async () => {
    const { db, kind } = t.app.deps.database;
    const inside = await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ points: 1 }).where('id', '=', b.id).execute();
        const seen = await withFewPoints(trx, kind, { email: b.email, id: b.id });
        throw Object.assign(new Error('roll back'), { seen });
      })
      .catch((error: { seen: unknown }) => error.seen);
    expect(inside).toEqual([{ id: b.id, points: 1 }]);
    expect(await withFewPoints(db, kind, { email: b.email, id: b.id })).toEqual([]);
  });

  it('never runs inside another request’s open transaction: it waits, and sees only what committed', async () => {
    const { db, kind } = t.app.deps.database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const other = db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ points: 1 }).where('id', '=', b.id).execute();
        opened();
        await held;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await open;
    // On SQLite's one connection, a direct run now would read B's uncommitted 1 point.
    const outside = withFewPoints(db, kind, { email: b.email, id: b.id });
    release();
    expect(await outside).toEqual([]);
    expect(await other).toBe('roll back');
  });

  it('takes the direct path on SQLite only', () => {
    const { db, kind } = t.app.deps.database;
    expect(directSqliteOf(db) !== undefined).toBe(kind === 'sqlite');
  });

  it('writes numbers and nulls as given, the SQL built once for both', async () => {
    const { db, kind } = t.app.deps.database;
    const setBirthYear = compiledOnce((build, { year, id }: { year: number | null; id: string }) =>
      build.updateTable('users').set({ birthYear: year }).where('id', '=', id),
    );
    const birthYear = async () =>
      (await db.selectFrom('users').select('birthYear').where('id', '=', a.id).executeTakeFirst())
        ?.birthYear;
    await setBirthYear(db, kind, { year: 1990, id: a.id });
    expect(Number(await birthYear())).toBe(1990);
    await setBirthYear(db, kind, { year: null, id: a.id });
    expect(await birthYear()).toBeNull();
  });

  it('refuses a query that leaves an argument out', async () => {
    const { db, kind } = t.app.deps.database;
    const forgetful = compiledOnce((build, { id }: { id: string; unused: string }) =>
      build.selectFrom('users').select('id').where('id', '=', id),
    );
    await expect(forgetful(db, kind, { id: a.id, unused: 'x' })).rejects.toThrow(
      'unused is not a parameter',
    );
  });
});
