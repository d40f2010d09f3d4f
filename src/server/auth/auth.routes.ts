import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, RESET_TOKEN_MAX } from '../../lib/limits';
import { messages } from '../../lib/messages';
import type { Captcha } from '../captcha/captcha';
import { errorBody } from '../http/errors';
import { captchaChallengeRateLimit, type RateLimitRule } from '../http/rate-limits';
import { AUTH_BASE_PATH, type Auth } from './auth';
import type { ResetLinks } from './reset-links';
import type { SignInLockout } from './sign-in-lockout';

interface AuthRouteOptions {
  auth: Auth;
  /** True when an account with this (normalised) email exists. */
  emailTaken: (email: string) => Promise<boolean>;
  captcha: Captcha;
  lockout: SignInLockout;
  resetLinks: ResetLinks;
  appUrl: string;
  authRateLimit: RateLimitRule;
  /**
   * Called once sign-out or a password reset has ended sessions, so every instance's session
   * cache forgets that account's sessions at once (decision 011).
   */
  sessionsEnded: (userId: string) => Promise<void>;
}

interface AuthEndpoint {
  /** The body fields passed on to better-auth, each with its longest accepted length. */
  fields: Record<string, number>;
  /** Fields we set ourselves, whatever the browser sent. */
  fixed?: Record<string, string>;
  /** Counted by the per-address auth limit. */
  limited: boolean;
}

/**
 * The better-auth endpoints the product uses (src/client/features/auth/api/auth-api.ts), all
 * POST. No other endpoint of better-auth or its plugins is reachable over HTTP: username
 * sign-in, update-user, change-password and the admin plugin's endpoints answer 404
 * (decision 007). tests/api/security-auth-surface.test.ts walks every endpoint better-auth has.
 */
export const AUTH_ENDPOINTS = {
  '/sign-in/email': { fields: { email: EMAIL_MAX, password: PASSWORD_MAX }, limited: true },
  '/sign-up/email': {
    fields: { email: EMAIL_MAX, password: PASSWORD_MAX, name: ACCOUNT_NAME_MAX },
    limited: true,
  },
  '/sign-in/anonymous': { fields: {}, limited: true },
  '/sign-out': { fields: {}, limited: false },
  '/request-password-reset': {
    fields: { email: EMAIL_MAX },
    fixed: { redirectTo: '/reset-password' },
    limited: true,
  },
  '/reset-password': {
    fields: { newPassword: PASSWORD_MAX, token: RESET_TOKEN_MAX },
    limited: true,
  },
} as const satisfies Record<string, AuthEndpoint>;

export type AuthEndpointPath = keyof typeof AUTH_ENDPOINTS;

/** What each auth endpoint says when it fails: the spec's texts, never better-auth's own. */
function failureMessage(
  path: AuthEndpointPath,
  status: number,
  code: string,
  original: string,
): string {
  if (status >= 500) return messages.generic.serverError;
  switch (path) {
    case '/sign-in/email':
      // Issue 23: a suspended reader (right password) is told until when.
      return code === 'BANNED_USER' && original ? original : messages.auth.invalidCredentials;
    case '/sign-up/email':
      return code === 'WEAK_PASSWORD' ? original : messages.auth.registerFailed;
    case '/sign-in/anonymous':
      return messages.auth.guestFailed;
    case '/sign-out':
      return messages.auth.logoutFailed;
    case '/request-password-reset':
      return messages.auth.resetRequestFailed;
    case '/reset-password':
      return code === 'WEAK_PASSWORD' ? original : messages.auth.resetLinkInvalid;
  }
}

/**
 * The body better-auth gets: only the endpoint's own fields, as strings, plus the fixed ones;
 * null when a field is longer than its cap (nothing longer is ever passed on).
 */
function bodyFor(endpoint: AuthEndpoint, raw: unknown): Record<string, string> | null {
  const source = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const body: Record<string, string> = {};
  for (const [field, max] of Object.entries(endpoint.fields)) {
    const value = source[field];
    if (typeof value !== 'string') continue;
    if (value.length > max) return null;
    body[field] = value;
  }
  return { ...body, ...endpoint.fixed };
}

function hasEmailAndPassword(body: Record<string, string>): boolean {
  return (body.email ?? '').trim() !== '' && (body.password ?? '') !== '';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body an auth route passes on to better-auth (set by its preHandler). */
    authBody?: Record<string, string>;
  }
}

/**
 * Mounts the product's better-auth endpoints under /api/auth, one route each. Fastify parses
 * and limits the body, applies the rate limits, the captcha and the account lock, then hands
 * better-auth a Fetch Request for that endpoint's own URL and rewrites its errors into our
 * `{ error: { code, message } }` shape with the spec's texts.
 */
