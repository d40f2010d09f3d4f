import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app';

/**
 * Behind one reverse proxy (TRUST_PROXY=true), the per-address limits count the client's address
 * as our proxy saw it: the last X-Forwarded-For entry, the one the proxy appended. Entries to its
 * left are whatever the client sent, so a fresh made-up one per request must not buy a fresh
 * budget (the security review's finding: 30 guest sign-ins through a limit of 10).
 */
const PROXY = '10.0.0.1';
const CLIENT = '203.0.113.9';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '3' });
});
afterAll(() => t.close());

const guestSignIn = (forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/anonymous',
    remoteAddress: PROXY,
    headers: {
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    payload: '{}',
  });

describe('TRUST_PROXY=true (one proxy in front)', () => {
  it('counts the address the proxy appended, whatever the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) {
      statuses.push((await guestSignIn(`198.51.100.${i}, ${CLIENT}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await guestSignIn(`198.51.100.99, ${CLIENT}`);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.rateLimit.generic);
  });

  it('still tells two clients behind the proxy apart', async () => {
    const other = await guestSignIn('203.0.113.77');
    expect(other.statusCode).toBe(200);
  });
});
