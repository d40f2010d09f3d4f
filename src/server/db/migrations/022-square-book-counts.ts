import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';

/**
 * Issue 25 (decision 029): what others read for a square, and a season's statistics, read kept
 * counts instead of counting placements. square_book_counts holds, per square and book, how
 * many readers who COUNT placed that book there. A reader counts while their profile is
 * visible to everyone (profile_visibility 'everyone') and they are not suspended (banned), and,
 * on a club card, while they are a member of its club. Hidden, suspended, erased and departed
 * readers are never in the table, so an answer read from it needs no join at read time.
 *
 * Kept exact by triggers, as migration 021 keeps its totals, so every path that writes
 * placements updates it in its own statement:
 * - placements: an insert adds one when its reader counts; a delete takes one away (rows that
 *   reach 0 go); a change of reader, square or book (a replacement) does both.
 * - users: a change of profile_visibility or banned that changes whether the reader counts
 *   adds or takes away all their placements; deleting a reader first deletes their placements
 *   (so the triggers above still see who they were; the cascade would find them gone).
 * - club_members: a member leaving (or removed) takes away their placements on the club's
 *   cards; joining (again) adds them.
 * A suspension with an end date stays out of the counts until the flag is cleared (better-auth
 * clears it when the reader signs in after the end): never counted too long the other way.
 * Existing placements are counted in here once.
 */
export function squareBookCountsMigration(kind: DatabaseKind) {
  const pg = kind === 'postgres';
  const { triggers, placementCounts } = squareBookCountTriggers(kind);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('square_book_counts')
        .addColumn('cell_id', 'text', (c) => c.notNull().references('cells.id').onDelete('cascade'))
        .addColumn('book_isbn', 'text', (c) => c.notNull())
        .addColumn('readers', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('square_book_counts_pk', ['cell_id', 'book_isbn'])
        .$call((b) => (pg ? b : b.modifyEnd(sql`without rowid`)))
        .execute();
      // A square's most used books, read best first.
      await db.schema
        .createIndex('square_book_counts_top_idx')
        .on('square_book_counts')
        .columns(['cell_id', 'readers desc', 'book_isbn'])
        .execute();

      await createTriggers(db, kind, triggers);

      // The placements there are already, counted once.
      await sql
        .raw(
          `insert into square_book_counts (cell_id, book_isbn, readers)
          select p.cell_id, p.book_isbn, count(*) from placements p
          where ${placementCounts('p')}
          group by p.cell_id, p.book_isbn`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      await dropTriggers(db, kind, triggers);
      await db.schema.dropTable('square_book_counts').execute();
    },
  };
}

/** A trigger as migrations 022 and 023 write it, once for both databases. */
export interface CountTrigger {
  name: string;
  table: string;
  /** after insert / before delete / ...: the trigger's time and event. */
  event: string;
  when?: string;
  body: string;
}

