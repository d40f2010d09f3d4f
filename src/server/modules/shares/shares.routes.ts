import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHARE_CREATES_PER_MINUTE, SHARE_VIEWS_PER_MINUTE } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import {
  CreateShareBody,
  CreateShareResponse,
  RevokeShareResponse,
  ShareIdParams,
  ShareListResponse,
} from '../../../lib/schemas/share';
import type { AppDeps } from '../../app-deps';
import { errorBody } from '../../http/errors';
import { membersOnly } from '../../http/members-only';
import { MINUTE_MS, rateLimitRule } from '../../http/rate-limits';
import { requireMember } from '../../http/viewer';
import { renderShareNotFoundPage, renderSharePage } from './share-page';
import { createSharesService, type LoadedShareCard, type SharesService } from './shares.service';

/** Any text: a malformed token is answered like an unknown one (404), never with a 400. */
const TokenParams = z.object({ token: z.string().max(200) });

/**
 * Browsers and social sites may keep a copy but must ask again before using it (ETag makes
 * that cheap), so a revoked link stops showing the card at once.
 */
const SHARE_CACHE_CONTROL = 'public, no-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The share links' service, for the bench to render cards with and without its cache. */
    shares: SharesService;
  }
}

/**
 * A card worth sharing (issue 12): members make, list and revoke links to their own cards;
 * anyone with a link sees the card's public page and its images, and nothing else.
 */
export function registerShareRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createSharesService({
    database: deps.database,
    appUrl: deps.config.appUrl,
    png: deps.png,
  });
  app.decorate('shares', service);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const createLimit = rateLimitRule(
    'shareCreates',
    SHARE_CREATES_PER_MINUTE,
    MINUTE_MS,
    messages.share.tooMany,
  );
  // The public pages are read by address: nobody is signed in there.
  const viewLimit = rateLimitRule(
    'shareViews',
    SHARE_VIEWS_PER_MINUTE,
    MINUTE_MS,
    messages.rateLimit.generic,
    'address',
  );

  api.post('/api/shares', {
    schema: {
      tags: ['shares'],
      summary: 'Make a public link to one of your cards (an earlier link to it stops working)',
      body: CreateShareBody,
      response: { 201: CreateShareResponse },
    },
    config: { rateLimit: createLimit },
    preValidation: membersOnly(),
    handler: async (request, reply) => {
      const viewer = await requireMember(request);
      const created = await service.createShare(viewer, request.body.gridId);
      return reply.status(201).send(created);
    },
  });

  api.get('/api/shares', {
    schema: {
      tags: ['shares'],
      summary: 'Your live share links (their addresses are shown only when made)',
      response: { 200: ShareListResponse },
    },
    handler: async (request) => service.listShares(await requireMember(request)),
  });

  api.delete('/api/shares/:id', {
    schema: {
      tags: ['shares'],
      summary: 'Revoke one of your share links: it answers 404 from then on',
      params: ShareIdParams,
      response: { 200: RevokeShareResponse },
    },
    config: { rateLimit: createLimit },
    preValidation: membersOnly(),
    handler: async (request) =>
      service.revokeShare(await requireMember(request), request.params.id),
  });

  /** The live card a request's token names, or a 404 already sent (as `notFound` answers). */
  async function cardOr404(
    token: string,
    reply: FastifyReply,
    notFound: () => FastifyReply,
  ): Promise<LoadedShareCard | null> {
    const loaded = await service.loadCard(token);
    if (!loaded) {
      void reply.header('cache-control', 'no-store');
      notFound();
    }
    return loaded;
  }

  const imageNotFound = (reply: FastifyReply) => () =>
    reply.status(404).send(errorBody('NOT_FOUND', messages.share.notFound));

  /** ETag and cache headers; true when the client's copy is current (answered 304). */
  function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
    void reply.header('etag', etag).header('cache-control', SHARE_CACHE_CONTROL);
    if (request.headers['if-none-match'] === etag) {
      void reply.status(304).send();
      return true;
    }
    return false;
  }

  api.get('/share/:token', {
    schema: {
      tags: ['shares'],
      summary: 'The public, read-only page of a shared card (HTML with Open Graph tags)',
      params: TokenParams,
    },
    config: { rateLimit: viewLimit },
    handler: async (request, reply) => {
      const loaded = await cardOr404(request.params.token, reply, () =>
        reply.status(404).type('text/html; charset=utf-8').send(renderShareNotFoundPage()),
      );
      if (!loaded) return reply;
      // A social site reads the page, then its og:image: the PNG starts rendering now (once per
      // card version; the image request shares this render), so it is ready or nearly so.
      void service.pngOf(loaded);
      if (notModified(request, reply, `"page-${loaded.version}"`)) return reply;
      return reply
        .type('text/html; charset=utf-8')
        .send(renderSharePage(loaded, service.linkOf(request.params.token)));
    },
  });

  api.get('/share/:token/card.svg', {
    schema: {
      tags: ['shares'],
      summary: 'The shared card as SVG (cached until the card changes)',
      params: TokenParams,
    },
    config: { rateLimit: viewLimit },
    handler: async (request, reply) => {
      const loaded = await cardOr404(request.params.token, reply, imageNotFound(reply));
      if (!loaded) return reply;
      if (notModified(request, reply, `"svg-${loaded.version}"`)) return reply;
      return reply.type('image/svg+xml; charset=utf-8').send(service.svgOf(loaded));
    },
  });

  api.get('/share/:token/card.png', {
    schema: {
      tags: ['shares'],
      summary: 'The shared card as PNG, 1200 x 630, for social sites (cached until it changes)',
      params: TokenParams,
    },
    config: { rateLimit: viewLimit },
    handler: async (request, reply) => {
      const loaded = await cardOr404(request.params.token, reply, imageNotFound(reply));
      if (!loaded) return reply;
      if (notModified(request, reply, `"png-${loaded.version}"`)) return reply;
      return reply.type('image/png').send(await service.pngOf(loaded));
    },
  });
}
