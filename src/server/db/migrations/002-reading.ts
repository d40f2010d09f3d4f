import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * The reading product of SPEC.md section 3: books, grids and their cells, placements,
 * friendships, blog posts, finished books, want-to-read, settings, and used captcha solutions.
 * The rules that must hold under concurrency are constraints here, not only checks in code.
 */
export function readingMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  const userRef = 'users.id';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('books')
        .addColumn('isbn', 'text', (c) => c.primaryKey())
        .addColumn('isbn10', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('authors', 'text', (c) => c.notNull().defaultTo('Unknown'))
        .addColumn('genre', 'text', (c) => c.notNull().defaultTo('General'))
        .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('description', 'text')
        .addColumn('publisher', 'text')
        .addColumn('published_date', 'text')
        .addColumn('page_count', 'integer')
        .addColumn('language', 'text')
        .addColumn('cover_url', 'text')
        .addColumn('average_rating', 'real')
        .addColumn('ratings_count', 'integer')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('books_isbn10_idx').on('books').column('isbn10').execute();
      // Full-text search over title, authors and both ISBNs (issue 3's local catalogue).
      if (kind === 'postgres') {
        await sql`alter table books add column search tsvector generated always as (
          to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(authors, '') || ' ' ||
            isbn || ' ' || coalesce(isbn10, ''))) stored`.execute(db);
        await sql`create index books_search_idx on books using gin (search)`.execute(db);
      } else {
        await sql`create virtual table books_fts using fts5(
          title, authors, isbn, isbn10, content='books', content_rowid='rowid',
          tokenize='unicode61 remove_diacritics 2')`.execute(db);
        await sql`create trigger books_fts_insert after insert on books begin
          insert into books_fts(rowid, title, authors, isbn, isbn10)
          values (new.rowid, new.title, new.authors, new.isbn, new.isbn10); end`.execute(db);
        await sql`create trigger books_fts_delete after delete on books begin
          insert into books_fts(books_fts, rowid, title, authors, isbn, isbn10)
          values ('delete', old.rowid, old.title, old.authors, old.isbn, old.isbn10); end`.execute(
          db,
        );
        await sql`create trigger books_fts_update after update on books begin
          insert into books_fts(books_fts, rowid, title, authors, isbn, isbn10)
          values ('delete', old.rowid, old.title, old.authors, old.isbn, old.isbn10);
          insert into books_fts(rowid, title, authors, isbn, isbn10)
          values (new.rowid, new.title, new.authors, new.isbn, new.isbn10); end`.execute(db);
      }

      await db.schema
        .createTable('grids')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references(userRef).onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('grids_created_at_idx')
        .on('grids')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('cells')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('grid_id', 'text', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addUniqueConstraint('cells_grid_position_unique', ['grid_id', 'position'])
        .addCheckConstraint('cells_position_check', sql`position between 0 and 15`)
        .execute();

      await db.schema
        .createTable('placements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('grid_id', 'text', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('cell_id', 'text', (c) => c.notNull().references('cells.id').onDelete('cascade'))
        .addColumn('book_isbn', 'text', (c) => c.notNull().references('books.isbn'))
        .addColumn('book_title', 'text', (c) => c.notNull())
        .addColumn('is_wildcard', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        // One book per square per reader.
        .addUniqueConstraint('placements_user_cell_unique', ['user_id', 'cell_id'])
        // A book at most once normally and once as the wildcard on a grid.
        .addUniqueConstraint('placements_user_grid_book_unique', [
          'user_id',
          'grid_id',
          'book_isbn',
          'is_wildcard',
        ])
        .addCheckConstraint('placements_wildcard_check', sql`is_wildcard in (0, 1)`)
        .execute();
      // One wildcard per grid per reader.
      await sql`create unique index placements_one_wildcard_idx
        on placements (user_id, grid_id) where is_wildcard = 1`.execute(db);

      await db.schema
        .createTable('friendships')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sender_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('receiver_id', 'text', (c) =>
          c.notNull().references(userRef).onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('accepted_at', t.timestamp)
        .addUniqueConstraint('friendships_pair_unique', ['sender_id', 'receiver_id'])
        .addCheckConstraint('friendships_status_check', sql`status in ('pending', 'accepted')`)
        .addCheckConstraint('friendships_not_self_check', sql`sender_id <> receiver_id`)
        .execute();
      await db.schema
        .createIndex('friendships_receiver_idx')
        .on('friendships')
        .columns(['receiver_id', 'status'])
        .execute();

      await db.schema
        .createTable('blog_posts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('book_isbn', 'text', (c) => c.notNull())
        .addColumn('book_title', 'text', (c) => c.notNull())
        .addColumn('cover_url', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('blog_posts_rating_check', sql`rating between 1 and 5`)
        .execute();
      // The feed pages by (created_at, id) descending: everyone's, and one author's.
      await db.schema
        .createIndex('blog_posts_feed_idx')
        .on('blog_posts')
        .columns(['created_at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('blog_posts_user_feed_idx')
        .on('blog_posts')
        .columns(['user_id', 'created_at desc', 'id desc'])
        .execute();

      await db.schema
        .createTable('finished_books')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('book_isbn', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('author', 'text')
        .addColumn('cover_url', 'text')
        .addColumn('rating', 'integer')
        .addColumn('review', 'text')
        .addColumn('rating_date', t.timestamp)
        .addColumn('finished_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('finished_books_user_book_unique', ['user_id', 'book_isbn'])
        .addCheckConstraint(
          'finished_books_rating_check',
          sql`rating is null or rating between 1 and 5`,
        )
        .execute();
      await db.schema
        .createIndex('finished_books_user_finished_idx')
        .on('finished_books')
        .columns(['user_id', 'finished_at'])
        .execute();

      await db.schema
        .createTable('want_to_read')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('book_isbn', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('author', 'text')
        .addColumn('cover_url', 'text')
        .addColumn('added_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('want_to_read_user_book_unique', ['user_id', 'book_isbn'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.references(userRef).onDelete('set null'))
        .execute();

      await db.schema
        .createTable('captcha_solutions')
        .addColumn('signature', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      const tables = [
        'captcha_solutions',
        'settings',
        'want_to_read',
        'finished_books',
        'blog_posts',
        'friendships',
        'placements',
        'cells',
        'grids',
      ];
      for (const table of tables) await db.schema.dropTable(table).execute();
      if (kind === 'sqlite') await sql`drop table books_fts`.execute(db);
      await db.schema.dropTable('books').execute();
    },
  };
}
