import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LOCK_THRESHOLD } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import { buildApp } from '../../src/server/app';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  solveCaptcha,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  uniqueEmail,
  type TestApp,
  mailedResetToken,
} from '../helpers/test-app';

/**
 * Issue 8, part A: each finding of the hostile-visitor review, reproduced through HTTP.
 * Every test here failed before its fix.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.database.db;

interface RawResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request over a real socket with the path exactly as written: app.inject (light-my-request)
 * parses the URL with WHATWG rules and would remove the dot segments before Fastify sees them.
 */
async function rawCall(
  app: FastifyInstance,
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<RawResponse> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          origin: TEST_ORIGIN,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function rawErrorOf(response: RawResponse) {
  return (JSON.parse(response.body) as { error: { code: string; message: string } }).error;
}

async function countUsers(email: string) {
  const rows = await db()
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .execute();
  return rows.length;
}

/** A sign-in from a given address (the per-address limit counts by it). */
async function signInFrom(
  app: FastifyInstance,
  address: string,
  email: string,
  password: string,
  url = '/api/auth/sign-in/email',
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/json',
      'x-captcha': await solveCaptcha(app),
    },
    payload: JSON.stringify({ email, password }),
  });
}

const DOT_SEGMENT_PREFIXES = [
  '/api/auth/.',
  '/api/auth/x/..',
  '/api/auth/x/%2e%2e',
  '/api/auth/x/%2E%2E',
  '/api/auth/%2e',
  '/api/auth/x/.%2e',
];

describe('one door: username sign-in', () => {
  it('does not exist: the product signs in by email only (decision 007)', async () => {
    const user = await createUser(t.app);
    const { username } = await db()
      .selectFrom('users')
      .select('username')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    let last = await call(t.app, 'POST', '/api/auth/sign-in/username', {
      body: { username, password: 'Wrong-pass-1' },
    });
    for (let i = 0; i < 3; i += 1) {
      last = await call(t.app, 'POST', '/api/auth/sign-in/username', {
        body: { username, password: user.password },
      });
    }
    expect(last.statusCode).toBe(404);
    expect(errorOf(last).code).toBe('NOT_FOUND');
    expect(last.headers['set-cookie']).toBeUndefined();
  });
});

