import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { precompressBody, sendPrecompressed, type PrecompressedBody } from './compression';
import { sessionCookieOf } from './session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the app's page for a deep link; set when there is a build to serve. */
    sendSpaPage?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Every page first asks who the viewer is (GET /api/me) before it shows anything: the request
 * starts with the page instead of after the app's scripts have run. `crossorigin` gives it the
 * credentials mode of the app's own fetch (same-origin), so the browser reuses the answer.
 */
const ME_PRELOAD = '<link rel="preload" href="/api/me" as="fetch" crossorigin>';

/**
 * What a page asks the API for first, once the viewer is known, for a visitor with a session
 * (a reader or a guest): fetched with the page, as /api/me is (issue 9: /bingo's first paint of
 * its card waited on scripts, then /api/grids, then the card). Only for a session cookie: a
 * signed-out visitor would get a 401, an error in the console, for a page they are sent away from.
 */
const SIGNED_IN_DATA_PRELOADS: Partial<Record<string, string[]>> = {
  bingo: ['/api/grids'],
};

/** The part of Vite's build manifest (.vite/manifest.json) we read. */
export type BuildManifest = Record<
  string,
  { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

/** The chunk of `key` and every chunk it imports statically, as URL paths. */
function staticClosure(manifest: BuildManifest, key: string, into = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The stylesheets of those chunks, in their order, as URL paths. */
function stylesOf(manifest: BuildManifest, files: Set<string>): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk]));
  const styles = new Set<string>();
  for (const file of files) {
    for (const css of byFile.get(file)?.css ?? []) styles.add(`/${css}`);
  }
  return [...styles];
}

export interface PagePreload {
  scripts: string[];
  styles: string[];
}

/**
 * For each page, keyed by the first segment of its URL, what to fetch with the app: the page's
 * lazy chunk and what it imports, and their stylesheets, less what index.html loads already. A
 * page is found by the client's convention, `/login` ->
 * `features/<feature>/components/login-page.tsx` (one chunk per page, lazy-pages.ts); a page that
 * does not follow it simply gets no preload.
 */
export function pagePreloads(manifest: BuildManifest): Map<string, PagePreload> {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const withApp = entry ? staticClosure(manifest, entry) : new Set<string>();
  const appStyles = new Set(stylesOf(manifest, withApp));
  const preloads = new Map<string, PagePreload>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const page = /\/components\/([a-z][a-z-]*)-page\.tsx$/.exec(key);
    if (!page || !chunk.isDynamicEntry) continue;
    const closure = staticClosure(manifest, key);
    preloads.set(page[1]!, {
      scripts: [...closure].filter((file) => !withApp.has(file)),
      styles: stylesOf(manifest, closure).filter((file) => !appStyles.has(file)),
    });
  }
  return preloads;
}

function readManifest(root: string): BuildManifest {
  const file = path.join(root, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : {};
}

/** Sends an app page (compressed once), never cached stale. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: PrecompressedBody) {
  void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  return sendPrecompressed(request, reply, page);
}

/**
 * Serves the built React app: hashed assets with a long cache, sent as the build pre-compressed
 * them (name.br, name.gz), and index.html (with the support address filled in) for every other
 * GET outside /api, so deep links work. A deep link's page also names its page's chunk
 * (`<link rel="modulepreload">`), so the browser fetches it beside the app instead of after it;
 * each variant is compressed once, when first asked for. Returns false when there is no build.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { staticDir: string; supportEmail: string },
): Promise<boolean> {
  const root = path.resolve(options.staticDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8')
    .replaceAll('%SUPPORT_EMAIL%', escapeAttribute(options.supportEmail))
    .replace('</head>', `${ME_PRELOAD}</head>`);
  const plainPage = precompressBody(indexHtml);
  const preloads = pagePreloads(readManifest(root));
  const pages = new Map<string, PrecompressedBody>();

  function pageFor(url: string, signedIn: boolean): PrecompressedBody {
    const segment = new URL(url, 'http://x').pathname.split('/')[1] ?? '';
    const preload = preloads.get(segment) ?? { scripts: [], styles: [] };
    const data = signedIn ? (SIGNED_IN_DATA_PRELOADS[segment] ?? []) : [];
    if (preload.scripts.length + preload.styles.length + data.length === 0) return plainPage;
    const key = `${segment}${data.length > 0 ? ' signed-in' : ''}`;
    let page = pages.get(key);
    if (!page) {
      // The page's stylesheets would otherwise be asked for only once its chunk runs, a round
      // trip after the scripts (issue 9); the app's loader finds them here and adds no second.
      const links = [
        ...preload.scripts.map(
          (file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`,
        ),
        ...preload.styles.map(
          (file) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(file)}">`,
        ),
        ...data.map(
          (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin>`,
        ),
      ].join('');
      page = precompressBody(indexHtml.replace('</head>', `${links}</head>`));
      pages.set(key, page);
    }
    return page;
  }

  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    preCompressed: true,
    // The build's own notes (.vite/manifest.json) are for this server, not for visitors.
    allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        void res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  // '/' itself is the app (it leads to /login): the static plugin would answer it with a 403,
  // as a directory it may not list (issue 8).
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, plainPage));
  app.get('/index.html', { schema: { hide: true } }, (request, reply) =>
    sendPage(request, reply, plainPage),
  );
  app.decorate('sendSpaPage', (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply, pageFor(request.url, sessionCookieOf(request.headers.cookie) !== '')),
  );
  return true;
}
