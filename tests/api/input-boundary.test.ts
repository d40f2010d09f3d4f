import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/** Issue 8, part B: what the boundary refuses, always in our shape and our words. */
describe('the input boundary', () => {
  let t: TestApp;
  let reader: TestUser;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'bingo-boundary-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<html><body>the app</body></html>');
    // The build copies public/ into the static root; serve the real file from there.
    const robots = new URL('../../public/robots.txt', import.meta.url);
    if (existsSync(robots)) writeFileSync(path.join(staticDir, 'robots.txt'), readFileSync(robots));
    t = await createTestApp({ STATIC_DIR: staticDir });
    reader = await createUser(t.app);
  });
  afterAll(() => t.close());

  const raw = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: 'http://localhost:3000',
        cookie: reader.cookie,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });

  describe('control characters', () => {
    it.each([
      ['a bio', 'PATCH', '/api/profile', { bio: 'a\u0000b' }],
      ['a username', 'PATCH', '/api/profile', { username: 'hedge\u0000hog' }],
      ['a review', 'POST', '/api/reviews', { isbn: '9780261102217', text: 'ok\u0000', rating: 4 }],
      ['a friend search', 'POST', '/api/friends', { query: 'who\u0000' }],
      ['an escape character', 'PATCH', '/api/profile', { bio: 'bell\u0007' }],
      ['a key', 'PATCH', '/api/profile', { 'b\u0000io': 'x' }],
    ] as const)(
      'refuses NUL and other controls in %s with 400 and our text',
      async (_l, m, url, body) => {
        const response = await call(t.app, m, url, { cookie: reader.cookie, body });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(messages.generic.controlCharacters);
      },
    );

    it('refuses them in query strings and path parameters too', async () => {
      for (const url of ['/api/books/search?q=a%00b', '/api/users/ab%00cd/profile']) {
        const response = await call(t.app, 'GET', url, { cookie: reader.cookie });
        expect(response.statusCode, url).toBe(400);
        expect(errorOf(response).message).toBe(messages.generic.controlCharacters);
      }
    });

    it('refuses them on the auth forwarder', async () => {
      const response = await call(t.app, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'a\u0000@example.com', password: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(messages.generic.controlCharacters);
    });

    it('keeps newlines where text is multi-line, and refuses them where it is one line', async () => {
      const bio = await call(t.app, 'PATCH', '/api/profile', {
        cookie: reader.cookie,
        body: { bio: 'Line one\nline two\twith a tab' },
      });
      expect(bio.statusCode).toBe(200);
      expect(bio.json<{ profile: { bio: string } }>().profile.bio).toContain('\n');
      const search = await call(t.app, 'GET', '/api/books/search?q=hob%0Abit', {
        cookie: reader.cookie,
      });
      expect(search.statusCode).toBe(400);
      expect(errorOf(search).message).toBe(messages.generic.controlCharacters);
      const friend = await call(t.app, 'POST', '/api/friends', {
        cookie: reader.cookie,
        body: { query: 'a\nb' },
      });
      expect(friend.statusCode).toBe(400);
      expect(errorOf(friend).message).toBe(messages.generic.controlCharacters);
    });

    it('caps the length of a search', async () => {
      const response = await call(t.app, 'GET', `/api/books/search?q=${'a'.repeat(1500)}`, {
        cookie: reader.cookie,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    });
  });

  describe('JSON bodies', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

    it.each([
      ['an app route', 'PATCH', '/api/profile', `{"bio":${deep(30_000)}}`],
      ['the auth forwarder', 'POST', '/api/auth/sign-in/email', deep(30_000)],
    ] as const)('refuses a 30,000-deep body on %s with 400', async (_l, method, url, payload) => {
      const response = await raw(method, url, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'TOO_DEEP', message: messages.generic.tooDeep });
    });

    it('answers null, array and string bodies in our words', async () => {
      for (const payload of ['null', '[1,2]', '"bio"']) {
        const response = await raw('PATCH', '/api/profile', payload);
        expect(response.statusCode, payload).toBe(400);
        expect(errorOf(response).message).toBe(messages.generic.notAnObject);
      }
    });

    it('answers a body that is not JSON with 415 in our shape', async () => {
      for (const type of ['text/plain', 'application/xml']) {
        const response = await raw('PATCH', '/api/profile', 'bio=x', { 'content-type': type });
        expect(response.statusCode, type).toBe(415);
        expect(errorOf(response)).toEqual({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: messages.generic.unsupportedMediaType,
        });
      }
    });
  });

  describe('URLs the router cannot take', () => {
    it('answers an over-long path in our shape without echoing it', async () => {
      const id = 'x'.repeat(5000);
      const response = await raw('GET', `/api/bingo/grids/${id}/placements`);
      expect(response.statusCode).toBe(414);
      expect(errorOf(response)).toEqual({
        code: 'URL_TOO_LONG',
        message: messages.generic.urlTooLong,
      });
      expect(response.body).not.toContain('xxxxxxxx');
    });

    it('answers a badly encoded path in our shape without echoing it', async () => {
      const response = await raw('GET', '/api/books/%E0%A4%A');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'BAD_URL', message: messages.generic.badUrl });
      expect(response.body).not.toContain('%E0');
    });
  });

  describe('where a state-changing request comes from', () => {
    it('refuses a foreign Referer when there is no Origin', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: {
          cookie: reader.cookie,
          referer: 'https://evil.example/page',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ bio: 'pwned' }),
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('FOREIGN_ORIGIN');
    });

    it('takes our own Referer when there is no Origin', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: {
          cookie: reader.cookie,
          referer: 'http://localhost:3000/profile',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ bio: 'mine' }),
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('the pages', () => {
    it('serves the app at /', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('the app');
    });

    it('serves /robots.txt as a text file, not the app', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toMatch(/^User-agent:/m);
    });
  });
});
