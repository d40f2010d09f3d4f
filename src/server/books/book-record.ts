import { isbn10To13, isValidIsbn10, isValidIsbn13 } from '../../lib/isbn';

/** Where a cached book came from: the bundled demo catalogue or a remote provider. */
export type BookSource = 'demo' | 'google' | 'openlibrary';

/**
 * A book as every provider hands it over, normalised (SPEC.md section 3, Book): authors
 * comma-joined or 'Unknown', genre the first category or 'General', ISBN-13 preferred, https
 * cover. `isbn` is null when the provider knew none: such a book can be shown, never placed.
 */
export interface NormalisedBook {
  isbn: string | null;
  isbn10: string | null;
  title: string;
  authors: string;
  categories: string[];
  genre: string;
  description: string | null;
  publisher: string | null;
  publishedDate: string | null;
  pageCount: number | null;
  language: string | null;
  coverUrl: string | null;
  averageRating: number | null;
  ratingsCount: number | null;
  source: BookSource;
  /** Categories and provider subjects ("Poetry", "Juvenile Fiction / Fantasy"); issue 11. */
  subjects?: string[];
  /** The work's first publication year, not this edition's, where known. */
  firstPublishedYear?: number | null;
  /** ISO 639-1 code of the language the work was first written in, where known. */
  originalLanguage?: string | null;
  /**
   * False for a catalogue book only a reader's import vouches for (issue 8); a provider's
   * answer or the demo catalogue leaves it out.
   */
  confirmed?: boolean;
}

export const UNKNOWN_AUTHOR = 'Unknown';
export const DEFAULT_GENRE = 'General';
const MAX_CATEGORIES = 10;

/** A trimmed, non-empty string, or null. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Names joined with ', ', or 'Unknown' when there are none. */
export function joinAuthors(authors: readonly unknown[] | undefined | null): string {
  const names = (authors ?? []).map(cleanText).filter((name): name is string => name !== null);
  return names.length > 0 ? names.join(', ') : UNKNOWN_AUTHOR;
}

/** Distinct, trimmed category names, at most ten. */
export function cleanCategories(categories: readonly unknown[] | undefined | null): string[] {
  const names = (categories ?? []).map(cleanText).filter((name): name is string => name !== null);
  return [...new Set(names)].slice(0, MAX_CATEGORIES);
}

export function genreOf(categories: readonly string[]): string {
  return categories[0] ?? DEFAULT_GENRE;
}

/** A plausible publication year (a positive integer no later than next year), or null. */
export function yearOrNull(value: unknown): number | null {
  const year = typeof value === 'string' ? Number(value) : value;
  const latest = new Date().getUTCFullYear() + 1;
  return typeof year === 'number' && Number.isInteger(year) && year > 0 && year <= latest
    ? year
    : null;
}

/** A cover address the page can load: http upgraded to https, anything else dropped. */
export function toHttpsUrl(value: unknown): string | null {
  const text = cleanText(value);
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol === 'http:') url.protocol = 'https:';
  return url.protocol === 'https:' ? url.toString() : null;
}

/** Keeps '1937', '1937-09' and '1937-09-21' as they are (a year stays a year); else null. */
export function normalisePublishedDate(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 10000) {
    return String(value).padStart(4, '0');
  }
  const text = cleanText(value);
  if (!text) return null;
  const match = /^(\d{4})(-\d{2})?(-\d{2})?/.exec(text);
  return match ? match[0] : null;
}

export function positiveIntOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The ISBN-10 of a 978-prefixed ISBN-13 (979 ones have none), or null. */
export function isbn13To10(isbn13: string): string | null {
  if (!isValidIsbn13(isbn13) || !isbn13.startsWith('978')) return null;
  const body = isbn13.slice(3, 12);
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(body[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return `${body}${check === 10 ? 'X' : String(check)}`;
}

function cleanIsbn(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() : '';
}

/**
 * Picks the book's ISBNs from a provider's list: the first valid ISBN-13, else the first valid
 * ISBN-10 converted; the ISBN-10 is kept (or derived) so the catalogue finds it too.
 */
export function pickIsbns(candidates: readonly unknown[]): {
  isbn: string | null;
  isbn10: string | null;
} {
  const cleaned = candidates.map(cleanIsbn);
  const isbn13 = cleaned.find((c) => c.length === 13 && isValidIsbn13(c)) ?? null;
  const isbn10 = cleaned.find((c) => c.length === 10 && isValidIsbn10(c)) ?? null;
  if (isbn13) return { isbn: isbn13, isbn10: isbn10 ?? isbn13To10(isbn13) };
  if (isbn10) return { isbn: isbn10To13(isbn10), isbn10 };
  return { isbn: null, isbn10: null };
}