/** Creates `triggers` (on PostgreSQL, a plpgsql function each). */
export async function createTriggers(
  db: Kysely<unknown>,
  kind: DatabaseKind,
  triggers: readonly CountTrigger[],
) {
  const pg = kind === 'postgres';
  for (const { name, table, event, when, body } of triggers) {
    const condition = when ? `when (${when})` : '';
    if (pg) {
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$
          begin ${body} return ${event.startsWith('before') ? 'old' : 'null'}; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${name} ${event} on ${table}
          for each row ${condition} execute function ${name}()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${name} ${event} on ${table}
          for each row ${condition} begin ${body} end`,
        )
        .execute(db);
    }
  }
}

/** Drops `triggers` (and their functions on PostgreSQL). */
export async function dropTriggers(
  db: Kysely<unknown>,
  kind: DatabaseKind,
  triggers: readonly Pick<CountTrigger, 'name' | 'table'>[],
) {
  const pg = kind === 'postgres';
  for (const { name, table } of triggers) {
    await sql.raw(`drop trigger if exists ${name}${pg ? ` on ${table}` : ''}`).execute(db);
    if (pg) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
}

/**
 * Migration 022's triggers, as it wrote them (migration 023 replaces the placements' three;
 * bench/placement-cost.ts puts these back to measure what they cost).
 */
export function squareBookCountTriggers(kind: DatabaseKind) {
  const pg = kind === 'postgres';

  /** Whether the users row `u` counts (an SQL condition). */
  const readerCounts = (u: string) =>
    `(${u}.profile_visibility = 'everyone' and not coalesce(${u}.banned, false))`;
  /** Whether placement `row` counts now (an SQL condition). */
  const placementCounts = (row: string) => `(
    exists (select 1 from users u where u.id = ${row}.user_id and ${readerCounts('u')})
    and exists (select 1 from grids g where g.id = ${row}.grid_id and (g.club_id is null
      or exists (select 1 from club_members m where m.club_id = g.club_id
        and m.user_id = ${row}.user_id))))`;
  const added = (row: string) => `
    insert into square_book_counts (cell_id, book_isbn, readers)
    select ${row}.cell_id, ${row}.book_isbn, 1 where ${placementCounts(row)}
    on conflict (cell_id, book_isbn) do update set readers = square_book_counts.readers + 1;`;
  const removed = (row: string) => `
    update square_book_counts set readers = readers - 1
    where cell_id = ${row}.cell_id and book_isbn = ${row}.book_isbn and ${placementCounts(row)};
    delete from square_book_counts
    where cell_id = ${row}.cell_id and book_isbn = ${row}.book_isbn and readers <= 0;`;

  /** One reader's placements (on one club's cards, or on cards where they count), as rows. */
  const placementsOf = (user: string, club?: string) => `
    select p.cell_id, p.book_isbn from placements p join grids g on g.id = p.grid_id
    where p.user_id = ${user} and ${
      club
        ? `g.club_id = ${club}`
        : `(g.club_id is null or exists (select 1 from club_members m
            where m.club_id = g.club_id and m.user_id = p.user_id))`
    }`;
  const addAll = (user: string, club?: string, only = 'true') => `
    insert into square_book_counts (cell_id, book_isbn, readers)
    select x.cell_id, x.book_isbn, 1 from (${placementsOf(user, club)}) x where ${only}
    on conflict (cell_id, book_isbn) do update set readers = square_book_counts.readers + 1;`;
  const takeAll = (user: string, club?: string, only = 'true') => `
    update square_book_counts set readers = readers - 1
    where (cell_id, book_isbn) in (${placementsOf(user, club)}) and ${only};`;
  /** Whether a member counts as a reader (visible, not suspended). */
  const memberCounts = (row: string) =>
    `exists (select 1 from users u where u.id = ${row}.user_id and ${readerCounts('u')})`;

  const moved = `old.user_id <> new.user_id or old.cell_id <> new.cell_id
    or old.book_isbn <> new.book_isbn`;
  const visibilityChanged = `(${readerCounts('old')}) <> (${readerCounts('new')})`;
  const triggers: CountTrigger[] = [
    {
      name: 'placements_square_books_insert',
      table: 'placements',
      event: 'after insert',
      body: added('new'),
    },
    {
      name: 'placements_square_books_update',
      table: 'placements',
      event: 'after update of user_id, grid_id, cell_id, book_isbn',
      when: moved,
      body: removed('old') + added('new'),
    },
    {
      name: 'placements_square_books_delete',
      table: 'placements',
      event: 'after delete',
      body: removed('old'),
    },
    pg
      ? {
          name: 'users_square_books_visibility',
          table: 'users',
          event: 'after update of profile_visibility, banned',
          when: visibilityChanged,
          body: `if ${readerCounts('new')} then ${addAll('new.id')} else ${takeAll('new.id')} end if;`,
        }
      : {
          name: 'users_square_books_shown',
          table: 'users',
          event: 'after update of profile_visibility, banned',
          when: `not ${readerCounts('old')} and ${readerCounts('new')}`,
          body: addAll('new.id'),
        },
    ...(pg
      ? []
      : [
          {
            name: 'users_square_books_hidden',
            table: 'users',
            event: 'after update of profile_visibility, banned',
            when: `${readerCounts('old')} and not ${readerCounts('new')}`,
            body: takeAll('new.id'),
          },
        ]),
    {
      // Their placements go while the reader is still there to be looked up.
      name: 'users_square_books_delete',
      table: 'users',
      event: 'before delete',
      body: 'delete from placements where user_id = old.id;',
    },
    {
      name: 'club_members_square_books_join',
      table: 'club_members',
      event: 'after insert',
      body: addAll('new.user_id', 'new.club_id', memberCounts('new')),
    },
    {
      name: 'club_members_square_books_leave',
      table: 'club_members',
      event: 'after delete',
      body: takeAll('old.user_id', 'old.club_id', memberCounts('old')),
    },
  ];

  return { triggers, readerCounts, placementCounts, placementsOf, memberCounts, addAll, takeAll };
}