describe('one door: dot segments', () => {
  it.each(DOT_SEGMENT_PREFIXES)(
    'refuses a sign-in through %s/sign-in/email without a captcha',
    async (prefix) => {
      const user = await createUser(t.app);
      const response = await rawCall(t.app, `${prefix}/sign-in/email`, {
        body: { email: user.email, password: user.password },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(rawErrorOf(response)).toEqual({
        code: 'DOT_SEGMENT',
        message: messages.generic.badRequest,
      });
    },
  );

  it.each(DOT_SEGMENT_PREFIXES)(
    'refuses a second account for a taken email through %s/sign-up/email',
    async (prefix) => {
      const email = uniqueEmail('dots');
      await createUser(t.app, { email });
      const response = await rawCall(t.app, `${prefix}/sign-up/email`, {
        body: { email: email.toUpperCase(), password: STRONG_PASSWORD, name: 'dots' },
      });
      expect(response.statusCode).toBe(400);
      expect(await countUsers(email)).toBe(1);
    },
  );

  it.each(DOT_SEGMENT_PREFIXES)(
    'sends no reset mail through %s/request-password-reset',
    async (prefix) => {
      const user = await createUser(t.app);
      const before = t.sentMail.length;
      const response = await rawCall(t.app, `${prefix}/request-password-reset`, {
        body: { email: user.email, redirectTo: '/reset-password' },
      });
      expect(response.statusCode).toBe(400);
      expect(t.sentMail.length).toBe(before);
    },
  );

  it('gives no reset mail beyond the per-address limit through another spelling', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const user = await createUser(limited.app);
      const body = { email: user.email, redirectTo: '/reset-password' };
      for (let i = 0; i < 2; i += 1) {
        const ok = await rawCall(limited.app, '/api/auth/request-password-reset', { body });
        expect(ok.statusCode).toBe(200);
      }
      for (const prefix of DOT_SEGMENT_PREFIXES) {
        const response = await rawCall(limited.app, `${prefix}/request-password-reset`, { body });
        expect(response.statusCode, prefix).not.toBe(200);
      }
      const plain = await rawCall(limited.app, '/api/auth/request-password-reset', { body });
      expect(plain.statusCode).toBe(429);
      expect(limited.sentMail).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('one door: endpoints the product never uses', () => {
  it.each([
    ['/api/auth/admin/impersonate-user', 'userId'],
    ['/api/auth/admin/set-user-password', 'userId'],
    ['/api/auth/admin/remove-user', 'userId'],
    ['/api/auth/admin/set-role', 'userId'],
  ])('answers %s with 404 even for an admin, changing nothing', async (url, field) => {
    const admin = await createUser(t.app, { role: 'admin' });
    const victim = await createUser(t.app);
    const response = await call(t.app, 'POST', url, {
      cookie: admin.cookie,
      body: { [field]: victim.id, newPassword: 'Taken-over-1', role: 'admin' },
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: messages.generic.notFound });
    expect(await countUsers(victim.email)).toBe(1);
    const row = await db()
      .selectFrom('users')
      .select('role')
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });
});

describe('one door: a spread-out guesser against one account', () => {
  it('locks the account after repeated failures from many addresses, in the database', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < SIGN_IN_LOCK_THRESHOLD; i += 1) {
      const wrong = await signInFrom(t.app, `10.0.8.${i + 1}`, user.email, `Wrong-pass-${i}`);
      expect(wrong.statusCode).toBe(401);
    }
    // The right password from yet another address is refused while the lock holds...
    const locked = await signInFrom(t.app, '10.0.9.1', user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: messages.auth.accountLocked,
    });
    expect(locked.headers['set-cookie']).toBeUndefined();

    // ...and by a second instance of the app on the same database.
    const second = await buildApp({ config: t.config, logger: false });
    try {
      await second.ready();
      const elsewhere = await signInFrom(second, '10.0.9.2', user.email, user.password);
      expect(elsewhere.statusCode).toBe(429);
      expect(errorOf(elsewhere).code).toBe('ACCOUNT_LOCKED');
    } finally {
      await second.close();
    }
  });

  it('answers an unknown email the same way, so the lock reveals no account', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < SIGN_IN_LOCK_THRESHOLD; i += 1) {
      await signInFrom(t.app, `10.0.10.${i + 1}`, email, `Wrong-pass-${i}`);
    }
    const locked = await signInFrom(t.app, '10.0.10.99', email, STRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).message).toBe(messages.auth.accountLocked);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await createUser(t.app);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < SIGN_IN_LOCK_THRESHOLD - 1; i += 1) {
        await signInFrom(t.app, '10.0.11.1', user.email, 'Wrong-pass-1');
      }
      const ok = await signInFrom(t.app, '10.0.11.1', user.email, user.password);
      expect(ok.statusCode).toBe(200);
    }
  });
});

