import type { FinishedBook, FriendBook, WantToReadBook } from '../../../lib/schemas/library';
import { toIso, toIsoOrNull } from '../../db/schema';
import { generatedCoverPath } from '../books/books.mapper';
import type { FinishedBookRow, WantToReadRow } from './library.repository';

/** A finished book as its owner sees it. */
export function toFinishedBook(row: FinishedBookRow): FinishedBook {
  return {
    isbn: row.bookIsbn,
    title: row.title,
    author: row.author,
    coverUrl: row.coverUrl ?? generatedCoverPath(row.bookIsbn),
    rating: row.rating === null ? null : Number(row.rating),
    review: row.review,
    ratedAt: toIsoOrNull(row.ratingDate),
    finishedAt: toIso(row.finishedAt),
  };
}

/** A finished book on someone else's profile: no review, no rating date. */
export function toFriendBook(row: FinishedBookRow): FriendBook {
  const book = toFinishedBook(row);
  return {
    isbn: book.isbn,
    title: book.title,
    author: book.author,
    coverUrl: book.coverUrl,
    rating: book.rating,
    finishedAt: book.finishedAt,
  };
}

export function toWantToReadBook(row: WantToReadRow): WantToReadBook {
  return {
    isbn: row.bookIsbn,
    title: row.title,
    author: row.author,
    coverUrl: row.coverUrl ?? generatedCoverPath(row.bookIsbn),
    addedAt: toIso(row.addedAt),
  };
}
