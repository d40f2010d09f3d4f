import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';
import type { BookRow } from '../books/books.repository';

const CANDIDATE_COLUMNS = [
  'isbn',
  'title',
  'authors',
  'genre',
  'categories',
  'description',
  'publishedDate',
  'pageCount',
  'language',
  'coverUrl',
  'averageRating',
  'ratingsCount',
] as const;

/** A catalogue book as the recommendation queries read it (numbers may come back as text). */
export type CandidateRow = Omit<
  BookRow,
  | 'isbn10'
  | 'publisher'
  | 'source'
  | 'subjects'
  | 'firstPublishedYear'
  | 'originalLanguage'
  | 'confirmed'
>;

/** `%text%` for LIKE, with LIKE's own wildcards in `text` escaped by a backslash. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The recommendation page's reads: the reader's history, and the local catalogue searched by
 * author or genre (the full-text index covers titles and authors only, not categories).
 */
export function createRecommendationsRepository(db: Kysely<Database>, kind: DatabaseKind) {
  // LIKE ignores case for ASCII on SQLite; ILIKE ignores it fully on PostgreSQL.
  const like = kind === 'postgres' ? sql`ilike` : sql`like`;
  const contains = (column: 'authors' | 'categories', text: string) =>
    sql<SqlBool>`${sql.ref(column)} ${like} ${containsPattern(text)} escape '\\'`;

  return {
    async countFinished(userId: string): Promise<number> {
      const row = await db
        .selectFrom('finishedBooks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The reader's finished books with the catalogue's genre and authors. */
    listHistory(userId: string) {
      return db
        .selectFrom('finishedBooks as f')
        .leftJoin('books as b', 'b.isbn', 'f.bookIsbn')
        .select([
          'f.bookIsbn',
          'f.author',
          'f.rating',
          'f.finishedAt',
          'b.genre',
          'b.authors as catalogueAuthors',
        ])
        .where('f.userId', '=', userId)
        .execute();
    },

    async listWantToReadIsbns(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('wantToRead')
        .select('bookIsbn')
        .where('userId', '=', userId)
        .execute();
      return rows.map((row) => row.bookIsbn);
    },

    findBook(isbn: string): Promise<CandidateRow | undefined> {
      return db
        .selectFrom('books')
        .select(CANDIDATE_COLUMNS)
        .where('isbn', '=', isbn)
        .executeTakeFirst();
    },

    /**
     * English (or unknown-language) catalogue books by an author or in a genre, most-rated
     * first, from `offset`. A genre matches a category exactly or as one part of a
     * Google-style path ('Fiction / Fantasy / Epic'). Books only an import vouches for are
     * their importer's until confirmed (issue 8), so never offered here.
     */
    findCandidates(query: {
      kind: 'author' | 'genre';
      value: string;
      offset: number;
      limit: number;
    }): Promise<CandidateRow[]> {
      const value = query.value.trim();
      const json = (text: string) => JSON.stringify(text).slice(1, -1);
      return db
        .selectFrom('books')
        .select(CANDIDATE_COLUMNS)
        .where((eb) =>
          query.kind === 'author'
            ? contains('authors', value)
            : eb.or([
                eb(sql`lower(genre)`, '=', value.toLowerCase()),
                contains('categories', `"${json(value)}"`),
                contains('categories', `"${json(value)} / `),
                contains('categories', ` / ${json(value)}"`),
                contains('categories', ` / ${json(value)} / `),
              ]),
        )
        .where((eb) => eb.or([eb('language', 'is', null), eb(sql`lower(language)`, 'like', 'en%')]))
        .where('confirmed', '=', 1)
        .orderBy('ratingsCount', (ob) => ob.desc().nullsLast())
        .orderBy('averageRating', (ob) => ob.desc().nullsLast())
        .orderBy('title')
        .orderBy('isbn')
        .offset(query.offset)
        .limit(query.limit)
        .execute();
    },
  };
}

export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;
export type HistoryRow = Awaited<ReturnType<RecommendationsRepository['listHistory']>>[number];
