import type { Insertable, Kysely } from 'kysely';
import { chunksOf, insertInChunks } from '../../db/chunks';
import type { BooksTable, Database, FinishedBooksTable, WantToReadTable } from '../../db/schema';
import type { CatalogueBook } from '../library/library.repository';

/** Rows per statement: under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

/**
 * The writes of an import, each an upsert-ignore (unique reader-and-book, unique ISBN), so a
 * file imported twice adds nothing the second time. Pass the transaction's handle.
 */
export function createImportsRepository(db: Kysely<Database>) {
  return {
    /** The catalogue's books among `isbns`. */
    async findBooks(isbns: readonly string[]): Promise<CatalogueBook[]> {
      const found: CatalogueBook[] = [];
      for (const chunk of chunksOf([...new Set(isbns)], 500)) {
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
    insertBooks(books: readonly Insertable<BooksTable>[]): Promise<number> {
      return insertInChunks(books, CHUNK, (chunk) =>
        db
          .insertInto('books')
          .values(chunk)
          .onConflict((oc) => oc.column('isbn').doNothing())
          .executeTakeFirst(),
      );
    },

    /** Adds finished books the reader does not have yet; returns how many were new. */
    insertFinished(rows: readonly Insertable<FinishedBooksTable>[]): Promise<number> {
      return insertInChunks(rows, CHUNK, (chunk) =>
        db
          .insertInto('finishedBooks')
          .values(chunk)
          .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing())
          .executeTakeFirst(),
      );
    },

    /** Lists books the reader has not listed yet; returns how many were new. */
    insertWantToRead(rows: readonly Insertable<WantToReadTable>[]): Promise<number> {
      return insertInChunks(rows, CHUNK, (chunk) =>
        db
          .insertInto('wantToRead')
          .values(chunk)
          .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing())
          .executeTakeFirst(),
      );
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
