import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** One header helmet sets (a value) or takes away (null, e.g. X-Powered-By). */
type HeaderChange = readonly [name: string, value: string | null];

/**
 * The headers `helmet(options)` gives every answer, worked out once. helmet's output depends on
 * its options only (we use no per-request CSP nonces), so running it once against a recording
 * response gives the same headers it would give each request.
 */
export function securityHeadersOf(options: HelmetOptions): readonly HeaderChange[] {
  const changes: HeaderChange[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      changes.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      changes.push([name, null]);
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    },
  );
  return Object.freeze(changes);
}

/** Helmet's output as Fastify reply headers: lowercased names, what it takes away left out. */
function replyHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const [name, value] of securityHeadersOf(options)) {
    if (value !== null) headers[name.toLowerCase()] = value;
  }
  return Object.freeze(headers);
}

/**
 * What a page needs (the SPA, its files, share pages): helmet's whole set, with a policy that
 * allows only our own scripts, styles, workers and connections, and images from ourselves and
 * the cover hosts the catalogue uses. HSTS and upgrade-insecure-requests in production only.
 */
export function pageHelmetOptions(options: {
  imageHosts: readonly string[];
  production: boolean;
}): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...options.imageHosts],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    hsts: options.production,
  };
}

/**
 * What an API answer (JSON, an image, a download, an event stream: never a page) needs of
 * helmet, after OWASP's REST Security cheat sheet: a policy that lets it load and run nothing
 * and be framed nowhere, no type sniffing, no reading from other sites, no referrer, and HSTS as
 * the pages have it. The rest of helmet's set only means something to a document (the opener
 * policy, the origin-keyed agent cluster, DNS prefetching, IE's download and XSS switches,
 * Flash's cross-domain policies), and each header costs every answer its bytes and Node's
 * checks (decision 020: about a tenth of a bare server's answers a second).
 */
export function apiHelmetOptions(hsts: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: hsts,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** Where API answers live: every path under it gets the API set, every other one the pages'. */
const API_PREFIX = '/api/';

/**
 * Helmet's headers on every answer, decided at start-up: `pages` on everything a browser may
 * show as a document (the SPA, its files, share pages, anything outside /api/), `api` on every
 * answer under /api/, errors and refusals included. @fastify/helmet rebuilt helmet's
 * middleware, CSP parsing included, on every request: about a tenth of a bare /api/health's
 * time in the issue-10 profile. The same headers, one sync hook. They go into Fastify's own
 * headers of the reply, not onto Node's response: a header set on Node's response sends every
 * header of the answer through Node's checks twice (its writeHead merges them one by one). What
 * helmet takes away (X-Powered-By) nothing here sets.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { pages: HelmetOptions; api: HelmetOptions },
): void {
  const pages = replyHeadersOf(options.pages);
  const api = replyHeadersOf(options.api);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith(API_PREFIX) ? api : pages);
    done();
  });
}
