import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import { AUTH_BASE_PATH } from '../../src/server/auth/auth';
import { AUTH_ENDPOINTS } from '../../src/server/auth/auth.routes';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 8: the better-auth surface. Every endpoint better-auth and its plugins offer, read from
 * `auth.api` (not a hand list, so a new plugin or version cannot add one unseen), answers 404
 * in our error shape, except the product's own (AUTH_ENDPOINTS), which answer POST only.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

interface EndpointInfo {
  name: string;
  path: string;
  methods: string[];
}

function betterAuthEndpoints(): EndpointInfo[] {
  const api = t.app.deps.auth.api as unknown as Record<
    string,
    { path?: string; options?: { method?: string | string[] } }
  >;
  return Object.entries(api)
    .filter(([, endpoint]) => typeof endpoint.path === 'string')
    .map(([name, endpoint]) => {
      const method = endpoint.options?.method ?? 'GET';
      const methods = (Array.isArray(method) ? method : [method]).flatMap((m) =>
        m === '*' ? ['GET', 'POST'] : [m],
      );
      return { name, path: endpoint.path!, methods };
    });
}

const allowed = new Set<string>(Object.keys(AUTH_ENDPOINTS));

describe('the better-auth surface', () => {
  it('finds better-auth endpoints to check, the product ones among them', () => {
    const paths = betterAuthEndpoints().map((e) => e.path);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of allowed) expect(paths).toContain(path);
  });

  it('answers every endpoint the product does not use with 404, even to an admin', async () => {
    const reachable: string[] = [];
    for (const endpoint of betterAuthEndpoints()) {
      for (const method of endpoint.methods) {
        if (allowed.has(endpoint.path) && method === 'POST') continue;
        const url = `${AUTH_BASE_PATH}${endpoint.path.replace(/:(\w+)/g, 'x')}`;
        const response = await call(t.app, method, url, {
          cookie: admin.cookie,
          ...(method === 'GET' ? {} : { body: {} }),
        });
        if (
          response.statusCode !== 404 ||
          errorOf(response).message !== messages.generic.notFound
        ) {
          reachable.push(`${method} ${url} -> ${response.statusCode}`);
        }
      }
    }
    expect(reachable).toEqual([]);
  });

  it.each([...allowed])('reaches POST %s', async (path) => {
    const response = await call(t.app, 'POST', `${AUTH_BASE_PATH}${path}`, { body: {} });
    expect(response.statusCode).not.toBe(404);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('allows exactly the endpoints the browser calls', () => {
    const source = readFileSync('src/client/features/auth/api/auth-api.ts', 'utf8');
    const called = [...source.matchAll(/'\/api\/auth(\/[\w/-]+)'/g)].map((m) => m[1]);
    expect(new Set(called)).toEqual(allowed);
  });
});
