import type { FastifyBaseLogger } from 'fastify';
import { createLru } from '../shared/lru';
import type { NormalisedBook } from './book-record';
import { ProviderError, type BookProvider, type ProviderQuery } from './provider';

/** Who is searching: they find confirmed books and their own unconfirmed ones (issue 8). */
export interface SearchScope {
  viewerId: string | null;
}

/** The local catalogue (books table, full-text search): always asked first. */
export interface LocalCatalogue {
  search(text: string, limit: number, scope?: SearchScope): Promise<NormalisedBook[]>;
  findByIsbn(isbn: string): Promise<NormalisedBook | null>;
}

export interface ChainResult {
  books: NormalisedBook[];
  /** The remote hits among `books`, for the caller to cache. */
  fetched: NormalisedBook[];
}

/** How long a provider that answered 429 without a Retry-After is left alone. */
export const DEFAULT_COOLDOWN_MS = 60_000;

/**
 * How long an ISBN that every provider answered without is known to be missing: its lookups
 * then answer 404 without asking again (a guest reloading one page went out twice each time).
 */
export const MISSING_ISBN_TTL_MS = 10 * 60_000;
/** Missing ISBNs remembered at most; the least recently asked go first. About 100 bytes each. */
export const MISSING_ISBNS_MAX = 5_000;

function dedupeKey(book: NormalisedBook): string {
  return book.isbn ?? `${book.title.toLowerCase()}|${book.authors.toLowerCase()}`;
}

/**
 * The book-provider chain (DESIGN.md, books): the local catalogue first, then each enabled
 * remote provider in order, only while results are missing. A provider that fails, times out
 * or answers 429 is logged and skipped (after a 429 it rests until its Retry-After), so the
 * reader still gets the other providers' results; offline, the local catalogue answers alone.
 */
export function createBookProviderChain(options: {
  local: LocalCatalogue;
  remote: readonly BookProvider[];
  log: FastifyBaseLogger;
  now?: () => number;
  missingIsbnsMax?: number;
}) {
  const { local, remote, log } = options;
  const now = options.now ?? Date.now;
  const restingUntil = new Map<string, number>();
  /** ISBN -> when it may be asked about again. In-process, like the providers' rests. */
  const missingUntil = createLru<number>(options.missingIsbnsMax ?? MISSING_ISBNS_MAX);

  function knownMissing(isbn: string): boolean {
    const until = missingUntil.get(isbn);
    if (until === undefined) return false;
    if (until > now()) return true;
    missingUntil.delete(isbn);
    return false;
  }

  /** Asks each provider in turn, keeping unseen books that `keep` accepts, until `wanted`. */
  async function askRemote(
    query: ProviderQuery,
    wanted: number,
    seen: Set<string>,
    keep: (book: NormalisedBook) => boolean = () => true,
  ) {
    const fetched: NormalisedBook[] = [];
    /** False once a provider was skipped or failed: what it would have said is not known. */
    let everyoneAnswered = true;
    for (const provider of remote) {
      if (fetched.length >= wanted) break;
      if ((restingUntil.get(provider.name) ?? 0) > now()) {
        everyoneAnswered = false;
        log.debug({ provider: provider.name }, 'book provider resting after 429; skipped');
        continue;
      }
      try {
        for (const book of await provider.search(query)) {
          const key = dedupeKey(book);
          if (seen.has(key) || fetched.length >= wanted || !keep(book)) continue;
          seen.add(key);
          fetched.push(book);
        }
      } catch (error) {
        everyoneAnswered = false;
        const status = error instanceof ProviderError ? error.status : null;
        if (status === 429) {
          const waitMs =
            (error instanceof ProviderError ? error.retryAfterMs : null) ?? DEFAULT_COOLDOWN_MS;
          restingUntil.set(provider.name, now() + waitMs);
        }
        log.warn(
          { provider: provider.name, status, err: error },
          'book provider failed; using the other providers',
        );
      }
    }
    return { fetched, everyoneAnswered };
  }

  return {
    hasRemote: remote.length > 0,

    /** Up to `limit` books for a free-text query, the catalogue's own first. */
    async search(
      text: string,
      limit: number,
      scope: SearchScope = { viewerId: null },
    ): Promise<ChainResult> {
      const books = await local.search(text, limit, scope);
      if (books.length >= limit || remote.length === 0) return { books, fetched: [] };
      const seen = new Set(books.map(dedupeKey));
      const { fetched } = await askRemote({ text, limit }, limit - books.length, seen);
      return { books: [...books, ...fetched], fetched };
    },

    /**
     * One book by ISBN-13: the catalogue, else the first remote provider that knows it. A
     * catalogue book only an import vouches for is asked about too: a provider that knows the
     * ISBN confirms it (issue 8), and the catalogue's copy answers when none does.
     *
     * An ISBN the catalogue lacks and every provider answered without is remembered as missing
     * for MISSING_ISBN_TTL_MS: until then it answers null without asking. A provider that
     * failed, timed out or rests after a 429 said nothing, so such a miss is not remembered.
     * An unconfirmed catalogue book is asked about every time, so that a provider's
     * confirmation shows at once; only a member's import makes one.
     */
    async findByIsbn(isbn: string): Promise<ChainResult & { book: NormalisedBook | null }> {
      const cached = await local.findByIsbn(isbn);
      const trusted = cached !== null && cached.confirmed !== false;
      if (trusted || remote.length === 0) return { book: cached, books: [], fetched: [] };
      if (cached === null && knownMissing(isbn)) return { book: null, books: [], fetched: [] };
      const { fetched, everyoneAnswered } = await askRemote(
        { text: isbn, isbn, limit: 5 },
        1,
        new Set(),
        (book) => book.isbn === isbn,
      );
      if (cached === null && fetched.length === 0 && everyoneAnswered) {
        missingUntil.set(isbn, now() + MISSING_ISBN_TTL_MS);
      }
      return { book: fetched[0] ?? cached, books: fetched, fetched };
    },
  };
}

export type BookProviderChain = ReturnType<typeof createBookProviderChain>;
