import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { precompressBody, sendPrecompressed, type PrecompressedBody } from './compression';

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends the app's page (index.html, support address filled in), compressed, never cached stale. */
export function sendSpaIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PrecompressedBody,
): FastifyReply {
  void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  return sendPrecompressed(request, reply, page);
}

/**
 * Serves the built React app: hashed assets with a long cache, sent as the build pre-compressed
 * them (name.br, name.gz), and index.html (with the support address filled in, compressed once
 * here) for every other GET outside /api, so deep links work. Returns false when there is no
 * build to serve.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { staticDir: string; supportEmail: string },
): Promise<boolean> {
  const root = path.resolve(options.staticDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8').replaceAll(
    '%SUPPORT_EMAIL%',
    escapeAttribute(options.supportEmail),
  );

  const page = precompressBody(indexHtml);

  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        void res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  // '/' itself is the app (it leads to /login): the static plugin would answer it with a 403,
  // as a directory it may not list (issue 8).
  app.get('/', { schema: { hide: true } }, (request, reply) => sendSpaIndex(request, reply, page));
  app.get('/index.html', { schema: { hide: true } }, (request, reply) =>
    sendSpaIndex(request, reply, page),
  );
  app.decorate('spaIndex', page);
  return true;
}
