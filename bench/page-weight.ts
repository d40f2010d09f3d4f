import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startBenchServer } from './bench-server';
import { LOGIN_BUDGET_BYTES, measureLoginScripts, type LoginScripts } from './login-weight';

export { LOGIN_BUDGET_BYTES };

/**
 * The built web app the page-weight and Lighthouse benchmarks serve: dist/client, or another
 * build named by CLIENT_DIST (to compare two builds without touching the shared one).
 */
export const CLIENT_DIST = path.resolve(
  process.env.CLIENT_DIST ?? path.join(import.meta.dirname, '..', 'dist', 'client'),
);
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
  /** The scripts Chromium fetched before the login form could be typed into. */
  login: WireFile[];
  /** Scripts of the captcha, fetched after first paint. */
  captcha: WireFile[];
  /** index.html and the stylesheets /login loads. */
  documentAndStyles: WireFile[];
  /**
   * What Chromium fetched on Slow 4G before the form could be typed into, as it counted it
   * (bench/login-weight.ts, shared with tests/e2e/login-weight.spec.ts): the budget's figure.
   */
  chromium: LoginScripts;
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
 * Bytes on the wire for /login, against the built app on the real server. Chromium loads /login
 * on Slow 4G and counts what it received before the form could be typed into (the budget's
 * figure, measured as tests/e2e/login-weight.spec.ts measures it). Each of those scripts, the
 * captcha's (a dynamic import made on the visitor's first touch) and every script of the build
 * are then fetched over HTTP three ways (no compression, gzip only, and with Chromium's
 * Accept-Encoding) for the table. The build manifest cross-checks the list: the entry and the
 * login route's chunk with everything they import statically must all be among them.
 */
export async function measurePageWeight(): Promise<PageWeight> {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  const manifestPaths = staticClosure(
    manifest,
    LOGIN_PAGE_SOURCE,
    staticClosure(manifest, entryKey),
  );

  const server = await startBenchServer({ STATIC_DIR: CLIENT_DIST });
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    let measured: LoginScripts;
    const styles = new Set<string>();
    try {
      const page = await browser.newPage();
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'stylesheet') styles.add(new URL(request.url()).pathname);
      });
      measured = await measureLoginScripts(page, `${server.url}/login`);
    } finally {
      await browser.close();
    }
    const loginPaths = new Set(measured.scripts.map((s) => s.path));
    const missing = [...manifestPaths].filter((p) => !loginPaths.has(p));
    if (missing.length > 0) throw new Error(`Chromium did not fetch ${missing.join(', ')}`);
    const captchaPaths = [...staticClosure(manifest, CAPTCHA_SOURCE)].filter(
      (p) => !loginPaths.has(p),
    );

    const measureAll = (paths: Iterable<string>) =>
      Promise.all([...paths].sort().map((p) => measureFile(server.url, p)));
    const allScripts = readdirSync(path.join(CLIENT_DIST, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/assets/${f}`);
    return {
      login: await measureAll(loginPaths),
      captcha: await measureAll(captchaPaths),
      documentAndStyles: await measureAll(['/login', ...styles]),
      chromium: measured,
      wholeApp: totalOf(await measureAll(allScripts)),
    };
  } finally {
    await server.close();
  }
}
