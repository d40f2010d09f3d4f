import { sql, type Kysely } from 'kysely';
import { ACCENTED_LETTERS, PLAIN_LETTERS } from '../../books/accent-fold';
import type { DatabaseKind } from '../database';

const SEARCHED = sql`coalesce(title, '') || ' ' || coalesce(authors, '') || ' ' || isbn || ' ' ||
  coalesce(isbn10, '')`;

/**
 * Accent-insensitive book search on PostgreSQL (issue 3): the `search` column folds accented
 * letters with translate(), which is immutable and needs no extension, so 'bronte' finds
 * 'Brontë' as it does on SQLite, whose FTS5 table already removes diacritics.
 */
export function searchAccentsMigration(kind: DatabaseKind) {
  const rebuild = async (db: Kysely<unknown>, folded: boolean) => {
    if (kind !== 'postgres') return;
    const source = folded
      ? sql`translate(${SEARCHED}, ${sql.lit(ACCENTED_LETTERS)}, ${sql.lit(PLAIN_LETTERS)})`
      : SEARCHED;
    // Dropping the column drops its GIN index with it.
    await sql`alter table books drop column search`.execute(db);
    await sql`alter table books add column search tsvector generated always as (
      to_tsvector('simple', ${source})) stored`.execute(db);
    await sql`create index books_search_idx on books using gin (search)`.execute(db);
  };
  return {
    up: (db: Kysely<unknown>) => rebuild(db, true),
    down: (db: Kysely<unknown>) => rebuild(db, false),
  };
}
