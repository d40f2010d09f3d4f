import type { Insertable, Kysely } from 'kysely';
import type { BooksTable, Database, FinishedBooksTable, WantToReadTable } from '../../db/schema';

/** Rows per statement: under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** A catalogue book as an import copies it onto the reader's lists. */
export interface ImportCatalogueBook {
  isbn: string;
  title: string;
  authors: string;
  coverUrl: string | null;
}

/**
 * The writes of an import, each an upsert-ignore (unique reader-and-book, unique ISBN), so a
 * file imported twice adds nothing the second time. Pass the transaction's handle.
 */
export function createImportsRepository(db: Kysely<Database>) {
  return {
    /** The catalogue's books among `isbns`. */
    async findBooks(isbns: readonly string[]): Promise<ImportCatalogueBook[]> {
      const found: ImportCatalogueBook[] = [];
      for (const chunk of chunks([...new Set(isbns)], 500)) {
        const rows = await db
          .selectFrom('books')
          .select(['isbn', 'title', 'authors', 'coverUrl'])
          .where('isbn', 'in', chunk)
          .execute();
        found.push(...rows);
      }
      return found;
    },

    /** Adds books the catalogue lacks; returns how many were new. */
    async insertBooks(books: readonly Insertable<BooksTable>[]): Promise<number> {
      let inserted = 0;
      for (const chunk of chunks(books)) {
        const result = await db
          .insertInto('books')
          .values(chunk)
          .onConflict((oc) => oc.column('isbn').doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    },

    /** Adds finished books the reader does not have yet; returns how many were new. */
    async insertFinished(rows: readonly Insertable<FinishedBooksTable>[]): Promise<number> {
      let inserted = 0;
      for (const chunk of chunks(rows)) {
        const result = await db
          .insertInto('finishedBooks')
          .values(chunk)
          .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    },

    /** Lists books the reader has not listed yet; returns how many were new. */
    async insertWantToRead(rows: readonly Insertable<WantToReadTable>[]): Promise<number> {
      let inserted = 0;
      for (const chunk of chunks(rows)) {
        const result = await db
          .insertInto('wantToRead')
          .values(chunk)
          .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    },

    /** The account with this email (the import command names the reader by email). */
    findAccountByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'role'])
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },
  };
}
