import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/seed/seed';
import { DEMO_ADMIN, DEMO_READER } from '../../src/server/seed/demo-accounts';
import { promoteToAdmin } from '../../src/server/seed/promote';
import { migrateToLatest } from '../../src/server/db/migrate';
import { call, createTestApp, createUser, signIn, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('gives better-auth every table and column it expects (one schema, ours)', async () => {
  const { toBeCreated, toBeAdded } = await getMigrations(t.app.deps.auth.options);
  expect(toBeCreated).toEqual([]);
  expect(toBeAdded).toEqual([]);
});

it('migrating twice changes nothing', async () => {
  await expect(migrateToLatest(t.app.deps.database)).resolves.toEqual([]);
});

it('keeps usernames unique regardless of case, in the database itself', async () => {
  const user = await createUser(t.app, { email: 'casey@example.com' });
  const other = await createUser(t.app, { email: 'other-casey@example.com' });
  await t.app.deps.database.db
    .updateTable('users')
    .set({ username: 'Hedgie' })
    .where('id', '=', user.id)
    .execute();
  await expect(
    t.app.deps.database.db
      .updateTable('users')
      .set({ username: 'hEDGIE' })
      .where('id', '=', other.id)
      .execute(),
  ).rejects.toThrow(/unique/i);
});

it('seeds an admin, a reader and the current grid once, and never again', async () => {
  const fresh = await createTestApp();
  try {
    const first = await seedDemoData(fresh.app.deps.database, fresh.app.deps.auth);
    expect(first.accounts.map((a) => a.email)).toEqual([DEMO_ADMIN.email, DEMO_READER.email]);
    const adminCookie = await signIn(fresh.app, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const me = await call(fresh.app, 'GET', '/api/me', { cookie: adminCookie });
    expect(me.json<{ user: { role: string } }>().user.role).toBe('admin');
    const readerCookie = await signIn(fresh.app, DEMO_READER.email, DEMO_READER.password);
    const grids = await call(fresh.app, 'GET', '/api/grids', { cookie: readerCookie });
    expect(grids.json<{ grids: unknown[] }>().grids).toHaveLength(1);

    const second = await seedDemoData(fresh.app.deps.database, fresh.app.deps.auth);
    expect(second.seeded).toBe(false);
    const users = await fresh.app.deps.database.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(2);
  } finally {
    await fresh.close();
  }
});

it('promotes an account to admin from the command line helper, and refuses an unknown email', async () => {
  const user = await createUser(t.app);
  await promoteToAdmin(t.app.deps.database, user.email.toUpperCase(), t.app.deps.bus);
  const me = await call(t.app, 'GET', '/api/me', { cookie: user.cookie });
  expect(me.json<{ user: { isAdmin: boolean } }>().user.isAdmin).toBe(true);
  await expect(promoteToAdmin(t.app.deps.database, 'ghost@example.com')).rejects.toThrow(
    'No account with the email ghost@example.com',
  );
});
