import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import { createTestApp, errorOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// Security review: each challenge costs a few ms of CPU and GET /api/captcha/challenge had no
// limit. It now allows three challenges per sign-in the address may attempt (AUTH_RATE_LIMIT_MAX,
// 10 a minute by default): 30 a minute.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const challengeFrom = (app: TestApp, address = '127.0.0.1') =>
  app.app.inject({
    method: 'GET',
    url: '/api/captcha/challenge',
    remoteAddress: address,
    headers: { origin: TEST_ORIGIN },
  });

async function statuses(app: TestApp, times: number, address?: string) {
  const seen: number[] = [];
  for (let i = 0; i < times; i += 1) seen.push((await challengeFrom(app, address)).statusCode);
  return seen;
}

describe('GET /api/captcha/challenge', () => {
  it('answers 30 a minute to one address by default, then 429 with the generic text', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10' });
    expect(await statuses(t, 30)).toEqual(Array<number>(30).fill(200));
    const refused = await challengeFrom(t);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.rateLimit.generic);
    // Counted per address: another one still gets its challenge.
    expect((await challengeFrom(t, '198.51.100.4')).statusCode).toBe(200);
  });

  it('follows RATE_LIMIT_SCALE: doubled at 2, lifted at 0', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2', RATE_LIMIT_SCALE: '2' });
    expect(await statuses(t, 13)).toEqual([...Array<number>(12).fill(200), 429]);
    await t.close();
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2', RATE_LIMIT_SCALE: '0' });
    expect((await statuses(t, 40)).every((status) => status === 200)).toBe(true);
  });
});
