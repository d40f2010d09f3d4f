import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import { call, createTestApp, createUser, errorOf, type TestApp } from '../helpers/test-app';

// Issue 10: RATE_LIMIT_SCALE multiplies every limit (the spec's numbers at 1) or lifts them (0).
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const cheap = { readingRateLimits: { leaderboardUpdates: { max: 2 } } };

async function leaderboardStatuses(app: TestApp, times: number) {
  const user = await createUser(app.app);
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) {
    statuses.push(
      (await call(app.app, 'GET', '/api/leaderboard?scope=global', { cookie: user.cookie }))
        .statusCode,
    );
  }
  return { statuses, user };
}

const signUpStatuses = async (app: TestApp, times: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) {
    statuses.push(
      (await call(app.app, 'POST', '/api/auth/sign-up/email', { body: {} })).statusCode,
    );
  }
  return statuses;
};

describe('RATE_LIMIT_SCALE', () => {
  it('keeps the number at 1', async () => {
    t = await createTestApp({}, { config: cheap });
    const { statuses } = await leaderboardStatuses(t, 3);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('doubles a per-reader limit at 2, tripping at the scaled count with the spec text', async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '2' }, { config: cheap });
    const { statuses, user } = await leaderboardStatuses(t, 5);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await call(t.app, 'GET', '/api/leaderboard?scope=global', {
      cookie: user.cookie,
    });
    expect(errorOf(refused).message).toBe(messages.rateLimit.leaderboardUpdates);
  });

  it('doubles the per-address sign-in limit at 2', async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '2', AUTH_RATE_LIMIT_MAX: '2' });
    const statuses = await signUpStatuses(t, 5);
    expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
    expect(statuses[4]).toBe(429);
  });

  it('lifts every limit at 0', async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '0', AUTH_RATE_LIMIT_MAX: '2' }, { config: cheap });
    const { statuses } = await leaderboardStatuses(t, 10);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await signUpStatuses(t, 6)).includes(429)).toBe(false);
  });
});
