import Fastify, { type FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';
import {
  apiHelmetOptions,
  pageHelmetOptions,
  registerSecurityHeaders,
} from '../src/server/http/security-headers';
import { runLoad, type PreparedRequest } from './load-client';
import { median } from './stats';

/** One way of answering: no security headers, or a set of them on every answer. */
export interface HeaderVariant {
  name: string;
  options?: HelmetOptions;
}

export const HEADER_VARIANTS: readonly HeaderVariant[] = [
  { name: 'no security headers' },
  {
    name: "the pages' set (helmet's whole set)",
    options: pageHelmetOptions({ imageHosts: [], production: false }),
  },
  { name: 'the API set (decision 020)', options: apiHelmetOptions(false) },
];

export interface HeaderFigures {
  rounds: number;
  durationSec: number;
  /** Per variant: each round's 2xx a second, and its ratio to the bare server's in that round. */
  variants: { name: string; rates: number[]; ratios: number[]; medianRatio: number }[];
}

/** A bare Fastify with one JSON route, with `options`' headers on every answer when given. */
async function start(
  options: HelmetOptions | undefined,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  // The same hook the app uses, so only the headers differ; the route lives under /api/ so it
  // gets the `api` set, which is the variant's.
  if (options) registerSecurityHeaders(app, { pages: options, api: options });
  app.get('/api/hello', () => ({ hello: 'world' }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/**
 * What the security headers cost a bare server (decision 020): the variants answer the same
 * JSON, in turn, round after round, with the same client and connections as the load bench.
 * Each round's ratio is a variant's 2xx a second over the bare server's in that round.
 */
export async function measureHeaders(rounds = 5, durationSec = 3): Promise<HeaderFigures> {
  const servers = await Promise.all(HEADER_VARIANTS.map((v) => start(v.options)));
  try {
    const requests: PreparedRequest[] = [{ method: 'GET', path: '/api/hello', headers: {} }];
    const rates = HEADER_VARIANTS.map(() => [] as number[]);
    for (const server of servers) {
      await runLoad({ url: server.url, connections: 10, durationSec: 1, requests });
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, server] of servers.entries()) {
        const result = await runLoad({ url: server.url, connections: 10, durationSec, requests });
        rates[i]!.push(result.okPerSec);
      }
    }
    return {
      rounds,
      durationSec,
      variants: HEADER_VARIANTS.map((variant, i) => {
        const ratios = rates[i]!.map((rate, round) => rate / rates[0]![round]!);
        return { name: variant.name, rates: rates[i]!, ratios, medianRatio: median(ratios) };
      }),
    };
  } finally {
    await Promise.all(servers.map((server) => server.app.close()));
  }
}
