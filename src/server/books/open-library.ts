import { z } from 'zod';
import {
  cleanCategories,
  cleanText,
  genreOf,
  joinAuthors,
  normalisePublishedDate,
  pickIsbns,
  positiveIntOrNull,
  yearOrNull,
  type NormalisedBook,
} from './book-record';
import { MAX_SUBJECTS, normaliseLanguage } from './book-facets';
import { fetchProviderBooks, type BookProvider, type ProviderQuery } from './provider';

const OPEN_LIBRARY_MAX_RESULTS = 40;
const COVERS_URL = 'https://covers.openlibrary.org/b/id';
/** The fields we read; asking only for them keeps Open Library's answer small. */
const FIELDS = [
  'key',
  'title',
  'author_name',
  'first_publish_year',
  'isbn',
  'cover_i',
  'subject',
  'language',
  'number_of_pages_median',
  'publisher',
].join(',');

const SearchDoc = z.looseObject({
  title: z.unknown().optional(),
  author_name: z.array(z.unknown()).optional(),
  first_publish_year: z.unknown().optional(),
  isbn: z.array(z.unknown()).optional(),
  cover_i: z.unknown().optional(),
  subject: z.array(z.unknown()).optional(),
  language: z.array(z.unknown()).optional(),
  number_of_pages_median: z.unknown().optional(),
  publisher: z.array(z.unknown()).optional(),
});
const SearchResponse = z.looseObject({
  numFound: z.number().optional(),
  docs: z.array(z.unknown()).optional(),
});

/** One search.json doc as our book, or null when it has no title. */
export function normaliseOpenLibraryDoc(doc: unknown): NormalisedBook | null {
  const parsed = SearchDoc.safeParse(doc);
  if (!parsed.success) return null;
  const d = parsed.data;
  const title = cleanText(d.title);
  if (!title) return null;
  const categories = cleanCategories(d.subject);
  const coverId = positiveIntOrNull(d.cover_i);
  return {
    ...pickIsbns(d.isbn ?? []),
    title,
    authors: joinAuthors(d.author_name),
    categories,
    genre: genreOf(categories),
    description: null,
    publisher: cleanText(d.publisher?.[0]),
    publishedDate: normalisePublishedDate(d.first_publish_year),
    pageCount: positiveIntOrNull(d.number_of_pages_median),
    language: normaliseLanguage(cleanText(d.language?.[0])),
    coverUrl: coverId ? `${COVERS_URL}/${coverId}-M.jpg` : null,
    averageRating: null,
    ratingsCount: null,
    source: 'openlibrary',
    // A work's subjects and first_publish_year; its language list mixes editions, so the
    // original language stays unknown.
    subjects: (d.subject ?? [])
      .map(cleanText)
      .filter((s): s is string => s !== null)
      .slice(0, MAX_SUBJECTS),
    firstPublishedYear: yearOrNull(d.first_publish_year),
    originalLanguage: null,
  };
}

export interface OpenLibraryOptions {
  url: string;
  timeoutMs: number;
  /** Open Library asks every client to name itself and a contact. */
  userAgent: string;
}

/** Open Library's search.json, the last link of the chain. */
export function createOpenLibraryProvider(options: OpenLibraryOptions): BookProvider {
  return {
    name: 'openlibrary',
    async search(query: ProviderQuery) {
      const url = new URL(options.url);
      url.searchParams.set('q', query.isbn ? `isbn:${query.isbn}` : query.text);
      url.searchParams.set('limit', String(Math.min(query.limit, OPEN_LIBRARY_MAX_RESULTS)));
      if (query.startIndex) url.searchParams.set('offset', String(query.startIndex));
      if (query.orderBy === 'newest') url.searchParams.set('sort', 'new');
      url.searchParams.set('fields', FIELDS);
      return fetchProviderBooks('openlibrary', url, {
        timeoutMs: options.timeoutMs,
        headers: { 'user-agent': options.userAgent },
        schema: SearchResponse,
        toBooks: (body) => (body.docs ?? []).map(normaliseOpenLibraryDoc),
      });
    },
  };
}
