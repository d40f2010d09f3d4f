import { randomUUID } from 'node:crypto';
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
import type { BooksTable, ImportEntriesTable } from '../../db/schema';
import { isbn13To10 } from '../../books/book-record';
import { chunksOf } from '../../db/chunks';
import { createSlicer, runInSlices, type Slicer } from '../../shared/time-slices';
import { createBooksRepository } from '../books/books.repository';
import { toListEntry, type CatalogueBook } from '../library/library.repository';
import { sanitizeReview } from '../reviews/reviews.service';
import { isSameBook, matchSearchText } from './catalogue-match';
import type { ImportedBook } from './import-fields';
import { parseLibraryExportSteps } from './import-file';
import { createImportsRepository } from './imports.repository';

/** How many catalogue hits are looked through for a row without ISBN. */
const MATCH_CANDIDATES = 10;
/**
 * Rows one statement writes between turns of the event loop: staged entries are cheap; a
 * catalogue book also updates SQLite's full-text index, so fewer go at once there. PostgreSQL
 * runs elsewhere (the event loop turns while it works), so bigger chunks save round trips.
 */
const STAGE_CHUNK = { sqlite: 100, postgres: 500 } as const;
const BOOK_CHUNK = { sqlite: 25, postgres: 200 } as const;
const DISCARD_CHUNK = 500;
const FIND_CHUNK = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Staged entries older than this belong to an import whose process died. */
const STALE_STAGING_MS = 60 * 60 * 1000;

export type ImportOutcome =
  | { ok: true; result: ImportResponse }
  | { ok: false; invalid: ImportInvalidResponse }
  | { ok: false; quota: { max: number; left: number } };

/** The daily quota of books an import may add to one reader's lists; null: none (the CLI). */
export interface ImportOptions {
  rowsPerDay: number | null;
}

/**
 * An entry's id: a UUID in version 7's layout whose time part counts up through the import,
 * so the entries of one import land at the end of the lists' primary-key index, in order,
 * rather than all over it: the transaction that publishes them is about twice as quick.
 */
function orderedId(startMs: number, seq: number): string {
  const time = (startMs + seq).toString(16).padStart(12, '0');
  const random = randomUUID();
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}

/** Thrown inside the publishing transaction to roll it back when the quota would be passed. */
class QuotaExceeded extends Error {
  constructor(readonly left: number) {
    super('import quota exceeded');
  }
}

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
    // Only the reader's file vouches for it: found by its importer alone until a provider or
    // an admin confirms it (issue 8, decision 008).
    confirmed: 0,
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
 * Books the catalogue lacks are added from the file, unconfirmed (issue 8); read books become
 * finished books (rating and date), to-read books go on the want-to-read list. Each write is
 * an upsert-ignore, so importing the same file again changes nothing.
 *
 * A 10,000-row file must not stall the server (issue 8): reading, matching and building run
 * in slices that let other requests in; entries are staged in short statements; one short
 * transaction moves them onto the lists and checks the reader's daily quota, so the import
 * still lands whole or not at all. An import that does not land takes back the catalogue
 * books it added (unconfirmed ones nobody lists, which nobody could find meanwhile).
 */
