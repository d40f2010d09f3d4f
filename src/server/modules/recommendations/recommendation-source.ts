import type { FastifyBaseLogger } from 'fastify';
import { RECOMMENDATION_FETCH_MAX } from '../../../lib/limits';
import type { RecommendationQuery } from '../../../lib/recommendations';
import type { NormalisedBook } from '../../books/book-record';
import type { BookProvider, ProviderQuery } from '../../books/provider';
import { parseStoredCategories, storedNumberOrNull } from '../books/books.mapper';
import type { CandidateRow, RecommendationsRepository } from './recommendations.repository';

/** A fetched book: what the filters read and the card shows. */
export type CandidateBook = Omit<NormalisedBook, 'isbn10' | 'publisher' | 'source'>;

export interface CandidateFetch {
  books: CandidateBook[];
  /** Remote providers were needed and every one of them failed. */
  failed: boolean;
}

/** A catalogue row as a candidate, read back like any stored book. */
export function toCandidateBook(row: CandidateRow): CandidateBook {
  return {
    isbn: row.isbn,
    title: row.title,
    authors: row.authors,
    genre: row.genre,
    categories: parseStoredCategories(row.categories),
    description: row.description,
    publishedDate: row.publishedDate,
    pageCount: storedNumberOrNull(row.pageCount),
    language: row.language,
    coverUrl: row.coverUrl,
    averageRating: storedNumberOrNull(row.averageRating),
    ratingsCount: storedNumberOrNull(row.ratingsCount),
  };
}

/** The list turned to start at `start` (wrapping around when it is shorter). */
function rotate<T>(items: readonly T[], start: number): T[] {
  if (items.length === 0) return [];
  const at = start % items.length;
  return [...items.slice(at), ...items.slice(0, at)];
}

/**
 * A query as the remote providers read it: Google's `subject:` for a genre (Open Library
 * understands it too), the quoted name for an author (both search their author fields with it).
 */
export function providerQueryFor(query: RecommendationQuery, limit: number): ProviderQuery {
  const value = query.value.replaceAll('"', '');
  return {
    text: query.kind === 'genre' ? `subject:"${value}"` : `"${value}"`,
    limit,
    startIndex: query.startIndex,
    orderBy: 'relevance',
    printType: 'books',
    langRestrict: 'en',
  };
}

/**
 * Fetches one recommendation query the provider chain's way (DESIGN.md, books): the local
 * catalogue first, then each enabled remote provider in turn while results are missing, up
 * to 40 (SPEC.md section 9). It asks the providers itself because the chain's `search` takes
 * free text only, with neither a start index, language, print type nor order, nor a word on
 * whether the providers failed, all of which recommendations need. Remote hits with an ISBN
 * are handed to `cache`, so a liked book can be listed and found offline later.
 */
export function createRecommendationSource(deps: {
  repository: RecommendationsRepository;
  providers: readonly BookProvider[];
  cache: (books: NormalisedBook[]) => Promise<void>;
  log: FastifyBaseLogger;
}) {
  return {
    async fetch(query: RecommendationQuery): Promise<CandidateFetch> {
      // The catalogue is read from its first match, and the list turned to start at the
      // random index: in a small catalogue, with fewer matches than the index skips, it wraps
      // around instead of coming back empty, and no match is out of reach.
      const rows = rotate(
        await deps.repository.findCandidates({
          kind: query.kind,
          value: query.value,
          offset: 0,
          limit: query.startIndex + RECOMMENDATION_FETCH_MAX,
        }),
        query.startIndex,
      ).slice(0, RECOMMENDATION_FETCH_MAX);
      const books = rows.map(toCandidateBook);
      if (books.length >= RECOMMENDATION_FETCH_MAX || deps.providers.length === 0) {
        return { books, failed: false };
      }

      const seen = new Set(books.map((book) => book.isbn));
      const fetched: NormalisedBook[] = [];
      let failures = 0;
      for (const provider of deps.providers) {
        const wanted = RECOMMENDATION_FETCH_MAX - books.length - fetched.length;
        if (wanted <= 0) break;
        try {
          for (const book of await provider.search(providerQueryFor(query, wanted))) {
            if (book.isbn !== null && seen.has(book.isbn)) continue;
            if (book.isbn !== null) seen.add(book.isbn);
            fetched.push(book);
          }
        } catch (error) {
          failures += 1;
          deps.log.warn(
            { provider: provider.name, err: error },
            'book provider failed while fetching recommendations',
          );
        }
      }
      await deps.cache(fetched);
      return {
        books: [...books, ...fetched.slice(0, RECOMMENDATION_FETCH_MAX - books.length)],
        failed: failures === deps.providers.length,
      };
    },
  };
}

export type RecommendationSource = ReturnType<typeof createRecommendationSource>;
