import type { FastifyBaseLogger } from 'fastify';
import { normalizeIsbn } from '../../../lib/isbn';
import { ONBOARDING_BOOKS, ONBOARDING_SEARCH_RESULTS } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import {
  authorKey,
  buildRecommendationQueries,
  filterCandidates,
  interleave,
  leadAuthor,
  pickBatch,
  readerAverageRating,
  splitAuthors,
  type RandomSource,
} from '../../../lib/recommendations';
import type {
  AddFavouriteResponse,
  OnboardingSearchResponse,
  RecommendationBook,
  RecommendationQueueResponse,
  RecommendationState,
  SwipeDirection,
  SwipeResponse,
} from '../../../lib/schemas/recommendations';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { coverUrlOf } from '../books/books.mapper';
import type { BooksService } from '../books/books.service';
import { createLibraryService } from '../library/library.service';
import {
  createRecommendationSessionStore,
  createRefillThrottle,
  type RecommendationSessionStore,
  type RefillThrottle,
} from './recommendation-sessions';
import { createRecommendationSource, type CandidateBook } from './recommendation-source';
import { createRecommendationsRepository } from './recommendations.repository';

/** A refill asked for too soon: 429 with the spec's text and how long to wait. */
export class RefillThrottledError extends AppError {
  constructor(
    remaining: number,
    readonly retryAfterMs: number,
  ) {
    super(429, 'RATE_LIMITED', messages.rateLimit.refreshRemaining(remaining));
  }
}

/** Onboarding search asks for a few more than it shows: results without an ISBN are dropped. */
const ONBOARDING_SEARCH_FETCH = ONBOARDING_SEARCH_RESULTS * 2;

function toRecommendationBook(book: CandidateBook & { isbn: string }): RecommendationBook {
  return {
    isbn: book.isbn,
    title: book.title,
    authors: book.authors,
    genre: book.genre,
    categories: book.categories,
    description: book.description,
    publishedDate: book.publishedDate,
    pageCount: book.pageCount,
    coverUrl: coverUrlOf(book),
    averageRating: book.averageRating,
    ratingsCount: book.ratingsCount,
  };
}

function stateOf(finishedCount: number): RecommendationState {
  return {
    onboarding: finishedCount < ONBOARDING_BOOKS,
    finishedCount,
    booksNeeded: Math.max(0, ONBOARDING_BOOKS - finishedCount),
  };
}

/**
 * The recommendation page (SPEC.md sections 2, 4, 5 and 9): onboarding with favourites, then
 * batches of cards built on the server from the reader's finished books, and swipes. What a
 * session liked, disliked and saw is kept per sign-in session (recommendation-sessions.ts), in
 * memory or, with REDIS_URL set, in Redis (shared-recommendation-sessions.ts).
 */
