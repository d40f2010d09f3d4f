import type { FastifyBaseLogger } from 'fastify';
import { normalizeIsbn } from '../../../lib/isbn';
import { messages } from '../../../lib/messages';
import type { BookDetails, BookSummary } from '../../../lib/schemas/books';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { NormalisedBook } from '../../books/book-record';
import { renderCoverSvg } from '../../books/cover-svg';
import { createBookProviderChain } from '../../books/provider-chain';
import { createRemoteProviders } from '../../books/remote-providers';
import { notFound } from '../../http/errors';
import { createBooksRepository } from './books.repository';
import { toBookDetails, toBookSummary } from './books.mapper';

const hasIsbn = (book: NormalisedBook): book is NormalisedBook & { isbn: string } =>
  book.isbn !== null;

/** Finding books: the provider chain, the cache of remote hits, and generated covers. */
export function createBooksService(deps: {
  database: DatabaseHandle;
  config: Pick<AppConfig, 'books' | 'appUrl' | 'supportEmail'>;
  log: FastifyBaseLogger;
}) {
  const books = createBooksRepository(deps.database.db, deps.database.kind);
  const remoteProviders = createRemoteProviders(deps.config);
  const chain = createBookProviderChain({ local: books, remote: remoteProviders, log: deps.log });

  /** Stores remote hits so they can be placed and found offline; a failure only costs the cache. */
  async function cache(fetched: readonly NormalisedBook[]) {
    const placeable = fetched.filter(hasIsbn);
    if (placeable.length === 0) return;
    try {
      await books.insertMissing(placeable);
    } catch (error) {
      deps.log.warn({ err: error }, 'could not cache remote books');
    }
  }

  return {
    /** The enabled remote providers, for callers that query them with their own parameters. */
    remoteProviders,

    /** Caches remote hits in the catalogue (books without an ISBN are not kept). */
    cacheRemote: cache,

    /**
     * Search results for the modal: the catalogue first, remote providers for the rest. The
     * viewer finds confirmed books and the unconfirmed ones on their own lists (issue 8).
     */
    async search(
      text: string,
      limit: number,
      viewerId: string | null = null,
    ): Promise<BookSummary[]> {
      const result = await chain.search(text, limit, { viewerId });
      await cache(result.fetched);
      return result.books.map(toBookSummary);
    },

    /** The book page; an ISBN the catalogue lacks is looked up remotely and cached. */
    async getBook(rawIsbn: string): Promise<BookDetails> {
      const isbn = normalizeIsbn(rawIsbn);
      if (!isbn) throw notFound(messages.book.notFound);
      const result = await chain.findByIsbn(isbn);
      if (!result.book || !hasIsbn(result.book)) throw notFound(messages.book.notFound);
      await cache(result.fetched);
      return toBookDetails(result.book);
    },

    /** The generated cover of a catalogued book. */
    async coverSvg(rawIsbn: string): Promise<string> {
      const isbn = normalizeIsbn(rawIsbn);
      const book = isbn ? await books.findCoverText(isbn) : undefined;
      if (!isbn || !book) throw notFound(messages.book.notFound);
      return renderCoverSvg({ key: isbn, title: book.title, authors: book.authors });
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
