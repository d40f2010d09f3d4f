import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** The password every benchmark account uses (meets SPEC.md's password policy). */
export const BENCH_PASSWORD = 'Hedgehog-1';

/** A request as our own page sends it: JSON, with the app's Origin and the session cookie. */
export function send(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      origin: new URL(app.deps.config.appUrl).origin,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const pairs = cookies.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
  if (pairs.length === 0) throw new Error(`no session cookie set (status ${response.statusCode})`);
  return pairs.join('; ');
}

/** Solves a fresh captcha challenge in Node, as the login form's widget does in the browser. */
async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await send(app, 'GET', '/api/captcha/challenge');
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface BenchAccount {
  id: string;
  email: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
}

/** Signs in through the real route (email, password, solved captcha); returns the cookie. */
export async function signIn(app: FastifyInstance, email: string, password = BENCH_PASSWORD) {
  const response = await send(app, 'POST', '/api/auth/sign-in/email', {
    body: { email, password },
    headers: { 'x-captcha': await solveCaptcha(app) },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return sessionCookie(response);
}

/** Registers an account through the real sign-up route and signs it in. */
export async function signUpAndIn(app: FastifyInstance, email: string): Promise<BenchAccount> {
  const signUp = await send(app, 'POST', '/api/auth/sign-up/email', {
    body: { email, password: BENCH_PASSWORD, name: email.split('@')[0] },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const cookie = await signIn(app, email);
  const me = await send(app, 'GET', '/api/me', { cookie });
  if (me.statusCode !== 200) throw new Error(`/api/me failed: ${me.body}`);
  const { user } = me.json<{ user: { id: string } }>();
  return { id: user.id, email, cookie };
}
