import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startBenchServer } from './bench-server';

/**
 * The built web app the page-weight and Lighthouse benchmarks serve: dist/client, or another
 * build named by CLIENT_DIST (to compare two builds without touching the shared one).
 */
export const CLIENT_DIST = path.resolve(
  process.env.CLIENT_DIST ?? path.join(import.meta.dirname, '..', 'dist', 'client'),
);
/** Issue 9's budget: JavaScript downloaded before /login can be typed into, compressed. */
export const LOGIN_BUDGET_BYTES = 110 * 1024;
/** What Chromium sends (it offers brotli on loopback too). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Vite's build manifest (build.manifest): each chunk, its static and dynamic imports. */
type Manifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

/** The module the /login route renders (a lazy chunk of its own). */
const LOGIN_PAGE_SOURCE = 'src/client/features/auth/components/login-page.tsx';
/** The captcha widget, which the login page imports after first paint. */
const CAPTCHA_SOURCE = 'src/client/features/auth/components/load-altcha.ts';

export interface WireFile {
  /** URL path, e.g. /assets/index-abc.js. */
  path: string;
  /** Bytes of the file as built. */
  identity: number;
  /** Body bytes on the wire with Accept-Encoding: gzip. */
  gzip: number;
  /** Body bytes on the wire with Chromium's Accept-Encoding, and the encoding the server chose. */
  browser: number;
  browserEncoding: string;
}

export interface WireTotals {
  identity: number;
  gzip: number;
  browser: number;
}

export interface PageWeight {
  /** Scripts that must arrive before the login form can be typed into. */
  login: WireFile[];
  /** Scripts of the captcha, fetched after first paint. */
  captcha: WireFile[];
  /** index.html and the stylesheets /login loads. */
  documentAndStyles: WireFile[];
  /** Every script Chromium fetched until the form and captcha were ready, as it counted them. */
  chromium: { scripts: number; encodedBytes: number; encodings: string[] };
  /** Every script of the build. */
  wholeApp: WireTotals;
}

export const totalOf = (files: readonly WireFile[]): WireTotals => ({
  identity: files.reduce((sum, f) => sum + f.identity, 0),
  gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  browser: files.reduce((sum, f) => sum + f.browser, 0),
});

/** GETs a URL over real HTTP and counts the body bytes as they came, compressed or not. */
function bodyOnTheWire(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
      res.on('error', reject);
    });
    request.on('error', reject).end();
  });
}

async function measureFile(baseUrl: string, urlPath: string): Promise<WireFile> {
  const identity = await bodyOnTheWire(`${baseUrl}${urlPath}`, 'identity');
  const gzip = await bodyOnTheWire(`${baseUrl}${urlPath}`, 'gzip');
  const browser = await bodyOnTheWire(`${baseUrl}${urlPath}`, BROWSER_ACCEPT_ENCODING);
  return {
    path: urlPath,
    identity: identity.bytes,
    gzip: gzip.bytes,
    browser: browser.bytes,
    browserEncoding: browser.encoding,
  };
}

function readManifest(): Manifest {
  const file = path.join(CLIENT_DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`no ${file}: build with build.manifest (vite.config.ts)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The chunk of `key` and every chunk it imports statically, as URL paths. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  const file = `/${chunk.file}`;
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * Bytes on the wire for /login, against the built app on the real server. Which scripts come
 * before the form can be typed into is read from the build manifest: the entry and the login
 * route's chunk with everything they import statically (the captcha is a dynamic import made after
 * first paint). Each file is then fetched over HTTP three ways (no compression, gzip only, and with
 * Chromium's Accept-Encoding), and Chromium loads /login for real to show what it fetched.
 */
export async function measurePageWeight(): Promise<PageWeight> {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  const loginPaths = staticClosure(manifest, LOGIN_PAGE_SOURCE, staticClosure(manifest, entryKey));
  const captchaPaths = [...staticClosure(manifest, CAPTCHA_SOURCE)].filter(
    (p) => !loginPaths.has(p),
  );

  const server = await startBenchServer({ STATIC_DIR: CLIENT_DIST });
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const fetched: { path: string; type: string; encodedBytes: number; encoding: string }[] = [];
    try {
      const page = await browser.newPage();
      const pending: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        pending.push(
          (async () => {
            const response = await request.response();
            const sizes = await request.sizes();
            fetched.push({
              path: new URL(request.url()).pathname,
              type: request.resourceType(),
              encodedBytes: sizes.responseBodySize,
              encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
            });
          })(),
        );
      });
      await page.goto(`${server.url}/login`);
      await page.getByLabel(/email/i).waitFor();
      // The visitor starts on the form: the captcha's script loads then (or after 3 s).
      await page.getByLabel(/email/i).focus();
      await page.locator('altcha-widget input[type="checkbox"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
    } finally {
      await browser.close();
    }
    const scripts = fetched.filter((f) => f.type === 'script');
    const missing = [...loginPaths].filter((p) => !scripts.some((s) => s.path === p));
    if (missing.length > 0) throw new Error(`Chromium did not fetch ${missing.join(', ')}`);

    const measureAll = (paths: Iterable<string>) =>
      Promise.all([...paths].sort().map((p) => measureFile(server.url, p)));
    const styles = fetched.filter((f) => f.type === 'stylesheet').map((f) => f.path);
    const allScripts = readdirSync(path.join(CLIENT_DIST, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/assets/${f}`);
    return {
      login: await measureAll(loginPaths),
      captcha: await measureAll(captchaPaths),
      documentAndStyles: await measureAll(['/login', ...new Set(styles)]),
      chromium: {
        scripts: scripts.length,
        encodedBytes: scripts.reduce((sum, s) => sum + s.encodedBytes, 0),
        encodings: [...new Set(scripts.map((s) => s.encoding))].sort(),
      },
      wholeApp: totalOf(await measureAll(allScripts)),
    };
  } finally {
    await server.close();
  }
}
