import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { messages } from '../../lib/messages';
import type { Captcha } from '../captcha/captcha';
import { errorBody } from '../http/errors';
import type { RateLimitRule } from '../http/rate-limits';
import { AUTH_BASE_PATH, type Auth } from './auth';

interface AuthRouteOptions {
  auth: Auth;
  /** True when an account with this (normalised) email exists. */
  emailTaken: (email: string) => Promise<boolean>;
  captcha: Captcha;
  appUrl: string;
  authRateLimit: RateLimitRule;
}

/** What each auth endpoint says when it fails: the spec's texts, never better-auth's own. */
function failureMessage(path: string, status: number, code: string, original: string): string {
  if (status >= 500) return messages.generic.serverError;
  switch (path) {
    case '/sign-in/email':
      return messages.auth.invalidCredentials;
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
    default:
      return original || messages.generic.actionFailed;
  }
}

function hasEmailAndPassword(body: unknown): boolean {
  const b = (body ?? {}) as Record<string, unknown>;
  return (
    typeof b.email === 'string' &&
    b.email.trim() !== '' &&
    typeof b.password === 'string' &&
    b.password !== ''
  );
}

/**
 * Mounts better-auth under /api/auth. Fastify parses and limits the body, applies the rate
 * limits and the captcha, then hands a Fetch Request to better-auth and rewrites its errors
 * into our `{ error: { code, message } }` shape with the spec's texts.
 */
export function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const { auth, captcha } = options;

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, options.appUrl);
    const path = url.pathname.slice(AUTH_BASE_PATH.length);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else headers.set(name, value);
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    headers.delete('content-length');
    const response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
      }),
    );

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

  /** A rate-limited endpoint better-auth answers, after `preHandler`'s checks when given. */
  const forwardLimited = (path: string, preHandler?: preHandlerAsyncHookHandler) => {
    app.post(`${AUTH_BASE_PATH}${path}`, {
      config: { rateLimit: options.authRateLimit },
      schema: { hide: true },
      ...(preHandler ? { preHandler } : {}),
      handler: forward,
    });
  };
  const credentialsRequired = (reply: FastifyReply) =>
    reply
      .status(400)
      .send(errorBody('CREDENTIALS_REQUIRED', messages.auth.emailAndPasswordRequired));

  forwardLimited('/sign-in/email', async (request, reply) => {
    if (!hasEmailAndPassword(request.body)) return credentialsRequired(reply);
    const payload = request.headers['x-captcha'];
    const solved = await captcha.verify(typeof payload === 'string' ? payload : undefined);
    if (!solved) {
      return reply.status(400).send(errorBody('CAPTCHA_REQUIRED', messages.auth.captchaRequired));
    }
  });
  forwardLimited('/sign-up/email', async (request, reply) => {
    if (!hasEmailAndPassword(request.body)) return credentialsRequired(reply);
    // better-auth answers a taken email with a decoy success; the spec wants the failure text.
    const { email } = request.body as { email: string };
    if (await options.emailTaken(email)) {
      return reply.status(400).send(errorBody('EMAIL_TAKEN', messages.auth.registerFailed));
    }
  });
  forwardLimited('/request-password-reset');
  forwardLimited('/reset-password');
  forwardLimited('/sign-in/anonymous');
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: forward,
  });

  app.get('/api/captcha/challenge', {
    schema: { tags: ['auth'], summary: 'A fresh proof-of-work challenge for the login form' },
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
    },
  });
}
