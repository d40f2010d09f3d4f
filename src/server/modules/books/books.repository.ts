import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { insertInChunks } from '../../db/chunks';
import type { DatabaseKind } from '../../db/database';
import type { BooksTable, Database } from '../../db/schema';
import { DEFAULT_GENRE, UNKNOWN_AUTHOR, type NormalisedBook } from '../../books/book-record';
import type { SearchScope } from '../../books/provider-chain';
import { searchTerms, toFts5Query, toTsQuery } from '../../books/search-terms';
import { bookFacets } from '../../books/book-facets';
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
  'subjects',
  'firstPublishedYear',
  'originalLanguage',
  'confirmed',
] as const;

/** The numeric catalogue columns, which a driver may hand back as text. */
type NumericColumn =
  'pageCount' | 'averageRating' | 'ratingsCount' | 'firstPublishedYear' | 'confirmed';

/** A catalogue row as read back: every column but the timestamps; categories are JSON text. */
export type BookRow = Omit<
  Selectable<BooksTable>,
  'createdAt' | 'updatedAt' | 'facets' | 'rejectedAt' | NumericColumn
> &
  Record<NumericColumn, number | string | null>;

/** A book with an ISBN as a row to insert. */
export function toBookInsert(book: NormalisedBook & { isbn: string }): Insertable<BooksTable> {
  const now = new Date().toISOString();
  const subjects = book.subjects ?? book.categories;
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
    subjects: JSON.stringify(subjects),
    firstPublishedYear: book.firstPublishedYear ?? null,
    originalLanguage: book.originalLanguage ?? null,
    facets: bookFacets({
      subjects,
      language: book.language,
      originalLanguage: book.originalLanguage ?? null,
    }),
    createdAt: now,
    updatedAt: now,
  };
}

type TrustedColumn = Exclude<(typeof BOOK_COLUMNS)[number], 'isbn' | 'confirmed'>;
/** What a trusted source's copy of a book replaces in an unconfirmed one: every fact. */
const TRUSTED_FACTS = [
  ...BOOK_COLUMNS.filter((c): c is TrustedColumn => c !== 'isbn' && c !== 'confirmed'),
  'facets',
  'updatedAt',
] as const;

/** Rows per insert statement; keeps SQLite under its bound-parameter limit. */
const INSERT_CHUNK = 50;

// Title words weigh most, then authors, then the ISBNs; subject, genre and language words
// (facets, issue 11) so little that a title or author hit always ranks above them.
const SCORE = sql`bm25(books_fts, 10.0, 5.0, 1.0, 1.0, 0.01)`;

const BOOK_SELECT = sql`b.isbn, b.isbn10, b.title, b.authors, b.genre, b.categories,
  b.description, b.publisher, b.published_date, b.page_count, b.language, b.cover_url,
  b.average_rating, b.ratings_count, b.source, b.subjects, b.first_published_year,
  b.original_language, b.confirmed`;

// Who may find a book in search (issue 8, decision 008): everyone once it is confirmed;
// before that, only readers who have it on a list (its importer). No viewer: confirmed only.

/**
 * SQLite: the rowids search leaves out, the unconfirmed books the viewer does not list. The
 * partial index on unconfirmed books makes this a walk over those few rows, not the catalogue.
 */
function hiddenRowids(scope: SearchScope) {
  const listed = scope.viewerId
    ? sql`and not exists (select 1 from finished_books f
          where f.user_id = ${scope.viewerId} and f.book_isbn = h.isbn)
        and not exists (select 1 from want_to_read w
          where w.user_id = ${scope.viewerId} and w.book_isbn = h.isbn)`
    : sql``;
  return sql`select h.rowid from books h where h.confirmed = 0 ${listed}`;
}

/** PostgreSQL: the condition a visible book meets. */
function visibleTo(scope: SearchScope) {
  if (!scope.viewerId) return sql<boolean>`confirmed = 1`;
  return sql<boolean>`(confirmed = 1
    or exists (select 1 from finished_books f
      where f.user_id = ${scope.viewerId} and f.book_isbn = books.isbn)
    or exists (select 1 from want_to_read w
      where w.user_id = ${scope.viewerId} and w.book_isbn = books.isbn))`;
}

/**
 * The best `limit` matches by score, then title, then ISBN. FTS5 scores every match once into
 * a materialised list; the score of the `limit`-th is the cut, and only the rows at or above
 * it (the best ones and any equal to the cut) are joined to books and ordered by title and
 * ISBN, rather than every match ('the' matches most books). Ties at the cut stay exact.
 */
