import { sql, type Insertable, type Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database';
import type { BooksTable, Database } from '../../db/schema';
import {
  DEFAULT_GENRE,
  UNKNOWN_AUTHOR,
  type BookSource,
  type NormalisedBook,
} from '../../books/book-record';
import { searchTerms, toFts5Query, toTsQuery } from '../../books/search-terms';

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

interface BookRow {
  isbn: string;
  isbn10: string | null;
  title: string;
  authors: string;
  genre: string;
  categories: string;
  description: string | null;
  publisher: string | null;
  publishedDate: string | null;
  pageCount: number | string | null;
  language: string | null;
  coverUrl: string | null;
  averageRating: number | string | null;
  ratingsCount: number | string | null;
  source: string;
}

function parseCategories(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** A stored book as the domain record; categories are stored as JSON text. */
function toBook(row: BookRow): NormalisedBook {
  return {
    isbn: row.isbn,
    isbn10: row.isbn10,
    title: row.title,
    authors: row.authors,
    categories: parseCategories(row.categories),
    genre: row.genre,
    description: row.description,
    publisher: row.publisher,
    publishedDate: row.publishedDate,
    pageCount: numberOrNull(row.pageCount),
    language: row.language,
    coverUrl: row.coverUrl,
    averageRating: numberOrNull(row.averageRating),
    ratingsCount: numberOrNull(row.ratingsCount),
    source: row.source as BookSource,
  };
}

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
    async insertMissing(books: readonly (NormalisedBook & { isbn: string })[]): Promise<number> {
      let inserted = 0;
      for (let i = 0; i < books.length; i += INSERT_CHUNK) {
        const chunk = books.slice(i, i + INSERT_CHUNK).map(toBookInsert);
        const result = await db
          .insertInto('books')
          .values(chunk)
          .onConflict((oc) => oc.column('isbn').doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
