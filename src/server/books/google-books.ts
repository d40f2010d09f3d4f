import { z } from 'zod';
import {
  cleanCategories,
  cleanText,
  genreOf,
  joinAuthors,
  normalisePublishedDate,
  numberOrNull,
  pickIsbns,
  positiveIntOrNull,
  toHttpsUrl,
  type NormalisedBook,
} from './book-record';
import { MAX_SUBJECTS, normaliseLanguage } from './book-facets';
import { fetchProviderBooks, type BookProvider, type ProviderQuery } from './provider';

/** Google Books caps maxResults at 40. */
const GOOGLE_MAX_RESULTS = 40;

// Only the fields we read; everything is optional, because Google leaves out what it lacks.
const VolumeInfo = z.looseObject({
  title: z.unknown().optional(),
  authors: z.array(z.unknown()).optional(),
  publishedDate: z.unknown().optional(),
  description: z.unknown().optional(),
  publisher: z.unknown().optional(),
  pageCount: z.unknown().optional(),
  categories: z.array(z.unknown()).optional(),
  language: z.unknown().optional(),
  imageLinks: z
    .looseObject({ thumbnail: z.unknown().optional(), smallThumbnail: z.unknown().optional() })
    .optional(),
  averageRating: z.unknown().optional(),
  ratingsCount: z.unknown().optional(),
  industryIdentifiers: z
    .array(z.looseObject({ type: z.unknown().optional(), identifier: z.unknown().optional() }))
    .optional(),
});
const VolumesResponse = z.looseObject({
  totalItems: z.number().optional(),
  items: z.array(z.looseObject({ volumeInfo: z.unknown().optional() })).optional(),
});

/** One Google volume as our book, or null when it has no title to show. */
export function normaliseGoogleVolume(volumeInfo: unknown): NormalisedBook | null {
  const parsed = VolumeInfo.safeParse(volumeInfo);
  if (!parsed.success) return null;
  const info = parsed.data;
  const title = cleanText(info.title);
  if (!title) return null;
  const identifiers = info.industryIdentifiers ?? [];
  // ISBN_13 first, then ISBN_10; other identifier types (OTHER, ISSN) are not ISBNs.
  const ordered = [
    ...identifiers.filter((i) => i.type === 'ISBN_13'),
    ...identifiers.filter((i) => i.type === 'ISBN_10'),
  ].map((i) => i.identifier);
  const categories = cleanCategories(info.categories);
  return {
    ...pickIsbns(ordered),
    title,
    authors: joinAuthors(info.authors),
    categories,
    genre: genreOf(categories),
    description: cleanText(info.description),
    publisher: cleanText(info.publisher),
    publishedDate: normalisePublishedDate(info.publishedDate),
    pageCount: positiveIntOrNull(info.pageCount),
    language: normaliseLanguage(cleanText(info.language)),
    coverUrl: toHttpsUrl(info.imageLinks?.thumbnail ?? info.imageLinks?.smallThumbnail),
    averageRating: numberOrNull(info.averageRating),
    ratingsCount: positiveIntOrNull(info.ratingsCount),
    source: 'google',
    // Google's categories are BISAC subjects ("Juvenile Fiction / Fantasy & Magic"); its
    // publishedDate is the edition's, so the first publication year stays unknown.
    subjects: cleanCategories(info.categories).slice(0, MAX_SUBJECTS),
    firstPublishedYear: null,
    originalLanguage: null,
  };
}

export interface GoogleBooksOptions {
  url: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

/** The Google Books volumes API (SPEC.md section 7); the key is optional. */
export function createGoogleBooksProvider(options: GoogleBooksOptions): BookProvider {
  return {
    name: 'google',
    async search(query: ProviderQuery) {
      const url = new URL(options.url);
      url.searchParams.set('q', query.isbn ? `isbn:${query.isbn}` : query.text);
      url.searchParams.set('maxResults', String(Math.min(query.limit, GOOGLE_MAX_RESULTS)));
      url.searchParams.set('startIndex', String(query.startIndex ?? 0));
      url.searchParams.set('orderBy', query.orderBy ?? 'relevance');
      url.searchParams.set('printType', query.printType ?? 'books');
      if (query.langRestrict) url.searchParams.set('langRestrict', query.langRestrict);
      if (options.apiKey) url.searchParams.set('key', options.apiKey);
      return fetchProviderBooks('google', url, {
        timeoutMs: options.timeoutMs,
        schema: VolumesResponse,
        // No `items` at all is Google's way of saying "nothing found".
        toBooks: (body) => (body.items ?? []).map((item) => normaliseGoogleVolume(item.volumeInfo)),
      });
    },
  };
}