export function createRecommendationsService(deps: {
  database: DatabaseHandle;
  books: BooksService;
  log: FastifyBaseLogger;
  random?: RandomSource;
  sessions?: RecommendationSessionStore;
  throttle?: RefillThrottle;
}) {
  const random = deps.random ?? Math.random;
  const repository = createRecommendationsRepository(deps.database.db, deps.database.kind);
  const { books } = deps;
  const library = createLibraryService(deps.database);
  const sessions = deps.sessions ?? createRecommendationSessionStore();
  const throttle = deps.throttle ?? createRefillThrottle();
  const source = createRecommendationSource({
    repository,
    providers: books.remoteProviders,
    log: deps.log,
    cache: books.cacheRemote,
  });

  const state = async (viewer: Viewer) => stateOf(await repository.countFinished(viewer.id));

  return {
    state,

    /** Up to 5 books to pick favourites from, through the provider chain. */
    async searchOnboarding(viewer: Viewer, text: string): Promise<OnboardingSearchResponse> {
      const found = await books.search(text, ONBOARDING_SEARCH_FETCH, viewer.id);
      const withIsbn = found.filter((book): book is typeof book & { isbn: string } => !!book.isbn);
      return {
        books: withIsbn.slice(0, ONBOARDING_SEARCH_RESULTS).map((book) => ({
          isbn: book.isbn,
          title: book.title,
          authors: book.authors,
          coverUrl: book.coverUrl,
          publishedDate: book.publishedDate,
        })),
      };
    },

    /** A favourite is a finished book without a rating (the library's own rule and texts). */
    async addFavourite(viewer: Viewer, isbn: string): Promise<AddFavouriteResponse> {
      const added = await library.addFinished(viewer, isbn);
      return { ...added, state: await state(viewer) };
    },

    /**
     * The next batch: queries from the reader's history, fetched locally first, filtered by
     * every rule of SPEC.md section 5, at most 20 kept and shuffled. Refused with 429 sooner
     * than 5 s after the reader's last refill, or past 10 in a minute; `admit` runs once the
     * throttle allowed it (the address's ceiling) and throws to refuse.
     */
    async nextBatch(
      viewer: Viewer,
      sessionId: string,
      admit: () => Promise<void> = async () => {},
    ): Promise<RecommendationQueueResponse> {
      const decision = await throttle.take(viewer.id);
      if (!decision.allowed) {
        throw new RefillThrottledError(decision.remaining, decision.retryAfterMs);
      }
      await admit();
      const [session, history, wantToRead] = await Promise.all([
        sessions.read(viewer.id, sessionId),
        repository.listHistory(viewer.id),
        repository.listWantToReadIsbns(viewer.id),
      ]);
      const historyBooks = history.map((row) => ({
        author: row.author ?? row.catalogueAuthors,
        genre: row.genre,
        rating: row.rating === null ? null : Number(row.rating),
        finishedAt: toIso(row.finishedAt),
      }));
      const queries = buildRecommendationQueries(historyBooks, random);
      const fetches = await Promise.all(queries.map((query) => source.fetch(query)));
      const fetchedCount = fetches.reduce((sum, f) => sum + f.books.length, 0);
      if (fetchedCount === 0 && fetches.some((f) => f.failed)) {
        throw new AppError(
          502,
          'RECOMMENDATIONS_FETCH_FAILED',
          messages.recommendations.fetchFailed,
        );
      }

      const filtered = filterCandidates(interleave(fetches.map((f) => f.books)), {
        likedIsbns: new Set([...wantToRead, ...session.likedIsbns]),
        dislikedIsbns: session.dislikedIsbns,
        seenIsbns: new Set([...session.seenIsbns, ...history.map((row) => row.bookIsbn)]),
        readAuthors: new Set(
          historyBooks.flatMap((book) => splitAuthors(book.author).map(authorKey)),
        ),
        dislikedAuthors: session.dislikedAuthors,
        readerAverage: readerAverageRating(historyBooks.map((book) => book.rating)),
        now: new Date(),
      });
      const batch = pickBatch(filtered, random).filter(
        (book): book is CandidateBook & { isbn: string } => book.isbn !== null,
      );
      if (batch.length > 0) {
        await sessions.add(viewer.id, sessionId, { seenIsbns: batch.map((book) => book.isbn) });
      }

      const base = {
        refillThreshold: throttle.threshold,
        refillMinIntervalMs: throttle.minIntervalMs,
      };
      if (batch.length > 0) {
        return { ...base, books: batch.map(toRecommendationBook), status: 'ok', message: null };
      }
      return fetchedCount > 0
        ? { ...base, books: [], status: 'exhausted', message: messages.recommendations.exhausted }
        : { ...base, books: [], status: 'empty', message: messages.recommendations.empty };
    },

    /**
     * Like lists the book to read (409 when it is listed already); dislike excludes its lead
     * author for the rest of the session. Either way the book never comes back in it.
     */
    async swipe(
      viewer: Viewer,
      sessionId: string,
      rawIsbn: string,
      direction: SwipeDirection,
    ): Promise<SwipeResponse> {
      const isbn = normalizeIsbn(rawIsbn) ?? rawIsbn;
      if (direction === 'like') {
        const liked = { likedIsbns: [isbn], seenIsbns: [isbn] };
        try {
          const { message } = await library.addWantToRead(viewer, isbn);
          await sessions.add(viewer.id, sessionId, liked);
          return { direction, message };
        } catch (error) {
          // Already listed: it is liked all the same.
          if (error instanceof AppError && error.statusCode === 409) {
            await sessions.add(viewer.id, sessionId, liked);
          }
          throw error;
        }
      }
      const book = await repository.findBook(isbn);
      if (!book) throw notFound(messages.book.notFound);
      const author = leadAuthor(book.authors);
      await sessions.add(viewer.id, sessionId, {
        dislikedIsbns: [isbn],
        seenIsbns: [isbn],
        dislikedAuthors: author ? [authorKey(author)] : [],
      });
      return { direction, message: null };
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
