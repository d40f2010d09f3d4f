import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer';
import { createTestDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';
export const STRONG_PASSWORD = 'Hedgehog-1';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Mail the app sent through the in-memory mailer (tests of real SMTP pass their own). */
  sentMail: MailMessage[];
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database (SQLite file, or PostgreSQL with DATABASE_URL).
 * `env` adds to the test environment; `config` replaces parts of the config built from it,
 * for settings the environment does not carry (e.g. `socialRateLimits`, `readingRateLimits`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** `'real'` keeps the app's own mailer (SMTP_URL or the outbox). */
    mailer?: Mailer | 'real';
    config?: Partial<AppConfig>;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      APP_URL: TEST_ORIGIN,
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
      CAPTCHA_COST: '1',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent-static-dir',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...testDb.env,
      ...env,
    }),
    ...options.config,
  };
  const sentMail: MailMessage[] = [];
  const recording: Mailer = {
    send: (message) => {
      sentMail.push(message);
      return Promise.resolve();
    },
  };
  const mailer = options.mailer === 'real' ? undefined : (options.mailer ?? recording);
  const app = await buildApp({ config, mailer, logger: false });
  await migrateToLatest(app.deps.database);
  await app.ready();
  return {
    app,
    config,
    sentMail,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/** Sends a request as a browser on our own page would: JSON, with our Origin and a cookie. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

/** Asks for a reset mail for `email`, as the forgot-password page does; the mailed link's token. */
export async function mailedResetToken(t: TestApp, email: string): Promise<string | null> {
  await call(t.app, 'POST', '/api/auth/request-password-reset', {
    body: { email, redirectTo: '/reset-password' },
  });
  return new URL(t.sentMail.at(-1)?.link ?? '').searchParams.get('token');
}

/** The session cookie a response set, ready for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const pairs = cookies.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
  if (pairs.length === 0) throw new Error(`no cookie set (status ${response.statusCode})`);
  return pairs.join('; ');
}

/** Solves a fresh captcha challenge as the browser widget would, returning its payload. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await call(app, 'GET', '/api/captcha/challenge');
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let counter = 0;

/** A unique email for a test account. */
export function uniqueEmail(prefix = 'reader'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** Registers an account and signs it in (solving the captcha); `role: 'admin'` promotes it. */
export async function createUser(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; role?: 'user' | 'admin' } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const signUp = await call(app, 'POST', '/api/auth/sign-up/email', {
    body: { email, password, name: email.split('@')[0] },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  if (overrides.role === 'admin') {
    await app.deps.database.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('email', '=', email.toLowerCase())
      .execute();
  }
  const cookie = await signIn(app, email, password);
  const me = await call(app, 'GET', '/api/me', { cookie });
  const { user } = me.json<{ user: { id: string } }>();
  return { id: user.id, email, password, cookie };
}

/** Signs in with email and password and a solved captcha; returns the session cookie. */
export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await call(app, 'POST', '/api/auth/sign-in/email', {
    body: { email, password },
    headers: { 'x-captcha': await solveCaptcha(app) },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return sessionCookie(response);
}

/** Starts a guest session (anonymous sign-in); returns its cookie. */
export async function createGuest(app: FastifyInstance): Promise<string> {
  const response = await call(app, 'POST', '/api/auth/sign-in/anonymous', { body: {} });
  if (response.statusCode !== 200) throw new Error(`guest sign-in failed: ${response.body}`);
  return sessionCookie(response);
}

/** The `{ error: { code, message } }` body of a failed response. */
export function errorOf(response: LightMyRequestResponse) {
  return response.json<{ error: { code: string; message: string } }>().error;
}
