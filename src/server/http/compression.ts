import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this travel as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli first (smaller), gzip for the rest; Node 20 has no zstd. */
export const COMPRESSION_ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof COMPRESSION_ENCODINGS)[number];

/**
 * Compresses dynamic answers (API JSON, the OpenAPI document) of at least
 * COMPRESSION_THRESHOLD_BYTES per Accept-Encoding. Register before any route: the plugin attaches
 * itself to routes as they are added. Server-Sent Events stay uncompressed (the plugin's default
 * types leave text/event-stream out, so every event reaches the browser as it is written), and
 * answers that already carry a Content-Encoding (pre-compressed static files) pass untouched.
 * Compressed request bodies are not decoded (they fail as malformed JSON).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...COMPRESSION_ENCODINGS],
    // Requests are never inflated: no page of ours compresses what it sends, and a few KB of
    // gzip can unpack to far more than the body limit allows.
    globalDecompression: false,
  });
}

/** A fixed text body compressed once, at the highest levels, for every encoding we offer. */
export interface PrecompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompressBody(text: string): PrecompressedBody {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * The encoding to send an answer of `bytes` in: the one of ours the request accepts best, or
 * null when it accepts none or the answer is under the threshold.
 */
export function encodingFor(request: FastifyRequest, bytes: number): Encoding | null {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && bytes >= COMPRESSION_THRESHOLD_BYTES
    ? negotiate(header.toLowerCase(), [...COMPRESSION_ENCODINGS])
    : null;
}

/** Adds Accept-Encoding to the answer's Vary (for caches), keeping what a route put there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) void reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) {
    void reply.header('vary', `${String(vary)}, accept-encoding`);
  }
}

/** Compresses an answer's text as @fastify/compress does (brotli at its quality 4, gzip at 6). */
export function compressText(text: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      })
    : gzipSync(text);
}

/**
 * Sends a pre-compressed body in the encoding the client accepts best (or as it is, when it accepts
 * none, or when it is under the threshold), with Vary: Accept-Encoding for caches.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedBody,
): FastifyReply {
  varyOnEncoding(reply);
  const encoding = encodingFor(request, body.identity.length);
  if (!encoding) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}
