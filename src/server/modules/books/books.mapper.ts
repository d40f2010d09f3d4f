import type { BookDetails, BookSummary } from '../../../lib/schemas/books';
import type { BookSource, NormalisedBook } from '../../books/book-record';
import { coverDataUrl } from '../../books/cover-svg';
import type { BookRow } from './books.repository';

/** Categories as the catalogue stores them, JSON text; anything unreadable is none. */
export function parseStoredCategories(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** A stored number (which the driver may hand back as text), or null. */
export function storedNumberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** A stored book as the domain record. */
export function toBook(row: BookRow): NormalisedBook {
  return {
    isbn: row.isbn,
    isbn10: row.isbn10,
    title: row.title,
    authors: row.authors,
    categories: parseStoredCategories(row.categories),
    genre: row.genre,
    description: row.description,
    publisher: row.publisher,
    publishedDate: row.publishedDate,
    pageCount: storedNumberOrNull(row.pageCount),
    language: row.language,
    coverUrl: row.coverUrl,
    averageRating: storedNumberOrNull(row.averageRating),
    ratingsCount: storedNumberOrNull(row.ratingsCount),
    source: row.source as BookSource,
    subjects: parseStoredCategories(row.subjects),
    firstPublishedYear: storedNumberOrNull(row.firstPublishedYear),
    originalLanguage: row.originalLanguage,
    confirmed: Number(row.confirmed) === 1,
  };
}

/** The generated cover of a catalogued book. */
export function generatedCoverPath(isbn: string): string {
  return `/api/books/${encodeURIComponent(isbn)}/cover.svg`;
}

/**
 * The cover every card can show: the real thumbnail, else the generated one (a data: URL for
 * a result without an ISBN, which has no cover route).
 */
export function coverUrlOf(book: {
  isbn: string | null;
  coverUrl: string | null;
  title: string;
  authors: string;
}): string {
  if (book.coverUrl) return book.coverUrl;
  if (book.isbn) return generatedCoverPath(book.isbn);
  return coverDataUrl({
    key: `${book.title}|${book.authors}`,
    title: book.title,
    authors: book.authors,
  });
}

export function toBookSummary(book: NormalisedBook): BookSummary {
  return {
    isbn: book.isbn,
    title: book.title,
    authors: book.authors,
    genre: book.genre,
    publishedDate: book.publishedDate,
    coverUrl: coverUrlOf(book),
  };
}

export function toBookDetails(book: NormalisedBook & { isbn: string }): BookDetails {
  return {
    ...toBookSummary(book),
    isbn: book.isbn,
    description: book.description,
    publisher: book.publisher,
    pageCount: book.pageCount,
    categories: book.categories,
    language: book.language,
    averageRating: book.averageRating,
    ratingsCount: book.ratingsCount,
  };
}