export function createImportsService(database: DatabaseHandle) {
  const catalogue = createBooksRepository(database.db, database.kind);
  const repository = createImportsRepository(database.db, database.kind);

  /** Finds the confirmed catalogue book of a row without ISBN by its title and author. */
  async function matchByTitle(book: ImportedBook): Promise<CatalogueBook | null> {
    const hits = await catalogue.search(matchSearchText(book), MATCH_CANDIDATES);
    const hit = hits.find((candidate) => candidate.isbn && isSameBook(book, candidate));
    return hit?.isbn
      ? { isbn: hit.isbn, title: hit.title, authors: hit.authors, coverUrl: hit.coverUrl }
      : null;
  }

  /** Stages entries, adds the new books, and publishes in one transaction; see above. */
  async function write(
    run: { importId: string; userId: string; now: string },
    entries: ImportEntriesTable[],
    newBooks: Insertable<BooksTable>[],
    options: ImportOptions,
    slicer: Slicer,
  ) {
    const { importId, userId, now } = run;
    const dayAgo = new Date(Date.parse(now) - DAY_MS).toISOString();
    await repository.discardStagedBefore(
      new Date(Date.parse(now) - STALE_STAGING_MS).toISOString(),
    );
    const added: string[] = [];
    try {
      for (const chunk of chunksOf(entries, STAGE_CHUNK[database.kind])) {
        await repository.stageEntries(chunk);
        await slicer.tick();
      }
      for (const chunk of chunksOf(newBooks, BOOK_CHUNK[database.kind])) {
        added.push(...(await repository.insertBooks(chunk)));
        await slicer.tick();
      }
      const counts = await database.db.transaction().execute(async (trx) => {
        const writes = createImportsRepository(trx, database.kind);
        if (options.rowsPerDay !== null) await writes.lockReader(userId);
        const published = await writes.publish(importId);
        const rowsAdded = published.finished + published.wantToRead;
        if (options.rowsPerDay !== null) {
          const used = await writes.rowsAddedSince(userId, dayAgo);
          if (used + rowsAdded > options.rowsPerDay)
            throw new QuotaExceeded(options.rowsPerDay - used);
        }
        if (rowsAdded > 0) {
          await writes.recordRun({ id: importId, userId, rowsAdded, createdAt: now }, dayAgo);
        }
        return published;
      });
      return { ...counts, booksAdded: added.length };
    } catch (error) {
      await repository.deleteUnusedImportedBooks(added);
      throw error;
    } finally {
      for (let seq = 0; seq < entries.length; seq += DISCARD_CHUNK) {
        await repository.discardStaged(importId, seq, DISCARD_CHUNK);
        await slicer.tick();
      }
    }
  }

  return {
    async importLibrary(
      userId: string,
      input: { csv: string; format?: ImportFormat },
      options: ImportOptions = { rowsPerDay: null },
    ): Promise<ImportOutcome> {
      const slicer = createSlicer();
      const now = new Date().toISOString();
      if (options.rowsPerDay !== null) {
        const dayAgo = new Date(Date.parse(now) - DAY_MS).toISOString();
        const used = await repository.rowsAddedSince(userId, dayAgo);
        if (used >= options.rowsPerDay) {
          return { ok: false, quota: { max: options.rowsPerDay, left: 0 } };
        }
      }

      const parsed = await runInSlices(parseLibraryExportSteps(input.csv, input), slicer);
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
      const known = new Map<string, CatalogueBook>();
      const isbns = [...new Set(wanted.flatMap((b) => (b.isbn ? [b.isbn] : [])))];
      for (const chunk of chunksOf(isbns, FIND_CHUNK)) {
        for (const book of await repository.findBooks(chunk)) known.set(book.isbn, book);
        await slicer.tick();
      }
      const newBooks = new Map<string, Insertable<BooksTable>>();
      const resolved: { row: ImportedBook; book: CatalogueBook }[] = [];
      for (const row of wanted) {
        await slicer.tick();
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
      const importId = randomUUID();
      const startMs = Date.parse(now);
      const firstRowOf = new Map<string, number>();
      const entries: ImportEntriesTable[] = [];
      const ordered = [
        ...resolved.filter((r) => r.row.shelf === 'read'),
        ...resolved.filter((r) => r.row.shelf === 'to-read'),
      ];
      for (const { row, book } of ordered) {
        await slicer.tick();
        const first = firstRowOf.get(book.isbn);
        if (first !== undefined) {
          skipped.push({ row: row.row, message: messages.imports.duplicateRow(first) });
          continue;
        }
        firstRowOf.set(book.isbn, row.row);
        const entry = toListEntry(userId, book);
        const read = row.shelf === 'read';
        const finishedAt = row.finishedAt ?? row.addedAt ?? now;
        entries.push({
          ...entry,
          id: orderedId(startMs, entries.length),
          importId,
          seq: entries.length,
          list: read ? 'finished' : 'want',
          rating: read ? row.rating : null,
          review: read ? importedReview(row.review) : null,
          ratingDate: read && row.rating !== null ? finishedAt : null,
          finishedAt: read ? finishedAt : null,
          addedAt: read ? null : (row.addedAt ?? now),
          createdAt: now,
        });
      }

      let counts: { finished: number; wantToRead: number; booksAdded: number };
      try {
        counts = await write(
          { importId, userId, now },
          entries,
          [...newBooks.values()],
          options,
          slicer,
        );
      } catch (error) {
        if (!(error instanceof QuotaExceeded)) throw error;
        return { ok: false, quota: { max: options.rowsPerDay ?? 0, left: error.left } };
      }
      return {
        ok: true,
        result: {
          format: parsed.format,
          imported: counts,
          unchanged: entries.length - counts.finished - counts.wantToRead,
          skipped: skipped.sort((a, b) => a.row - b.row),
          errors: [],
          message: messages.imports.done(counts.finished, counts.wantToRead),
        },
      };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
