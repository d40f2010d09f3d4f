import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages } from '../../src/lib/messages';
import { promoteToAdmin } from '../../src/server/seed/promote';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  signIn,
  type TestApp,
  mailedResetToken,
} from '../helpers/test-app';
import { writeFromAnotherProcess } from '../helpers/other-process';

// Decision 011: signed-in reads answer from a session cache, and every way a session ends or
// its account changes reaches the cache at once, so the very next request sees it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (cookie: string) =>
  (await call(t.app, 'GET', '/api/me', { cookie })).json<{
    user: { id: string; role: string; username: string | null } | null;
  }>().user;

/** A signed-in read with the cookie, so the session sits in the cache before the change. */
async function warm(cookie: string) {
  const leaderboard = await call(t.app, 'GET', '/api/leaderboard?scope=global', { cookie });
  expect(leaderboard.statusCode).toBe(200);
  expect(await me(cookie)).not.toBeNull();
}

describe('the session cache', () => {
  it('signs out at once: the old cookie is 401 on the next request', async () => {
    const user = await createUser(t.app);
    await warm(user.cookie);
    const out = await call(t.app, 'POST', '/api/auth/sign-out', { body: {}, cookie: user.cookie });
    expect(out.statusCode).toBe(200);
    const after = await call(t.app, 'GET', '/api/leaderboard?scope=global', {
      cookie: user.cookie,
    });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).message).toBe(messages.access.loginRequired);
    expect(await me(user.cookie)).toBeNull();
  });

  it('ends every session of the account at once on a password reset', async () => {
    const user = await createUser(t.app);
    const otherDevice = await signIn(t.app, user.email, user.password);
    await warm(user.cookie);
    await warm(otherDevice);
    const token = await mailedResetToken(t, user.email);
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'New-Hedgehog-2' },
    });
    expect(reset.statusCode).toBe(200);
    for (const cookie of [user.cookie, otherDevice]) {
      const after = await call(t.app, 'GET', '/api/leaderboard?scope=friends', { cookie });
      expect(after.statusCode).toBe(401);
    }
  });

  it('sees a role change by an admin on the next request', async () => {
    const user = await createUser(t.app);
    await warm(user.cookie);
    expect((await me(user.cookie))?.role).toBe('user');
    await promoteToAdmin(t.app.deps.database, user.email, t.app.deps.bus);
    expect((await me(user.cookie))?.role).toBe('admin');
  });

  it.runIf(!process.env.DATABASE_URL)(
    'sees a role change written by another process (npm run admin) on SQLite at once',
    async () => {
      const user = await createUser(t.app);
      await warm(user.cookie);
      const database = t.config.database;
      if (database.kind !== 'sqlite') throw new Error('SQLite only');
      // The admin command's own process, with no bus between them.
      await writeFromAnotherProcess(database.path, `update users set role = 'admin' where id = ?`, [
        user.id,
      ]);
      expect((await me(user.cookie))?.role).toBe('admin');
    },
  );

  it('shows a new username on the next request after a profile edit', async () => {
    const user = await createUser(t.app);
    await warm(user.cookie);
    const edit = await call(t.app, 'PATCH', '/api/profile', {
      cookie: user.cookie,
      body: { username: 'Quillby' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await me(user.cookie))?.username).toBe('Quillby');
  });

  it('still answers a signed-in read from the cache without the sessions table', async () => {
    const user = await createUser(t.app);
    await warm(user.cookie);
    // Deleted behind the app's back (no announcement): the cache still knows the session,
    // which is what spares the lookup; announced ends are the tests above.
    await sql`delete from sessions where user_id = ${user.id}`.execute(t.app.deps.database.db);
    const cached = await call(t.app, 'GET', '/api/leaderboard?scope=global', {
      cookie: user.cookie,
    });
    expect(cached.statusCode).toBe(200);
  });
});
