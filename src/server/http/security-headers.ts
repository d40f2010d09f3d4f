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

/**
 * Helmet's headers on every answer (API, SPA pages, files, 404s), decided at start-up.
 * @fastify/helmet rebuilt helmet's middleware, CSP parsing included, on every request: about a
 * tenth of a bare /api/health's time in the issue-10 profile. The same headers, one sync hook.
 * They go into Fastify's own headers of the reply, not onto Node's response: a header set on
 * Node's response sends every header of the answer through Node's checks twice (its
 * writeHead merges them one by one). What helmet takes away (X-Powered-By) nothing here sets.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of securityHeadersOf(options)) {
    if (value !== null) headers[name.toLowerCase()] = value;
  }
  Object.freeze(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