describe('one set of identity rules', () => {
  it('lets nobody take another name through better-auth: update-user is not there', async () => {
    const user = await createUser(t.app);
    for (const body of [
      { displayUsername: 'admin' },
      { username: 'admin' },
      { name: '<b>x</b>'.repeat(40) },
      { name: '' },
    ]) {
      const response = await call(t.app, 'POST', '/api/auth/update-user', {
        cookie: user.cookie,
        body,
      });
      expect(response.statusCode).toBe(404);
    }
    const row = await db()
      .selectFrom('users')
      .select(['username', 'displayUsername', 'name'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.displayUsername).not.toBe('admin');
    expect(row.name).toBe(user.email.split('@')[0]);
  });

  it('refuses name and username changes even from server code calling better-auth', async () => {
    const user = await createUser(t.app);
    const headers = fromNodeHeaders({ cookie: user.cookie, origin: TEST_ORIGIN });
    for (const body of [{ displayUsername: 'admin' }, { username: 'admin' }, { name: 'x' }]) {
      await expect(t.app.deps.auth.api.updateUser({ body, headers })).rejects.toThrow();
    }
  });

  it('stores a sign-up name as plain text and refuses one longer than the cap', async () => {
    const email = uniqueEmail('markup');
    const marked = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email, password: STRONG_PASSWORD, name: '<img src=x onerror=alert(1)>Bramble' },
    });
    expect(marked.statusCode).toBe(200);
    const row = await db()
      .selectFrom('users')
      .select('name')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Bramble');

    const huge = uniqueEmail('huge');
    const response = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: huge, password: STRONG_PASSWORD, name: 'n'.repeat(60_000) },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.auth.registerFailed);
    expect(await countUsers(huge)).toBe(0);
  });

  it('caps every field the auth forwarder passes on', async () => {
    const long = 'a'.repeat(5_000);
    for (const [url, body] of [
      ['/api/auth/sign-in/email', { email: `${long}@example.com`, password: STRONG_PASSWORD }],
      ['/api/auth/sign-in/email', { email: 'someone@example.com', password: long }],
      ['/api/auth/sign-up/email', { email: `${long}@example.com`, password: STRONG_PASSWORD }],
      ['/api/auth/request-password-reset', { email: `${long}@example.com` }],
      ['/api/auth/reset-password', { token: long, newPassword: STRONG_PASSWORD }],
    ] as const) {
      const response = await call(t.app, 'POST', url, { body });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).code, url).toBe('FIELD_TOO_LONG');
    }
  });

  it('applies the password policy to change-password and admin creation too', async () => {
    const user = await createUser(t.app);
    const admin = await createUser(t.app, { role: 'admin' });
    // Not reachable over HTTP at all...
    const change = await call(t.app, 'POST', '/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'aaaaaa' },
    });
    expect(change.statusCode).toBe(404);
    const create = await call(t.app, 'POST', '/api/auth/admin/create-user', {
      cookie: admin.cookie,
      body: { email: uniqueEmail('weak'), password: 'a', name: 'weak' },
    });
    expect(create.statusCode).toBe(404);

    // ...and refused with the spec's message when server code calls better-auth directly.
    const weakMessage = `${messages.auth.weakPasswordPrefix} uppercase, numeric, special character`;
    await expect(
      t.app.deps.auth.api.changePassword({
        body: { currentPassword: user.password, newPassword: 'aaaaaa' },
        headers: fromNodeHeaders({ cookie: user.cookie, origin: TEST_ORIGIN }),
      }),
    ).rejects.toThrow(weakMessage);
    const weakEmail = uniqueEmail('weak');
    await expect(
      t.app.deps.auth.api.createUser({
        body: { email: weakEmail, password: 'a', name: 'weak' },
      }),
    ).rejects.toThrow(messages.auth.weakPasswordPrefix);
    expect(await countUsers(weakEmail)).toBe(0);
  });
});

describe('one door: the lock and the reset link', () => {
  it('lifts the lock once the owner sets a new password through the mailed link', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < SIGN_IN_LOCK_THRESHOLD; i += 1) {
      await signInFrom(t.app, `10.0.12.${i + 1}`, user.email, 'Wrong-pass-1');
    }
    const locked = await signInFrom(t.app, '10.0.12.50', user.email, user.password);
    expect(errorOf(locked).code).toBe('ACCOUNT_LOCKED');

    const token = await mailedResetToken(t, user.email);
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'Unlocked-Hog-7' },
    });
    expect(reset.statusCode).toBe(200);
    const after = await signInFrom(t.app, '10.0.12.51', user.email, 'Unlocked-Hog-7');
    expect(after.statusCode).toBe(200);
  });
});
