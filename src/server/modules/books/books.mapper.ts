import type { BookDetails, BookSummary } from '../../../lib/schemas/books';
import type { NormalisedBook } from '../../books/book-record';
import { coverDataUrl } from '../../books/cover-svg';

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
