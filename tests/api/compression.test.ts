import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/vite-precompress';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/server/http/compression';
import { createGrid } from '../helpers/bingo';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

// Issue 9: HTML, JS, CSS and JSON over 1 KB travel compressed (brotli, gzip fallback); static
// files as the build pre-compressed them; Server-Sent Events untouched.

const SUPPORT_EMAIL = 'help@hedgehogs.example';
/** A script of a few KB that compresses well, as a built chunk would. */
const SCRIPT = Array.from(
  { length: 200 },
  (_, i) => `export const hedgehog${i} = () => "hedgehog number ${i} curls up";`,
).join('\n');
const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';
const STYLES_PATH = '/assets/index-Ef56Gh78.css';
const TINY_PATH = '/assets/tiny-Ij90Kl12.js';
/** index.html over the threshold, with the support address to fill in. */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta name="support-email" content="%SUPPORT_EMAIL%">' +
  `<meta name="description" content="${'A playful reading challenge. '.repeat(40)}"></head>` +
  '<body><div id="root"></div></body></html>';

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

function varyOf(response: LightMyRequestResponse): string {
  return String(response.headers.vary ?? '').toLowerCase();
}

let t: TestApp;
let staticDir: string;
let reader: TestUser;
let gridId: string;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'bingo-compress-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(staticDir, SCRIPT_PATH), SCRIPT);
  writeFileSync(path.join(staticDir, STYLES_PATH), `.card{color:red}\n`.repeat(100));
  writeFileSync(path.join(staticDir, TINY_PATH), 'export const tiny = 1;');
  // Vite's manifest: the login page is a lazy chunk with a chunk of its own and one it shares.
  mkdirSync(path.join(staticDir, '.vite'));
  writeFileSync(
    path.join(staticDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: SCRIPT_PATH.slice(1), isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-Zz.js' },
      '_form.js': { file: 'assets/form-field-Yy.js', imports: ['_react.js'] },
      'src/client/features/auth/components/login-page.tsx': {
        file: 'assets/login-page-Xx.js',
        isDynamicEntry: true,
        imports: ['_form.js', '_react.js'],
      },
      // A page with a stylesheet of its own, and one from a chunk it imports.
      '_list.js': { file: 'assets/list-Ww.js', css: ['assets/list-Ww.css'] },
      'src/client/features/profile/components/profile-page.tsx': {
        file: 'assets/profile-page-Vv.js',
        isDynamicEntry: true,
        imports: ['_list.js', '_react.js'],
        css: ['assets/profile-page-Vv.css'],
      },
    }),
  );
  // What `vite build` does to dist/client through our plugin.
  precompressDirectory(staticDir);
  t = await createTestApp({ STATIC_DIR: staticDir, SUPPORT_EMAIL });
  reader = await createUser(t.app);
  gridId = (await createGrid(t.app)).id;
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('API answers', () => {
  it('sends JSON over 1 KB in brotli when the browser accepts it, gzip otherwise', async () => {
    const plain = await call(t.app, 'GET', `/api/bingo/grids/${gridId}`, { cookie: reader.cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
    ] as const) {
      const response = await call(t.app, 'GET', `/api/bingo/grids/${gridId}`, {
        cookie: reader.cookie,
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(varyOf(response)).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(expected, response.rawPayload))).toEqual(plain.json());
    }
  });

  it('compresses the OpenAPI document', async () => {
    const response = await call(t.app, 'GET', '/api/docs/json', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(decode('br', response.rawPayload)) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('never inflates a compressed request body: a few KB could unpack past the body limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ email: 'zip@example.com', password: 'Hedgehog-1' })),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('MALFORMED_JSON');
  });

  it('sends small answers as they are', async () => {
    const response = await call(t.app, 'GET', '/api/health', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('the built app', () => {
  it('serves scripts and styles as the build pre-compressed them, cached for good', async () => {
    for (const [file, type] of [
      [SCRIPT_PATH, 'javascript'],
      [STYLES_PATH, 'text/css'],
    ] as const) {
      const original = readFileSync(path.join(staticDir, file));
      for (const [accept, encoding, suffix] of [
        ['gzip, deflate, br, zstd', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
      ] as const) {
        const response = await call(t.app, 'GET', file, { headers: { 'accept-encoding': accept } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toContain(type);
        expect(varyOf(response)).toContain('accept-encoding');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        // Byte for byte the file the build wrote: nothing is compressed per request.
        expect(
          response.rawPayload.equals(readFileSync(path.join(staticDir, `${file}${suffix}`))),
        ).toBe(true);
        expect(decode(encoding, response.rawPayload)).toBe(original.toString('utf8'));
      }
      const plain = await call(t.app, 'GET', file);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(original)).toBe(true);
    }
  });

  it('leaves files under 1 KB uncompressed at build', () => {
    expect(() => readFileSync(path.join(staticDir, `${TINY_PATH}.br`))).toThrow();
    expect(() => readFileSync(path.join(staticDir, `${TINY_PATH}.gz`))).toThrow();
  });

  it('compresses the app page for deep links and /index.html, support address filled in', async () => {
    for (const url of ['/login', '/bingo', '/index.html']) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await call(t.app, 'GET', url, { headers: { 'accept-encoding': accept } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(varyOf(response)).toContain('accept-encoding');
        const html = decode(encoding, response.rawPayload);
        expect(html).toContain(`content="${SUPPORT_EMAIL}"`);
        expect(html).not.toContain('%SUPPORT_EMAIL%');
      }
      const plain = await call(t.app, 'GET', url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain(`content="${SUPPORT_EMAIL}"`);
    }
  });
});

describe('deep links', () => {
  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("name their page's chunks for the browser to fetch beside the app", async () => {
    const response = await call(t.app, 'GET', '/login?next=1', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    const html = decode('br', response.rawPayload);
    // The page's chunk and what it imports, not what the app itself loads already.
    expect(preloadsOf(html)).toEqual(['/assets/login-page-Xx.js', '/assets/form-field-Yy.js']);
    expect(html).toContain(`content="${SUPPORT_EMAIL}"`);
  });

  it("link their page's stylesheets, so they load beside the app instead of after its scripts", async () => {
    const html = (await call(t.app, 'GET', '/profile')).body;
    expect(preloadsOf(html)).toEqual(['/assets/profile-page-Vv.js', '/assets/list-Ww.js']);
    const styles = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(styles).toEqual(['/assets/profile-page-Vv.css', '/assets/list-Ww.css']);
    // Only that page's: the login page has none.
    expect((await call(t.app, 'GET', '/login')).body).not.toContain('rel="stylesheet"');
  });

  it("start a signed-in reader's card data with /bingo, and never for a visitor who would be refused it", async () => {
    const preload = '<link rel="preload" href="/api/grids" as="fetch" crossorigin>';
    const signedIn = await call(t.app, 'GET', '/bingo', { cookie: reader.cookie });
    expect(signedIn.body).toContain(preload);
    // The preloaded request is one the app makes, and it answers the reader.
    expect((await call(t.app, 'GET', '/api/grids', { cookie: reader.cookie })).statusCode).toBe(
      200,
    );
    // Signed out it would be a 401, an error in the console: it is not asked for.
    expect((await call(t.app, 'GET', '/bingo')).body).not.toContain(preload);
    expect((await call(t.app, 'GET', '/rules', { cookie: reader.cookie })).body).not.toContain(
      preload,
    );
  });

  it('start asking who the viewer is with the page, for the app to reuse', async () => {
    for (const url of ['/login', '/bingo', '/index.html']) {
      const response = await call(t.app, 'GET', url);
      expect(response.body).toContain('<link rel="preload" href="/api/me" as="fetch" crossorigin>');
    }
  });

  it('keep the build manifest to the server', async () => {
    const response = await call(t.app, 'GET', '/.vite/manifest.json');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toContain('isDynamicEntry');
  });

  it('leave the page as built where no page chunk matches', async () => {
    for (const url of ['/bingo', '/index.html', '/nowhere/at/all']) {
      const response = await call(t.app, 'GET', url);
      expect(preloadsOf(response.body)).toEqual([]);
    }
  });
});

describe('Server-Sent Events over a real socket', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('streams /api/events uncompressed even when the browser accepts brotli', async () => {
    const { response, close } = await new Promise<{
      response: IncomingMessage;
      close: () => void;
    }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/events',
          headers: { cookie: reader.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
        },
        (res) => resolve({ response: res, close: () => request.destroy() }),
      );
      request.on('error', reject).end();
    });
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(response.headers['content-encoding']).toBeUndefined();
      // The first event arrives while the stream is open, as plain text: nothing buffers it.
      response.setEncoding('utf8');
      const first = await new Promise<string>((resolve) => response.once('data', resolve));
      expect(first).toContain(': connected');
    } finally {
      close();
    }
  });
});
