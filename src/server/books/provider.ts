import type { z } from 'zod';
import type { NormalisedBook } from './book-record';

/** What a remote provider is asked (Google Books' volumes parameters, SPEC.md section 7). */
export interface ProviderQuery {
  /** Free text; ignored when `isbn` is given. */
  text: string;
  /** Look one book up by its ISBN-13 (Google's `isbn:` query). */
  isbn?: string;
  limit: number;
  startIndex?: number;
  orderBy?: 'relevance' | 'newest';
  printType?: 'all' | 'books' | 'magazines';
  /** A two-letter language code, e.g. 'en'. */
  langRestrict?: string;
}

/** A remote book source in the chain (Google Books, Open Library). */
export interface BookProvider {
  readonly name: 'google' | 'openlibrary';
  search(query: ProviderQuery): Promise<NormalisedBook[]>;
}

/** The provider answered, but not with results: a bad status or a body we cannot read. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: string,
    readonly status: number | null,
    message: string,
    /** For a 429: how long the provider asked us to wait, in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** GETs a provider's JSON with a deadline; a non-2xx answer becomes a ProviderError. */
async function fetchProviderJson(
  provider: string,
  url: URL,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...options.headers },
    signal: AbortSignal.timeout(options.timeoutMs),
    redirect: 'follow',
  });
  if (!response.ok) {
    // Drain the body so the connection can be reused.
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError(
      provider,
      response.status,
      `${provider} answered ${response.status}`,
      response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : null,
    );
  }
  try {
    return await response.json();
  } catch {
    throw new ProviderError(provider, response.status, `${provider} sent a body that is not JSON`);
  }
}

/**
 * GETs a provider's results as books: the body must have the provider's documented shape (else
 * a ProviderError), and `toBooks` turns it into books, null for a result with no title to show.
 */
export async function fetchProviderBooks<Body>(
  provider: BookProvider['name'],
  url: URL,
  options: {
    timeoutMs: number;
    headers?: Record<string, string>;
    schema: z.ZodType<Body>;
    toBooks: (body: Body) => (NormalisedBook | null)[];
  },
): Promise<NormalisedBook[]> {
  const body = await fetchProviderJson(provider, url, options);
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ProviderError(provider, 200, `${provider} sent an unexpected body`);
  }
  return options.toBooks(parsed.data).filter((book): book is NormalisedBook => book !== null);
}
