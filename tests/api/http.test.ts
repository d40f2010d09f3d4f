import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  solveCaptcha,
  type TestApp,
} from '../helpers/test-app';

describe('the HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'bingo-spa-'));
    writeFileSync(
      path.join(staticDir, 'index.html'),
      '<html><head><meta name="support-email" content="%SUPPORT_EMAIL%"></head><body>app</body></html>',
    );
    t = await createTestApp({ STATIC_DIR: staticDir, SUPPORT_EMAIL: 'help@hedgehogs.example' });
  });
  afterAll(() => t.close());

  it('reports health with the database kind', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.json()).toEqual({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
    });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await call(t.app, 'GET', '/api/docs/json');
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/me',
        '/api/admin/reset-date',
        '/api/admin/grids',
      ]),
    );
  });

  it('sends pages a Content Security Policy that allows only ourselves', async () => {
    const response = await call(t.app, 'GET', '/friend/some-user');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends helmet's whole set of security headers on every page", async () => {
    // Worked out once at start-up (issue 10), they must reach a deep link and a file alike.
    const answers = [
      await call(t.app, 'GET', '/friend/some-user'),
      await call(t.app, 'GET', '/index.html'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    for (const response of answers) {
      expect(response.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      // HSTS only in production (plain HTTP in tests); no X-Powered-By ever.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends every API answer the API set: nothing may load, run or frame it (decision 020)', async () => {
    // An answer, a 404, a refusal and a framework error alike: none of them is a page, so each
    // gets a policy that allows nothing, and none of the headers that only a document reads.
    const answers = [
      await call(t.app, 'GET', '/api/health'),
      await call(t.app, 'GET', '/api/nothing-here'),
      await call(t.app, 'POST', '/api/bingo/placements', {
        body: { cellId: 'x', isbn: '9780261103344' },
        headers: { origin: 'https://evil.example' },
      }),
      await call(t.app, 'GET', '/api/friends'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 403, 401]);
    for (const response of answers) {
      const security = Object.fromEntries(
        Object.entries(response.headers).filter(([name]) =>
          /^(content-security-policy|cross-origin-|origin-agent|referrer|strict-transport|x-(?!ratelimit))/.test(
            name,
          ),
        ),
      );
      expect(security).toEqual({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
    }
  });

  it("gives a path outside /api/ that merely starts like it the pages' set", async () => {
    for (const url of ['/api', '/apiary', '/API/health']) {
      const response = await call(t.app, 'GET', url);
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    }
  });

  it('serves the app for deep links, with the support address filled in', async () => {
    const response = await call(t.app, 'GET', '/friend/some-user');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('content="help@hedgehogs.example"');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await call(t.app, 'GET', '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: messages.generic.notFound });
  });

  it('refuses state-changing calls from a foreign origin, changing nothing', async () => {
    const response = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'csrf@example.com', password: 'Hedgehog-1', name: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(messages.generic.foreignOrigin);
    const rows = await t.app.deps.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'csrf@example.com')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses malformed JSON with a clear 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"email": "broken@example.com",',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.generic.malformedJson);
  });

  it('refuses an oversized body with a clear 400 and writes nothing', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const huge = 'x'.repeat(MAX_JSON_BODY_BYTES + 1);
    const response = await call(t.app, 'POST', '/api/admin/grids', {
      cookie: admin.cookie,
      body: { title: huge, challenges: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.generic.bodyTooLarge);
    const grids = await t.app.deps.database.db.selectFrom('grids').select('id').execute();
    expect(grids).toHaveLength(0);
  });
});

describe('rate limits on sign-in, sign-up and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
  });
  afterAll(() => t.close());

  it.each([
    ['/api/auth/sign-up/email', { email: 'x@example.com', password: 'weak', name: 'x' }],
    ['/api/auth/request-password-reset', { email: 'x@example.com', redirectTo: '/reset-password' }],
  ])('answers the third call to %s within a minute with 429', async (url, body) => {
    for (let i = 0; i < 2; i += 1) {
      const ok = await call(t.app, 'POST', url, { body });
      expect(ok.statusCode).not.toBe(429);
    }
    const limited = await call(t.app, 'POST', url, { body });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(messages.rateLimit.generic);
  });

  it('limits sign-in attempts too', async () => {
    const body = { email: 'nobody@example.com', password: 'Wrong-pass-1' };
    for (let i = 0; i < 2; i += 1) {
      await call(t.app, 'POST', '/api/auth/sign-in/email', {
        body,
        headers: { 'x-captcha': await solveCaptcha(t.app) },
      });
    }
    const limited = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body,
      headers: { 'x-captcha': await solveCaptcha(t.app) },
    });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(messages.rateLimit.generic);
  });
});
