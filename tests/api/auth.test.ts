import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import { RESET_LINKS_LIVE_MAX } from '../../src/server/auth/reset-links';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  sessionCookie,
  signIn,
  solveCaptcha,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
  mailedResetToken,
} from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countUsers(email: string) {
  const rows = await t.app.deps.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .execute();
  return rows.length;
}

describe('register', () => {
  it('lists exactly the missing parts of a weak password and creates nothing', async () => {
    const email = uniqueEmail();
    const response = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email, password: 'abc', name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(
      `${messages.auth.weakPasswordPrefix} uppercase, numeric, special character, minimum length 6`,
    );
    expect(await countUsers(email)).toBe(0);
  });

  it('requires email and password', async () => {
    const response = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.auth.emailAndPasswordRequired);
  });

  it('creates one account without signing it in', async () => {
    const email = uniqueEmail();
    const response = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email, password: STRONG_PASSWORD, name: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie'] ?? '').not.toContain('session_token=');
    expect(await countUsers(email)).toBe(1);
  });

  it('refuses a taken email with the failure text and makes no second account', async () => {
    const email = uniqueEmail();
    await createUser(t.app, { email });
    const response = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: email.toUpperCase(), password: STRONG_PASSWORD, name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.auth.registerFailed);
    expect(await countUsers(email)).toBe(1);
  });

  it('generates the username from the email, with a 4-digit suffix when taken', async () => {
    const first = await createUser(t.app, { email: 'bramble.hog@example.com' });
    const second = await createUser(t.app, { email: 'bramble-hog@example.org' });
    const short = await createUser(t.app, { email: 'a.b@example.com' });
    const names = await t.app.deps.database.db
      .selectFrom('users')
      .select(['id', 'displayUsername'])
      .where('id', 'in', [first.id, second.id, short.id])
      .execute();
    const byId = Object.fromEntries(names.map((n) => [n.id, n.displayUsername]));
    expect(byId[first.id]).toBe('bramblehog');
    expect(byId[second.id]).toMatch(/^bramblehog\d{4}$/);
    expect(byId[short.id]).toBe('user');
  });
});

describe('login', () => {
  it('refuses a sign-in without a captcha solution, whatever the browser does', async () => {
    const user = await createUser(t.app);
    const response = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.auth.captchaRequired);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a forged captcha payload', async () => {
    const user = await createUser(t.app);
    const forged = Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64');
    const response = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
      headers: { 'x-captcha': forged },
    });
    expect(errorOf(response).message).toBe(messages.auth.captchaRequired);
  });

  it('accepts a captcha solution once only', async () => {
    const user = await createUser(t.app);
    const payload = await solveCaptcha(t.app);
    const first = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
      headers: { 'x-captcha': payload },
    });
    expect(first.statusCode).toBe(200);
    const replay = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
      headers: { 'x-captcha': payload },
    });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).message).toBe(messages.auth.captchaRequired);
  });

  it('says the credentials are invalid for a wrong password or an unknown email', async () => {
    const user = await createUser(t.app);
    for (const body of [
      { email: user.email, password: 'Wrong-pass-1' },
      { email: uniqueEmail('nobody'), password: STRONG_PASSWORD },
    ]) {
      const response = await call(t.app, 'POST', '/api/auth/sign-in/email', {
        body,
        headers: { 'x-captcha': await solveCaptcha(t.app) },
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(messages.auth.invalidCredentials);
    }
  });

  it('requires email and password before anything else', async () => {
    const response = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'someone@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.auth.emailAndPasswordRequired);
  });

  it('signs in with an httpOnly SameSite cookie and knows who you are', async () => {
    const email = uniqueEmail();
    await createUser(t.app, { email });
    const response = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email, password: STRONG_PASSWORD },
      headers: { 'x-captcha': await solveCaptcha(t.app) },
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const me = await call(t.app, 'GET', '/api/me', { cookie: sessionCookie(response) });
    expect(me.json<{ user: unknown }>().user).toMatchObject({
      email,
      role: 'user',
      isAdmin: false,
      isAnonymous: false,
      points: 0,
    });
  });

  it('records the last login', async () => {
    const user = await createUser(t.app);
    const row = await t.app.deps.database.db
      .selectFrom('users')
      .select('lastLogin')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.lastLogin).not.toBeNull();
  });
});

describe('guests and sign-out', () => {
  it('continues as a guest with role guest and email "guest"', async () => {
    const cookie = await createGuest(t.app);
    const me = await call(t.app, 'GET', '/api/me', { cookie });
    expect(me.json<{ user: unknown }>().user).toMatchObject({
      role: 'guest',
      isAnonymous: true,
      email: 'guest',
      displayName: 'Guest User',
    });
  });

  it('signs out: the session no longer knows you', async () => {
    const user = await createUser(t.app);
    const out = await call(t.app, 'POST', '/api/auth/sign-out', { body: {}, cookie: user.cookie });
    expect(out.statusCode).toBe(200);
    const me = await call(t.app, 'GET', '/api/me', { cookie: user.cookie });
    expect(me.json()).toEqual({ user: null });
  });

  it('signs in again from a browser that still sends the ended session’s cookie', async () => {
    const user = await createUser(t.app);
    await call(t.app, 'POST', '/api/auth/sign-out', { body: {}, cookie: user.cookie });
    const again = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      cookie: user.cookie,
      body: { email: user.email, password: user.password },
      headers: { 'x-captcha': await solveCaptcha(t.app) },
    });
    expect(again.statusCode).toBe(200);
    const me = await call(t.app, 'GET', '/api/me', { cookie: sessionCookie(again) });
    expect(me.json<{ user: { id: string } | null }>().user?.id).toBe(user.id);
  });

  it('answers signed-out visitors with no user', async () => {
    const me = await call(t.app, 'GET', '/api/me');
    expect(me.json()).toEqual({ user: null });
  });
});

