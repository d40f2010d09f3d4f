import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createUser,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app';
import { decodeQuotedPrintable, startSmtpServer } from '../helpers/smtp';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The app's own mailer (no test double): SMTP_URL points at the real server above.
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Bingo <bingo@example.com>' },
    { mailer: 'real' },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it('sends the reset mail over SMTP with a working one-time link', async () => {
  const email = uniqueEmail('smtp');
  const user = await createUser(t.app, { email });
  const response = await call(t.app, 'POST', '/api/auth/request-password-reset', {
    body: { email: user.email, redirectTo: '/reset-password' },
  });
  expect(response.statusCode).toBe(200);
  await expect.poll(() => smtp.inbox.length, { timeout: 5000 }).toBe(1);

  const mail = smtp.inbox[0]!;
  expect(mail.to).toEqual([email]);
  expect(mail.from).toBe('bingo@example.com');
  const body = decodeQuotedPrintable(mail.raw);
  expect(body).toContain('Subject: Reset your Hedgehog Reading Bingo password');
  const link = /http:\/\/localhost:3000\/reset-password\?token=[\w%-]+/.exec(body)?.[0];
  expect(link).toBeDefined();

  const token = new URL(link!).searchParams.get('token');
  const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
    body: { token, newPassword: 'Mailed-Hedgehog-9' },
  });
  expect(reset.statusCode).toBe(200);
  await expect(signIn(t.app, email, 'Mailed-Hedgehog-9')).resolves.toContain('session_token=');
});
