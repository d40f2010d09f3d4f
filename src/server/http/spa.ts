import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Serves the built React app: hashed assets with a long cache, and index.html (with the
 * support address filled in) for every other GET outside /api, so deep links work.
 * Returns false when there is no build to serve.
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

  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        void res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
  );
  app.decorate('spaIndexHtml', indexHtml);
  return true;
}