describe('password reset', () => {
  it('gives the same answer for a known and an unknown email, mailing only the known', async () => {
    const user = await createUser(t.app);
    const before = t.sentMail.length;
    const known = await call(t.app, 'POST', '/api/auth/request-password-reset', {
      body: { email: user.email, redirectTo: '/reset-password' },
    });
    const unknown = await call(t.app, 'POST', '/api/auth/request-password-reset', {
      body: { email: uniqueEmail('ghost'), redirectTo: '/reset-password' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json<{ message: string }>().message).toBe(messages.auth.resetRequested);
    expect(t.sentMail.length).toBe(before + 1);
    expect(t.sentMail.at(-1)?.to).toBe(user.email);
  });

  it('resets with the mailed link once; the link then stops working', async () => {
    const user = await createUser(t.app);
    await call(t.app, 'POST', '/api/auth/request-password-reset', {
      body: { email: user.email, redirectTo: '/reset-password' },
    });
    const link = t.sentMail.at(-1)?.link ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = new URL(link).searchParams.get('token');

    const weak = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).message).toContain(messages.auth.weakPasswordPrefix);

    const newPassword = 'New-Hedgehog-2';
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword },
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t.app, user.email, newPassword)).resolves.toContain('session_token=');

    const again = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'Another-Hog-3' },
    });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(messages.auth.resetLinkInvalid);
  });

  it("ends every other link of the account once one has reset it, and no one else's", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const first = await mailedResetToken(t, user.email);
    const second = await mailedResetToken(t, user.email);
    const othersLink = await mailedResetToken(t, other.email);

    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: second, newPassword: 'New-Hedgehog-2' },
    });
    expect(reset.statusCode).toBe(200);

    // An older mail (forwarded, in a shared inbox) can no longer take the account back.
    const stale = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: first, newPassword: 'Taken-Back-3' },
    });
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).message).toBe(messages.auth.resetLinkInvalid);
    await expect(signIn(t.app, user.email, 'New-Hedgehog-2')).resolves.toContain('session_token=');

    const othersReset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: othersLink, newPassword: 'Other-Hedgehog-4' },
    });
    expect(othersReset.statusCode).toBe(200);
  });

  it(`mails an account at most ${RESET_LINKS_LIVE_MAX} live links, answering further requests alike`, async () => {
    const user = await createUser(t.app);
    const ask = () =>
      call(t.app, 'POST', '/api/auth/request-password-reset', {
        body: { email: user.email, redirectTo: '/reset-password' },
      });
    const mailsTo = () => t.sentMail.filter((mail) => mail.to === user.email);
    for (let i = 0; i < RESET_LINKS_LIVE_MAX; i += 1) await ask();
    expect(mailsTo()).toHaveLength(RESET_LINKS_LIVE_MAX);

    // A flood of requests for someone else's address fills no inbox: same answer, no mail.
    const more = await ask();
    expect(more.statusCode).toBe(200);
    expect(more.json<{ message: string }>().message).toBe(messages.auth.resetRequested);
    await ask();
    expect(mailsTo()).toHaveLength(RESET_LINKS_LIVE_MAX);

    // Once a link has been used, the account may ask again.
    const token = new URL(mailsTo().at(-1)?.link ?? '').searchParams.get('token');
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'New-Hedgehog-2' },
    });
    expect(reset.statusCode).toBe(200);
    await ask();
    expect(mailsTo()).toHaveLength(RESET_LINKS_LIVE_MAX + 1);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.app);
    const token = await mailedResetToken(t, user.email);
    await t.app.deps.database.raw
      .updateTable('verifications' as never)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() } as never)
      .execute();
    const response = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'New-Hedgehog-2' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.auth.resetLinkInvalid);
  });
});

describe('in production', () => {
  it('marks the session cookie Secure as well as httpOnly and SameSite', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    try {
      const email = uniqueEmail('prod');
      await call(prod.app, 'POST', '/api/auth/sign-up/email', {
        body: { email, password: STRONG_PASSWORD, name: 'prod' },
      });
      const response = await call(prod.app, 'POST', '/api/auth/sign-in/email', {
        body: { email, password: STRONG_PASSWORD },
        headers: { 'x-captcha': await solveCaptcha(prod.app) },
      });
      expect(response.statusCode).toBe(200);
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/session_token=[^;]+;.*Secure/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
    } finally {
      await prod.close();
    }
  });
});
