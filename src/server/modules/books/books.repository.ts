import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { insertInChunks } from '../../db/chunks';
import type { DatabaseKind } from '../../db/database';
import type { BooksTable, Database } from '../../db/schema';
import { DEFAULT_GENRE, UNKNOWN_AUTHOR, type NormalisedBook } from '../../books/book-record';
import { searchTerms, toFts5Query, toTsQuery } from '../../books/search-terms';
import { toBook } from './books.mapper';

const BOOK_COLUMNS = [
  'isbn',
  'isbn10',
  'title',
  'authors',
  'genre',
  'categories',
  'description',
  'publisher',
  'publishedDate',
  'pageCount',
  'language',
  'coverUrl',
  'averageRating',
  'ratingsCount',
  'source',
] as const;

/** The numeric catalogue columns, which a driver may hand back as text. */
type NumericColumn = 'pageCount' | 'averageRating' | 'ratingsCount';

/** A catalogue row as read back: every column but the timestamps; categories are JSON text. */
export type BookRow = Omit<Selectable<BooksTable>, 'createdAt' | 'updatedAt' | NumericColumn> &
  Record<NumericColumn, number | string | null>;

/** A book with an ISBN as a row to insert. */
export function toBookInsert(book: NormalisedBook & { isbn: string }): Insertable<BooksTable> {
  const now = new Date().toISOString();
  return {
    isbn: book.isbn,
    isbn10: book.isbn10,
    title: book.title,
    authors: book.authors || UNKNOWN_AUTHOR,
    genre: book.genre || DEFAULT_GENRE,
    categories: JSON.stringify(book.categories),
    description: book.description,
    publisher: book.publisher,
    publishedDate: book.publishedDate,
    pageCount: book.pageCount,
    language: book.language,
    coverUrl: book.coverUrl,
    averageRating: book.averageRating,
    ratingsCount: book.ratingsCount,
    source: book.source,
    createdAt: now,
    updatedAt: now,
  };
}

/** Rows per insert statement; keeps SQLite under its bound-parameter limit. */
const INSERT_CHUNK = 50;

/** The local catalogue: full-text search (FTS5 on SQLite, tsvector on PostgreSQL) and the cache. */
export function createBooksRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    /** Books matching every word of `text` as a prefix, best first. */
    async search(text: string, limit: number): Promise<NormalisedBook[]> {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      if (kind === 'postgres') {
        const query = toTsQuery(terms);
        const rows = await db
          .selectFrom('books')
          .select(BOOK_COLUMNS)
          .where(sql<boolean>`search @@ to_tsquery('simple', ${query})`)
          .orderBy(sql`ts_rank(search, to_tsquery('simple', ${query})) desc`)
          .orderBy('title')
          .orderBy('isbn')
          .limit(limit)
          .execute();
        return rows.map(toBook);
      }
      // Title words weigh most, then authors, then the ISBNs.
      const { rows } = await sql<BookRow>`
        select b.isbn, b.isbn10, b.title, b.authors, b.genre, b.categories, b.description,
          b.publisher, b.published_date, b.page_count, b.language, b.cover_url,
          b.average_rating, b.ratings_count, b.source
        from books_fts join books b on b.rowid = books_fts.rowid
        where books_fts match ${toFts5Query(terms)}
        order by bm25(books_fts, 10.0, 5.0, 1.0, 1.0), b.title, b.isbn
        limit ${limit}`.execute(db);
      return rows.map(toBook);
    },

    async findByIsbn(isbn: string): Promise<NormalisedBook | null> {
      const row = await db
        .selectFrom('books')
        .select(BOOK_COLUMNS)
        .where('isbn', '=', isbn)
        .executeTakeFirst();
      return row ? toBook(row) : null;
    },

    /** Title and authors for a generated cover. */
    findCoverText(isbn: string) {
      return db
        .selectFrom('books')
        .select(['title', 'authors'])
        .where('isbn', '=', isbn)
        .executeTakeFirst();
    },

    /** Caches books; one already stored (demo or earlier hit) is kept as it is. */
    insertMissing(books: readonly (NormalisedBook & { isbn: string })[]): Promise<number> {
      return insertInChunks(books, INSERT_CHUNK, (chunk) =>
        db
          .insertInto('books')
          .values(chunk.map(toBookInsert))
          .onConflict((oc) => oc.column('isbn').doNothing())
          .executeTakeFirst(),
      );
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
