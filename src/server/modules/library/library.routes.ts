import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../lib/messages';
import { MessageResponse } from '../../../lib/schemas/common';
import {
  AddBookBody,
  BookIsbnParams,
  FinishedBookResponse,
  FinishedBooksResponse,
  RateBookBody,
  WantToReadBookResponse,
  WantToReadResponse,
} from '../../../lib/schemas/library';
import type { AppDeps } from '../../app-deps';
import { socialRateLimitRules } from '../../http/social-rate-limits';
import { membersOnly } from '../../http/members-only';
import { requireMember } from '../../http/viewer';
import { createLibraryService } from './library.service';

/** The reader's own finished books and want-to-read list (signed-in non-guests only). */
export function registerLibraryRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createLibraryService(deps.database);
  const limits = socialRateLimitRules(deps.config.socialRateLimits);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['library'];

  api.get('/api/finished-books', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary: 'Your finished books, latest first',
      response: { 200: FinishedBooksResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.listFinished(await requireMember(request)),
  });

  api.post('/api/finished-books', {
    config: { rateLimit: limits.bookUpdates },
    schema: {
      tags,
      summary: 'Add a catalogue book you have read',
      body: AddBookBody,
      response: { 201: FinishedBookResponse },
    },
    preValidation: membersOnly(messages.book.pleaseLogInToAdd),
    handler: async (request, reply) => {
      const viewer = await requireMember(request, messages.book.pleaseLogInToAdd);
      return reply.status(201).send(await service.addFinished(viewer, request.body.isbn));
    },
  });

  api.patch('/api/finished-books/:isbn', {
    config: { rateLimit: limits.ratingUpdates },
    schema: {
      tags,
      summary: 'Rate one of your finished books, 1 to 5 stars',
      params: BookIsbnParams,
      body: RateBookBody,
      response: { 200: FinishedBookResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) =>
      service.rateFinished(await requireMember(request), request.params.isbn, request.body.rating),
  });

  api.delete('/api/finished-books/:isbn', {
    config: { rateLimit: limits.bookUpdates },
    schema: {
      tags,
      summary: 'Remove one of your finished books',
      params: BookIsbnParams,
      response: { 200: MessageResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) =>
      service.removeFinished(await requireMember(request), request.params.isbn),
  });

  api.get('/api/want-to-read', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary: 'Your want-to-read list, newest first',
      response: { 200: WantToReadResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.listWantToRead(await requireMember(request)),
  });

  api.post('/api/want-to-read', {
    config: { rateLimit: limits.bookUpdates },
    schema: {
      tags,
      summary: 'Add a catalogue book to your want-to-read list',
      body: AddBookBody,
      response: { 201: WantToReadBookResponse },
    },
    preValidation: membersOnly(messages.wantToRead.pleaseLogIn),
    handler: async (request, reply) => {
      const viewer = await requireMember(request, messages.wantToRead.pleaseLogIn);
      return reply.status(201).send(await service.addWantToRead(viewer, request.body.isbn));
    },
  });

  api.delete('/api/want-to-read/:isbn', {
    config: { rateLimit: limits.bookUpdates },
    schema: {
      tags,
      summary: 'Remove a book from your want-to-read list',
      params: BookIsbnParams,
      response: { 200: MessageResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) =>
      service.removeWantToRead(await requireMember(request), request.params.isbn),
  });
}
