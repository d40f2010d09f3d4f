import type { Insertable } from 'kysely';
import { REVIEW_MAX } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import type {
  ImportFormat,
  ImportInvalidResponse,
  ImportResponse,
  ImportRowMessage,
} from '../../../lib/schemas/imports';
import type { DatabaseHandle } from '../../db/database';
import type { BooksTable, FinishedBooksTable, WantToReadTable } from '../../db/schema';
import { isbn13To10 } from '../../books/book-record';
import { createBooksRepository } from '../books/books.repository';
import { toListEntry, type CatalogueBook } from '../library/library.repository';
import { sanitizeReview } from '../reviews/reviews.service';
import { isSameBook, matchSearchText } from './catalogue-match';
import type { ImportedBook } from './import-fields';
import { parseLibraryExport } from './import-file';
import { createImportsRepository } from './imports.repository';

/** How many catalogue hits are looked through for a row without ISBN. */
const MATCH_CANDIDATES = 10;

export type ImportOutcome =
  { ok: true; result: ImportResponse } | { ok: false; invalid: ImportInvalidResponse };

/**
 * A review as stored: sanitised like one written here (DESIGN.md), and cut to the 2000
 * characters one written here may have; the cut text is sanitised again, which closes a tag
 * the cut split.
 */
function importedReview(text: string | null): string | null {
  if (!text) return null;
  const review = sanitizeReview(text);
  if (review.length <= REVIEW_MAX) return review || null;
  return sanitizeReview(review.slice(0, REVIEW_MAX)).slice(0, REVIEW_MAX) || null;
}

/** A book the catalogue lacks, made from the file's own fields. */
function toImportedCatalogueBook(
  book: ImportedBook & { isbn: string },
  now: string,
): Insertable<BooksTable> {
  return {
    isbn: book.isbn,
    isbn10: book.isbn10 ?? isbn13To10(book.isbn),
    title: book.title,
    authors: book.authors,
    genre: 'General',
    categories: '[]',
    description: null,
    publisher: book.publisher,
    publishedDate: book.publishedDate,
    pageCount: book.pageCount,
    language: null,
    coverUrl: null,
    averageRating: book.averageRating,
    ratingsCount: null,
    source: 'import',
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Imports a Goodreads or StoryGraph library export (issue 5). Every row is read and checked
 * first; one bad row refuses the whole file with every fault listed, and nothing is stored.
 * Then, in one transaction: books the catalogue lacks are added from the file, read books
 * become finished books (rating and date), to-read books go on the want-to-read list. Each
 * write is an upsert-ignore, so importing the same file again changes nothing.
 */
export function createImportsService(database: DatabaseHandle) {
  const catalogue = createBooksRepository(database.db, database.kind);

  /** Finds the catalogue book of a row without ISBN by its title and author. */
  async function matchByTitle(book: ImportedBook): Promise<CatalogueBook | null> {
    const hits = await catalogue.search(matchSearchText(book), MATCH_CANDIDATES);
    const hit = hits.find((candidate) => candidate.isbn && isSameBook(book, candidate));
    return hit?.isbn
      ? { isbn: hit.isbn, title: hit.title, authors: hit.authors, coverUrl: hit.coverUrl }
      : null;
  }

  return {
    async importLibrary(
      userId: string,
      input: { csv: string; format?: ImportFormat },
    ): Promise<ImportOutcome> {
      const parsed = parseLibraryExport(input.csv, input);
      if (!parsed.ok) {
        return {
          ok: false,
          invalid: {
            error: { code: 'IMPORT_INVALID', message: messages.imports.invalid },
            rows: parsed.errors,
          },
        };
      }

      const skipped: ImportRowMessage[] = [];
      const wanted = parsed.books.filter((book) => {
        if (book.shelf !== 'other') return true;
        skipped.push({ row: book.row, message: messages.imports.shelfSkipped(book.shelfName) });
        return false;
      });

      // Which book each row is: the catalogue's by ISBN, a new one from the file, or the
      // catalogue's by title and author when the row has no ISBN.
      const repository = createImportsRepository(database.db);
      const known = new Map(
        (await repository.findBooks(wanted.flatMap((b) => (b.isbn ? [b.isbn] : [])))).map((b) => [
          b.isbn,
          b,
        ]),
      );
      const now = new Date().toISOString();
      const newBooks = new Map<string, Insertable<BooksTable>>();
      const resolved: { row: ImportedBook; book: CatalogueBook }[] = [];
      for (const row of wanted) {
        let book: CatalogueBook | null = null;
        if (row.isbn) {
          book = known.get(row.isbn) ?? null;
          if (!book) {
            const created = toImportedCatalogueBook({ ...row, isbn: row.isbn }, now);
            if (!newBooks.has(row.isbn)) newBooks.set(row.isbn, created);
            book = { isbn: row.isbn, title: row.title, authors: row.authors, coverUrl: null };
          }
        } else {
          book = await matchByTitle(row);
        }
        if (book) resolved.push({ row, book });
        else skipped.push({ row: row.row, message: messages.imports.notInCatalogue });
      }

      // One entry per book: a read row wins over a to-read row, else the first row.
      const firstRowOf = new Map<string, number>();
      const finished: Insertable<FinishedBooksTable>[] = [];
      const wantToRead: Insertable<WantToReadTable>[] = [];
      const ordered = [
        ...resolved.filter((r) => r.row.shelf === 'read'),
        ...resolved.filter((r) => r.row.shelf === 'to-read'),
      ];
      for (const { row, book } of ordered) {
        const first = firstRowOf.get(book.isbn);
        if (first !== undefined) {
          skipped.push({ row: row.row, message: messages.imports.duplicateRow(first) });
          continue;
        }
        firstRowOf.set(book.isbn, row.row);
        const entry = toListEntry(userId, book);
        if (row.shelf === 'read') {
          const finishedAt = row.finishedAt ?? row.addedAt ?? now;
          finished.push({
            ...entry,
            rating: row.rating,
            review: importedReview(row.review),
            ratingDate: row.rating === null ? null : finishedAt,
            finishedAt,
            createdAt: now,
          });
        } else {
          wantToRead.push({ ...entry, addedAt: row.addedAt ?? now });
        }
      }

      const counts = await database.db.transaction().execute(async (trx) => {
        const writes = createImportsRepository(trx);
        return {
          booksAdded: await writes.insertBooks([...newBooks.values()]),
          finished: await writes.insertFinished(finished),
          wantToRead: await writes.insertWantToRead(wantToRead),
        };
      });
      return {
        ok: true,
        result: {
          format: parsed.format,
          imported: counts,
          unchanged: finished.length - counts.finished + wantToRead.length - counts.wantToRead,
          skipped: skipped.sort((a, b) => a.row - b.row),
          errors: [],
          message: messages.imports.done(counts.finished, counts.wantToRead),
        },
      };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