async function searchSqlite(
  db: Kysely<Database>,
  match: string,
  limit: number,
  scope: SearchScope,
): Promise<NormalisedBook[]> {
  if (limit < 1) return [];
  // Title, author and ISBN hits, best first; then, when they do not fill the page, books found
  // by their subjects and languages too (issue 11), in catalogue order. Scoring every subject
  // hit would cost as much as a subject is common ('fantasy' is in thousands of books).
  const named = await searchSqliteRanked(
    db,
    `{title authors isbn isbn10} : (${match})`,
    limit,
    scope,
  );
  if (named.length >= limit) return named;
  const seen = named.map((book) => book.isbn).filter((isbn): isbn is string => isbn !== null);
  const { rows } = await sql<BookRow>`
    select ${BOOK_SELECT} from books b
    where b.rowid in (
      select rowid from books_fts where books_fts match ${match}
      and rowid not in (${hiddenRowids(scope)})
      ${seen.length > 0 ? sql`and rowid not in (select rowid from books where isbn in (${sql.join(seen)}))` : sql``}
      limit ${limit - named.length})
    order by b.rowid`.execute(db);
  return [...named, ...rows.map(toBook)];
}

async function searchSqliteRanked(
  db: Kysely<Database>,
  match: string,
  limit: number,
  scope: SearchScope,
): Promise<NormalisedBook[]> {
  const { rows } = await sql<BookRow>`
    with matches as materialized (
      select rowid, ${SCORE} as score from books_fts where books_fts match ${match}
      and rowid not in (${hiddenRowids(scope)})
    ),
    cut as (select score from matches order by score limit 1 offset ${limit - 1})
    select ${BOOK_SELECT}
    from matches m join books b on b.rowid = m.rowid
    where not exists (select 1 from cut) or m.score <= (select score from cut)
    order by m.score, b.title, b.isbn
    limit ${limit}`.execute(db);
  return rows.map(toBook);
}

/** The local catalogue: full-text search (FTS5 on SQLite, tsvector on PostgreSQL) and the cache. */
export function createBooksRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    /**
     * Books matching every word of `text` as a prefix, best first, among those `scope` may
     * find: confirmed books, and the viewer's own unconfirmed ones.
     */
    async search(
      text: string,
      limit: number,
      scope: SearchScope = { viewerId: null },
    ): Promise<NormalisedBook[]> {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      if (kind === 'postgres') {
        const query = toTsQuery(terms);
        const rows = await db
          .selectFrom('books')
          .select(BOOK_COLUMNS)
          .where(sql<boolean>`search @@ to_tsquery('simple', ${query})`)
          .where(visibleTo(scope))
          .orderBy(sql`ts_rank(search, to_tsquery('simple', ${query})) desc`)
          .orderBy('title')
          .orderBy('isbn')
          .limit(limit)
          .execute();
        return rows.map(toBook);
      }
      return searchSqlite(db, toFts5Query(terms), limit, scope);
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

    /**
     * Writes subjects, first publication year, original language and facets onto demo rows
     * stored without them (loaded before migration 007); costs one query when none lack them.
     */
    async fillMissingDemoFacts(books: readonly (NormalisedBook & { isbn: string })[]) {
      const lacking = await db
        .selectFrom('books')
        .select('isbn')
        .where('source', '=', 'demo')
        .where('originalLanguage', 'is', null)
        .execute();
      if (lacking.length === 0) return;
      const wanted = new Set(lacking.map((row) => row.isbn));
      for (const book of books) {
        if (!wanted.has(book.isbn)) continue;
        const row = toBookInsert(book);
        await db
          .updateTable('books')
          .set({
            subjects: row.subjects,
            firstPublishedYear: row.firstPublishedYear,
            originalLanguage: row.originalLanguage,
            facets: row.facets,
          })
          .where('isbn', '=', book.isbn)
          .where('source', '=', 'demo')
          .execute();
      }
    },

    /**
     * Caches books from a trusted source (the demo catalogue, a provider). One already stored
     * and confirmed is kept as it is; one only an import vouched for takes this source's facts
     * and is confirmed (issue 8: a provider returned the same ISBN).
     */
    insertMissing(books: readonly (NormalisedBook & { isbn: string })[]): Promise<number> {
      return insertInChunks(books, INSERT_CHUNK, (chunk) =>
        db
          .insertInto('books')
          .values(chunk.map(toBookInsert))
          .onConflict((oc) =>
            oc
              .column('isbn')
              .doUpdateSet((eb) => ({
                ...Object.fromEntries(
                  TRUSTED_FACTS.map((column) => [column, eb.ref(`excluded.${column}`)]),
                ),
                confirmed: 1,
              }))
              .where('books.confirmed', '=', 0),
          )
          .executeTakeFirst(),
      );
    },

    /** An admin vouches for a book (issue 8); false when the catalogue has no such ISBN. */
    async confirm(isbn: string): Promise<boolean> {
      const result = await db
        .updateTable('books')
        .set({ confirmed: 1, updatedAt: new Date().toISOString() })
        .where('isbn', '=', isbn)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