export function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const { auth, captcha, lockout, resetLinks } = options;

  const forward = async (
    path: AuthEndpointPath,
    request: FastifyRequest,
    reply: FastifyReply,
    body: Record<string, string>,
  ) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else headers.set(name, value);
    }
    headers.delete('content-length');
    headers.set('content-type', 'application/json');
    // A cookie of a session that has ended (signed out elsewhere, suspended, reset) is not
    // passed on: better-auth would answer a sign-in by clearing it, the new session's cookie
    // with it. A live one is (a guest who registers keeps their card).
    if (path !== '/sign-out' && !(await request.viewer())) headers.delete('cookie');
    // Read before better-auth spends the token.
    const resetAccount =
      path === '/reset-password' && body.token ? await resetLinks.accountOf(body.token) : null;
    const signingOut = path === '/sign-out' ? (await request.viewer())?.id : undefined;
    // The endpoint's own URL, never the request's: better-auth answers what our guards checked.
    const response = await auth.handler(
      new Request(new URL(`${AUTH_BASE_PATH}${path}`, options.appUrl), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      }),
    );

    if (path === '/sign-in/email' && body.email) {
      // A wrong password or unknown email counts against that account, from any address;
      // written before the answer, so the next attempt sees it.
      if (response.status === 401) await lockout.recordFailure(body.email);
      else if (response.status === 200) await lockout.clear(body.email);
    }
    if (resetAccount && response.status === 200) {
      // The account's other reset links end with this one: an older mail cannot take it back.
      await resetLinks.endAll(resetAccount.userId);
      // A new password lifts the lock: whoever read the mail owns the account.
      await lockout.clear(resetAccount.email);
      // The reset revoked every session of the account.
      await options.sessionsEnded(resetAccount.userId);
    }
    // Sign-out ended this session.
    if (signingOut && response.status === 200) await options.sessionsEnded(signingOut);

    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name === 'set-cookie' || name === 'content-length') return;
      void reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) void reply.header('set-cookie', cookies);

    const text = await response.text();
    if (response.status >= 400) {
      let code = 'AUTH_ERROR';
      let original = '';
      try {
        const parsed = JSON.parse(text) as { code?: string; message?: string };
        code = parsed.code ?? code;
        original = parsed.message ?? '';
      } catch {
        // better-auth answered without JSON; the path decides the text
      }
      if (response.status >= 500) request.log.error({ path, code, original }, 'auth failed');
      return reply
        .type('application/json')
        .send(errorBody(code, failureMessage(path, response.status, code, original)));
    }
    if (path === '/request-password-reset') {
      // The same answer whether or not the account exists (SPEC.md section 5).
      return reply
        .type('application/json')
        .send({ status: true, message: messages.auth.resetRequested });
    }
    return reply.type(response.headers.get('content-type') ?? 'application/json').send(text);
  };

  const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.status(status).send(errorBody(code, message));

  /** Checks before better-auth is asked, per endpoint; a sent reply ends the request. */
  const checks: Partial<
    Record<
      AuthEndpointPath,
      (request: FastifyRequest, reply: FastifyReply, body: Record<string, string>) => unknown
    >
  > = {
    '/sign-in/email': async (request, reply, body) => {
      if (!hasEmailAndPassword(body)) {
        return refuse(reply, 400, 'CREDENTIALS_REQUIRED', messages.auth.emailAndPasswordRequired);
      }
      const payload = request.headers['x-captcha'];
      const solved = await captcha.verify(typeof payload === 'string' ? payload : undefined);
      if (!solved) return refuse(reply, 400, 'CAPTCHA_REQUIRED', messages.auth.captchaRequired);
      if (await lockout.isLocked(body.email!)) {
        return refuse(reply, 429, 'ACCOUNT_LOCKED', messages.auth.accountLocked);
      }
    },
    '/sign-up/email': async (_request, reply, body) => {
      if (!hasEmailAndPassword(body)) {
        return refuse(reply, 400, 'CREDENTIALS_REQUIRED', messages.auth.emailAndPasswordRequired);
      }
      // better-auth answers a taken email with a decoy success; the spec wants the failure text.
      if (await options.emailTaken(body.email!)) {
        return refuse(reply, 400, 'EMAIL_TAKEN', messages.auth.registerFailed);
      }
    },
  };

  for (const [path, endpoint] of Object.entries(AUTH_ENDPOINTS) as [
    AuthEndpointPath,
    AuthEndpoint,
  ][]) {
    app.post(`${AUTH_BASE_PATH}${path}`, {
      ...(endpoint.limited ? { config: { rateLimit: options.authRateLimit } } : {}),
      schema: { hide: true },
      preHandler: async (request, reply) => {
        const body = bodyFor(endpoint, request.body);
        if (!body) {
          return refuse(reply, 400, 'FIELD_TOO_LONG', failureMessage(path, 400, '', ''));
        }
        request.authBody = body;
        await checks[path]?.(request, reply, body);
      },
      handler: (request, reply) => forward(path, request, reply, request.authBody ?? {}),
    });
  }

  app.get('/api/captcha/challenge', {
    config: { rateLimit: captchaChallengeRateLimit(options.authRateLimit) },
    schema: { tags: ['auth'], summary: 'A fresh proof-of-work challenge for the login form' },
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
    },
  });
}
