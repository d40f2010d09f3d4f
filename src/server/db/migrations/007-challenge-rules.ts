import { sql, type Kysely } from 'kysely';
import { ACCENTED_LETTERS, PLAIN_LETTERS } from '../../books/accent-fold';
import { bookFacets } from '../../books/book-facets';
import type { DatabaseKind } from '../database';
import { SEARCH_PREFIX_LENGTHS } from './004-search-prefix';

const BACKFILL_BATCH = 500;

/**
 * Squares the server can check and books that know what they are (issue 11):
 * - books: subjects (JSON text), first publication year, original language, and `facets`,
 *   the subject, genre and language words local search also matches;
 * - cells: the rule a square may carry beside its text (JSON text, null: free text);
 * - users: birth year and first name, private, read only by those rules;
 * - placements: whether the placed book met its square's rule (1, 0, null: unknown or none).
 * Indexes on page count, first publication year, original language and title length let
 * catalogue suggestions read a few books per square.
 * Search reads facets with a weight far below title and authors: a fifth FTS5 column on
 * SQLite (the table and its triggers rebuilt, as 004 did), a D-weighted part of the
 * `search` tsvector on PostgreSQL.
 */
export function challengeRulesMigration(kind: DatabaseKind) {
  const ftsColumns = (withFacets: boolean) =>
    sql.raw(withFacets ? 'title, authors, isbn, isbn10, facets' : 'title, authors, isbn, isbn10');

  const recreateSqliteIndex = async (db: Kysely<unknown>, withFacets: boolean) => {
    const cols = ftsColumns(withFacets);
    const values = (row: 'new' | 'old') =>
      sql.raw(
        ['title', 'authors', 'isbn', 'isbn10', ...(withFacets ? ['facets'] : [])]
          .map((c) => `${row}.${c}`)
          .join(', '),
      );
    for (const trigger of ['books_fts_insert', 'books_fts_delete', 'books_fts_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table books_fts`.execute(db);
    await sql`create virtual table books_fts using fts5(
      ${cols}, content='books', content_rowid='rowid',
      tokenize='unicode61 remove_diacritics 2', prefix=${sql.lit(SEARCH_PREFIX_LENGTHS)})`.execute(
      db,
    );
    await sql`create trigger books_fts_insert after insert on books begin
      insert into books_fts(rowid, ${cols}) values (new.rowid, ${values('new')}); end`.execute(db);
    await sql`create trigger books_fts_delete after delete on books begin
      insert into books_fts(books_fts, rowid, ${cols})
      values ('delete', old.rowid, ${values('old')}); end`.execute(db);
    await sql`create trigger books_fts_update after update on books begin
      insert into books_fts(books_fts, rowid, ${cols})
      values ('delete', old.rowid, ${values('old')});
      insert into books_fts(rowid, ${cols}) values (new.rowid, ${values('new')}); end`.execute(db);
    await sql`insert into books_fts(books_fts) values ('rebuild')`.execute(db);
  };

  const fold = (text: ReturnType<typeof sql>) =>
    sql`translate(${text}, ${sql.lit(ACCENTED_LETTERS)}, ${sql.lit(PLAIN_LETTERS)})`;
  const MAIN = sql`coalesce(title, '') || ' ' || coalesce(authors, '') || ' ' || isbn || ' ' ||
    coalesce(isbn10, '')`;

  const recreatePostgresSearch = async (db: Kysely<unknown>, withFacets: boolean) => {
    const source = withFacets
      ? sql`setweight(to_tsvector('simple', ${fold(MAIN)}), 'A') ||
          setweight(to_tsvector('simple', ${fold(sql`coalesce(facets, '')`)}), 'D')`
      : sql`to_tsvector('simple', ${fold(MAIN)})`;
    await sql`alter table books drop column search`.execute(db);
    await sql`alter table books add column search tsvector generated always as (${source}) stored`.execute(
      db,
    );
    await sql`create index books_search_idx on books using gin (search)`.execute(db);
  };

  /** Subjects start as the categories; facets are written from them and the language. */
  const backfill = async (db: Kysely<unknown>) => {
    let after = '';
    for (;;) {
      const { rows } = await sql<{ isbn: string; categories: string; language: string | null }>`
        select isbn, categories, language from books where isbn > ${after}
        order by isbn limit ${BACKFILL_BATCH}`.execute(db);
      if (rows.length === 0) return;
      for (const row of rows) {
        let subjects: string[] = [];
        try {
          const parsed: unknown = JSON.parse(row.categories);
          if (Array.isArray(parsed)) subjects = parsed.filter((s) => typeof s === 'string');
        } catch {
          subjects = [];
        }
        const facets = bookFacets({ subjects, language: row.language, originalLanguage: null });
        await sql`update books set subjects = ${JSON.stringify(subjects)}, facets = ${facets}
          where isbn = ${row.isbn}`.execute(db);
      }
      after = rows[rows.length - 1]!.isbn;
    }
  };

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('books')
        .addColumn('subjects', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('books').addColumn('first_published_year', 'integer').execute();
      await db.schema.alterTable('books').addColumn('original_language', 'text').execute();
      await db.schema
        .alterTable('books')
        .addColumn('facets', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('cells').addColumn('rule', 'text').execute();
      await db.schema.alterTable('users').addColumn('birth_year', 'integer').execute();
      await db.schema.alterTable('users').addColumn('first_name', 'text').execute();
      await db.schema.alterTable('placements').addColumn('rule_met', 'integer').execute();
      await backfill(db);
      // Catalogue suggestions read a few books per square through these, never a scan.
      await db.schema
        .createIndex('books_page_count_idx')
        .on('books')
        .column('page_count')
        .execute();
      await db.schema
        .createIndex('books_first_published_idx')
        .on('books')
        .column('first_published_year')
        .execute();
      await db.schema
        .createIndex('books_original_language_idx')
        .on('books')
        .column('original_language')
        .execute();
      await sql`create index books_title_length_idx on books (length(title))`.execute(db);
      if (kind === 'postgres') await recreatePostgresSearch(db, true);
      else await recreateSqliteIndex(db, true);
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') await recreatePostgresSearch(db, false);
      else await recreateSqliteIndex(db, false);
      for (const index of [
        'books_title_length_idx',
        'books_original_language_idx',
        'books_first_published_idx',
        'books_page_count_idx',
      ]) {
        await db.schema.dropIndex(index).execute();
      }
      await db.schema.alterTable('placements').dropColumn('rule_met').execute();
      await db.schema.alterTable('users').dropColumn('first_name').execute();
      await db.schema.alterTable('users').dropColumn('birth_year').execute();
      await db.schema.alterTable('cells').dropColumn('rule').execute();
      for (const column of ['facets', 'original_language', 'first_published_year', 'subjects']) {
        await db.schema.alterTable('books').dropColumn(column).execute();
      }
    },
  };
}
