import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';

/** The prefix lengths FTS5 indexes separately, so 'ho*' or 'riv*' reads one short list. */
export const SEARCH_PREFIX_LENGTHS = '2 3 4';

/**
 * Faster short prefixes on SQLite (issue 3): books_fts is rebuilt with an FTS5 prefix index
 * (prefix='2 3 4'); columns, tokenizer, external content and triggers stay as 002 made them.
 * An FTS5 table's options cannot be altered, so the table and its triggers are dropped,
 * created again and refilled from books with 'rebuild'. down() restores 002's definition.
 *
 * PostgreSQL needs nothing: its GIN index on the `search` tsvector already answers a prefix
 * lexeme ('ho':*) by a range scan of the index's sorted keys, with no per-length index.
 */
export function searchPrefixMigration(kind: DatabaseKind) {
  const recreate = async (db: Kysely<unknown>, withPrefix: boolean) => {
    if (kind !== 'sqlite') return;
    const prefix = withPrefix ? sql.raw(`, prefix='${SEARCH_PREFIX_LENGTHS}'`) : sql.raw('');
    for (const trigger of ['books_fts_insert', 'books_fts_delete', 'books_fts_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table books_fts`.execute(db);
    await sql`create virtual table books_fts using fts5(
      title, authors, isbn, isbn10, content='books', content_rowid='rowid',
      tokenize='unicode61 remove_diacritics 2'${prefix})`.execute(db);
    await sql`create trigger books_fts_insert after insert on books begin
      insert into books_fts(rowid, title, authors, isbn, isbn10)
      values (new.rowid, new.title, new.authors, new.isbn, new.isbn10); end`.execute(db);
    await sql`create trigger books_fts_delete after delete on books begin
      insert into books_fts(books_fts, rowid, title, authors, isbn, isbn10)
      values ('delete', old.rowid, old.title, old.authors, old.isbn, old.isbn10); end`.execute(db);
    await sql`create trigger books_fts_update after update on books begin
      insert into books_fts(books_fts, rowid, title, authors, isbn, isbn10)
      values ('delete', old.rowid, old.title, old.authors, old.isbn, old.isbn10);
      insert into books_fts(rowid, title, authors, isbn, isbn10)
      values (new.rowid, new.title, new.authors, new.isbn, new.isbn10); end`.execute(db);
    await sql`insert into books_fts(books_fts) values ('rebuild')`.execute(db);
  };
  return {
    up: (db: Kysely<unknown>) => recreate(db, true),
    down: (db: Kysely<unknown>) => recreate(db, false),
  };
}
