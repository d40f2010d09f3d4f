import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const FINISHED_COLUMNS = [
  'bookIsbn',
  'title',
  'author',
  'coverUrl',
  'rating',
  'review',
  'ratingDate',
  'finishedAt',
] as const;
const WANT_TO_READ_COLUMNS = ['bookIsbn', 'title', 'author', 'coverUrl', 'addedAt'] as const;

/** The catalogue fields a list entry copies from the book. */
export interface CatalogueBook {
  isbn: string;
  title: string;
  authors: string;
  coverUrl: string | null;
}

/** The columns a new finished book and a new want-to-read entry alike copy from the book. */
export function toListEntry(userId: string, book: CatalogueBook) {
  return {
    id: randomUUID(),
    userId,
    bookIsbn: book.isbn,
    title: book.title,
    author: book.authors,
    coverUrl: book.coverUrl,
  };
}

type ListTable = 'finishedBooks' | 'wantToRead';

/**
 * Finished books and the want-to-read list. Every query names the owner, so one reader's rows
 * can never be read or changed through another's request.
 */
export function createLibraryRepository(db: Kysely<Database>) {
  /** Takes the book off one of the reader's lists; true when it was there. */
  async function deleteEntry(table: ListTable, userId: string, isbn: string): Promise<boolean> {
    const result = await db
      .deleteFrom(table)
      .where('userId', '=', userId)
      .where('bookIsbn', '=', isbn)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  return {
    findCatalogueBook(isbn: string): Promise<CatalogueBook | undefined> {
      return db
        .selectFrom('books')
        .select(['isbn', 'title', 'authors', 'coverUrl'])
        .where('isbn', '=', isbn)
        .executeTakeFirst();
    },

    listFinished(userId: string) {
      return db
        .selectFrom('finishedBooks')
        .select(FINISHED_COLUMNS)
        .where('userId', '=', userId)
        .orderBy('finishedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    /** When each finished book was finished; the stats need nothing else. */
    async listFinishedDates(userId: string): Promise<(Date | string)[]> {
      const rows = await db
        .selectFrom('finishedBooks')
        .select('finishedAt')
        .where('userId', '=', userId)
        .execute();
      return rows.map((row) => row.finishedAt);
    },
    findFinished(userId: string, isbn: string) {
      return db
        .selectFrom('finishedBooks')
        .select(FINISHED_COLUMNS)
        .where('userId', '=', userId)
        .where('bookIsbn', '=', isbn)
        .executeTakeFirst();
    },
    /** Adds the book unless the reader has it already; true when it was added. */
    async insertFinished(userId: string, book: CatalogueBook, now: string): Promise<boolean> {
      const result = await db
        .insertInto('finishedBooks')
        .values({ ...toListEntry(userId, book), finishedAt: now, createdAt: now })
        .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async rateFinished(userId: string, isbn: string, rating: number, now: string) {
      const result = await db
        .updateTable('finishedBooks')
        .set({ rating, ratingDate: now })
        .where('userId', '=', userId)
        .where('bookIsbn', '=', isbn)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    deleteFinished(userId: string, isbn: string): Promise<boolean> {
      return deleteEntry('finishedBooks', userId, isbn);
    },

    listWantToRead(userId: string) {
      return db
        .selectFrom('wantToRead')
        .select(WANT_TO_READ_COLUMNS)
        .where('userId', '=', userId)
        .orderBy('addedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async countWantToRead(userId: string): Promise<number> {
      const row = await db
        .selectFrom('wantToRead')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    findWantToRead(userId: string, isbn: string) {
      return db
        .selectFrom('wantToRead')
        .select(WANT_TO_READ_COLUMNS)
        .where('userId', '=', userId)
        .where('bookIsbn', '=', isbn)
        .executeTakeFirst();
    },
    /** Lists the book unless it is listed already; true when it was added. */
    async insertWantToRead(userId: string, book: CatalogueBook, now: string): Promise<boolean> {
      const result = await db
        .insertInto('wantToRead')
        .values({ ...toListEntry(userId, book), addedAt: now })
        .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    deleteWantToRead(userId: string, isbn: string): Promise<boolean> {
      return deleteEntry('wantToRead', userId, isbn);
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
export type FinishedBookRow = Awaited<ReturnType<LibraryRepository['listFinished']>>[number];
export type WantToReadRow = Awaited<ReturnType<LibraryRepository['listWantToRead']>>[number];
