import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { messages } from '../../src/lib/messages';
import { startSmtpServer } from '../helpers/smtp';
import { call, createTestApp, createUser, uniqueEmail, type TestApp } from '../helpers/test-app';

/**
 * Issue 8: a reset request must not reveal by its timing whether the account exists. Before,
 * the answer for a known account waited for the mail server (~300 ms against ~9 ms). Here the
 * SMTP server holds every message until the test releases it: the answer for a known account
 * must arrive while its mail is still held, exactly like the answer for an unknown one.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer({ holdMessages: true });
  t = await createTestApp({ SMTP_URL: smtp.url }, { mailer: 'real' });
});
afterAll(async () => {
  smtp.release();
  await t.close();
  await smtp.close();
});

it('answers a reset request before the mail server has accepted the mail', async () => {
  const user = await createUser(t.app);
  const body = (email: string) => ({ body: { email, redirectTo: '/reset-password' } });

  // Would hang until the test's time-out if the answer waited for the mail.
  const known = await call(t.app, 'POST', '/api/auth/request-password-reset', body(user.email));
  const unknown = await call(
    t.app,
    'POST',
    '/api/auth/request-password-reset',
    body(uniqueEmail('ghost')),
  );
  expect(smtp.inbox).toHaveLength(0);
  expect(known.statusCode).toBe(200);
  expect(unknown.statusCode).toBe(200);
  expect(known.body).toBe(unknown.body);
  expect(known.json<{ message: string }>().message).toBe(messages.auth.resetRequested);

  // The mail still goes out, once the server accepts it.
  await expect.poll(() => smtp.heldCount(), { timeout: 5000 }).toBe(1);
  smtp.release();
  await expect.poll(() => smtp.inbox.length, { timeout: 5000 }).toBe(1);
  expect(smtp.inbox[0]!.to).toEqual([user.email]);
}, 10_000);

it('still answers alike when the mail fails, and logs the failure', async () => {
  const failing = await createTestApp(
    {},
    { mailer: { send: () => Promise.reject(new Error('mail server away')) } },
  );
  try {
    const logged = vi.spyOn(failing.app.log, 'error').mockImplementation(() => undefined);
    const user = await createUser(failing.app);
    const response = await call(failing.app, 'POST', '/api/auth/request-password-reset', {
      body: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(messages.auth.resetRequested);
    await expect
      .poll(() => logged.mock.calls.map((args) => args[1] as unknown), { timeout: 5000 })
      .toContain('the password reset mail was not sent');
  } finally {
    await failing.close();
  }
});
