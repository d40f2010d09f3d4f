import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRTH_YEAR_MIN } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { ReaderExport } from '../../src/lib/schemas/exports';
import type { ProfileResponse } from '../../src/lib/schemas/profile';
import { befriend } from '../helpers/factories';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

// Issue 11: birth year and first name are private profile facts the squares' rules read.
let t: TestApp;
let reader: TestUser;
let friend: TestUser;

const FIRST_NAME = 'Quillabelle';
const BIRTH_YEAR = 1937;

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.app);
  friend = await createUser(t.app);
  await befriend(t.app, reader.id, friend.id);
  const saved = await call(t.app, 'PATCH', '/api/profile', {
    cookie: reader.cookie,
    body: { birthYear: BIRTH_YEAR, firstName: ` ${FIRST_NAME} ` },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('birth year and first name', () => {
  it('are the reader’s own to set, read and clear', async () => {
    const own = await call(t.app, 'GET', '/api/profile', { cookie: reader.cookie });
    expect(own.json<ProfileResponse>().profile).toMatchObject({
      birthYear: BIRTH_YEAR,
      firstName: FIRST_NAME,
    });
    const other = await createUser(t.app);
    await call(t.app, 'PATCH', '/api/profile', {
      cookie: other.cookie,
      body: { birthYear: 1990, firstName: 'Ann' },
    });
    const cleared = await call(t.app, 'PATCH', '/api/profile', {
      cookie: other.cookie,
      body: { birthYear: null, firstName: null },
    });
    expect(cleared.json<ProfileResponse>().profile).toMatchObject({
      birthYear: null,
      firstName: null,
    });
  });

  it('refuses a birth year that is not a plausible year', async () => {
    for (const birthYear of [BIRTH_YEAR_MIN - 1, new Date().getUTCFullYear() + 1, 1990.5]) {
      const response = await call(t.app, 'PATCH', '/api/profile', {
        cookie: reader.cookie,
        body: { birthYear },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(messages.fit.birthYearInvalid);
    }
  });

  it("never leave the reader's own responses", async () => {
    const seenByOthers = [
      await call(t.app, 'GET', `/api/users/${reader.id}/profile`, { cookie: friend.cookie }),
      await call(t.app, 'GET', '/api/friends', { cookie: friend.cookie }),
      await call(t.app, 'GET', '/api/leaderboard?scope=global', { cookie: friend.cookie }),
      await call(t.app, 'GET', '/api/leaderboard?scope=friends', { cookie: friend.cookie }),
    ];
    for (const response of seenByOthers) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(FIRST_NAME);
      expect(response.body).not.toContain('birthYear');
      expect(response.body).not.toContain('firstName');
      expect(response.body).not.toContain(String(BIRTH_YEAR));
    }
  });

  it('are part of the export', async () => {
    const response = await call(t.app, 'GET', '/api/exports/me.json', { cookie: reader.cookie });
    expect(response.json<ReaderExport>().profile).toMatchObject({
      birthYear: BIRTH_YEAR,
      firstName: FIRST_NAME,
    });
  });
});
