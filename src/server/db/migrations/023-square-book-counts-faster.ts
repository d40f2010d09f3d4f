import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import {
  createTriggers,
  dropTriggers,
  squareBookCountTriggers,
  type CountTrigger,
} from './022-square-book-counts';

/** The largest power of two a count reaches (2^30 at most); 1 for 0 and 1. */
const BAND_MAX_POWER = 30;
export const bandOf = (readers: string) =>
  `(case ${Array.from({ length: BAND_MAX_POWER }, (_, i) => 2 ** (BAND_MAX_POWER - i))
    .map((p) => `when ${readers} >= ${p} then ${p}`)
    .join(' ')} else 1 end)`;

/** Migration 022's triggers this one replaces (those on users and club_members change too). */
const REPLACED = [
  'placements_square_books_insert',
  'placements_square_books_update',
  'placements_square_books_delete',
  'users_square_books_visibility',
  'users_square_books_shown',
  'users_square_books_hidden',
  'club_members_square_books_join',
  'club_members_square_books_leave',
];

/**
 * Issue 25 (decision 030): keeping square_book_counts cost a placement too much (migration
 * 022: about a fifth more on SQLite). Measured (bench/placement-cost.ts), the checks were cheap
 * and the writes were not: every count changed moved its entry in square_book_counts_top_idx
 * (cell, readers desc), a second B-tree page written per placement (and on PostgreSQL a
 * non-HOT update, a new entry in both indexes). Now:
 * - the index orders by `band`, the largest power of two not above the count, kept in its own
 *   column: it moves only when a count crosses a power of two (1, 2, 4, 8...), so nearly every
 *   placement writes one page of the table and nothing of the index (PostgreSQL: a HOT update,
 *   band set to the value it had). A square's list reads the rows of the bands down to the one
 *   of its 10th best row and sorts them (season.repository.ts);
 * - whether the reader counts is asked once per trigger (SQLite: its WHEN; PostgreSQL: an `if`),
 *   not in every statement, and a replacement (same reader, same card) asks it once for both
 *   books.
 * The rules are 022's: a placement counts while its reader's profile is visible to everyone,
 * they are not suspended, and, on a club card, they are a member of its club.
 */
export function squareBookPlacementTriggers(
  kind: DatabaseKind,
  options: SquareBookTriggerOptions = {},
): CountTrigger[] {
  return squareBookCountsFasterTriggers(kind, options).filter((t) => t.table === 'placements');
}

interface SquareBookTriggerOptions {
  /**
   * Migration 025, PostgreSQL: a replacement moves its two rows (the old book's and the new
   * one's) in key order, so two readers swapping books on a square in opposite directions
   * lock them in the same order instead of deadlocking.
   */
  inKeyOrder?: boolean;
}

function squareBookCountsFasterTriggers(
  kind: DatabaseKind,
  options: SquareBookTriggerOptions = {},
): CountTrigger[] {
  const pg = kind === 'postgres';
  const { readerCounts, placementCounts, placementsOf, memberCounts, addAll, takeAll } =
    squareBookCountTriggers(kind);
  const key = (row: string) => `cell_id = ${row}.cell_id and book_isbn = ${row}.book_isbn`;
  /** SQLite: set band where the count crossed a power of two (a read, nearly never a write). */
  const bandFix = (where: string) =>
    `update square_book_counts set band = ${bandOf('readers')}
    where ${where} and band <> ${bandOf('readers')};`;
  /** One reader more for the row's square and book. */
  const added = (row: string) => `
    insert into square_book_counts (cell_id, book_isbn, readers, band)
    values (${row}.cell_id, ${row}.book_isbn, 1, 1)
    on conflict (cell_id, book_isbn) do update set readers = square_book_counts.readers + 1${
      pg ? `, band = ${bandOf('square_book_counts.readers + 1')};` : `; ${bandFix(key(row))}`
    }`;
  /** One reader fewer (a row at 0 goes). */
  const removed = (row: string) => `
    update square_book_counts set readers = readers - 1${pg ? `, band = ${bandOf('readers - 1')}` : ''}
    where ${key(row)};
    delete from square_book_counts where ${key(row)} and readers <= 0;
    ${pg ? '' : bandFix(key(row))}`;
  const counts = (row: string) => `(${placementCounts(row)})`;
  const sameReaderAndCard = 'old.user_id = new.user_id and old.grid_id = new.grid_id';
  const moved = `old.user_id <> new.user_id or old.grid_id <> new.grid_id
    or old.cell_id <> new.cell_id or old.book_isbn <> new.book_isbn`;
  const updateEvent = 'after update of user_id, grid_id, cell_id, book_isbn';
  const placementTriggers: CountTrigger[] = pg
    ? [
        {
          name: 'placements_square_books_insert',
          table: 'placements',
          event: 'after insert',
          body: `if ${counts('new')} then ${added('new')} end if;`,
        },
        {
          name: 'placements_square_books_update',
          table: 'placements',
          event: updateEvent,
          when: moved,
          body: `if ${sameReaderAndCard} then
              if ${counts('new')} then ${
                options.inKeyOrder
                  ? `if (old.cell_id, old.book_isbn) < (new.cell_id, new.book_isbn) then
                      ${removed('old')} ${added('new')}
                    else ${added('new')} ${removed('old')} end if;`
                  : `${removed('old')} ${added('new')}`
              } end if;
            else
              if ${counts('old')} then ${removed('old')} end if;
              if ${counts('new')} then ${added('new')} end if;
            end if;`,
        },
        {
          name: 'placements_square_books_delete',
          table: 'placements',
          event: 'after delete',
          body: `if ${counts('old')} then ${removed('old')} end if;`,
        },
      ]
    : [
        {
          name: 'placements_square_books_insert',
          table: 'placements',
          event: 'after insert',
          when: counts('new'),
          body: added('new'),
        },
        {
          // A replacement: the same reader on the same card, asked once whether they count.
          name: 'placements_square_books_update',
          table: 'placements',
          event: updateEvent,
          when: `${sameReaderAndCard} and (old.cell_id <> new.cell_id
            or old.book_isbn <> new.book_isbn) and ${counts('new')}`,
          body: removed('old') + added('new'),
        },
        {
          // Another reader or card (a hand fix): each side asked on its own.
          name: 'placements_square_books_update_moved',
          table: 'placements',
          event: updateEvent,
          when: `not (${sameReaderAndCard})`,
          body: `
            update square_book_counts set readers = readers - 1
            where ${key('old')} and ${counts('old')};
            delete from square_book_counts where ${key('old')} and readers <= 0;
            ${bandFix(key('old'))}
            insert into square_book_counts (cell_id, book_isbn, readers, band)
            select new.cell_id, new.book_isbn, 1, 1 where ${counts('new')}
            on conflict (cell_id, book_isbn) do update set
              readers = square_book_counts.readers + 1;
            ${bandFix(key('new'))}`,
        },
        {
          name: 'placements_square_books_delete',
          table: 'placements',
          event: 'after delete',
          when: counts('old'),
          body: removed('old'),
        },
      ];

  /** After a reader's placements went in or out at once: their rows' bands set right. */
  const bandsOf = (user: string, club?: string) =>
    `update square_book_counts set band = ${bandOf('readers')}
    where (cell_id, book_isbn) in (${placementsOf(user, club)})
      and band <> ${bandOf('readers')};`;
  const visibilityChanged = `(${readerCounts('old')}) <> (${readerCounts('new')})`;
  const otherTriggers: CountTrigger[] = [
    ...(pg
      ? [
          {
            name: 'users_square_books_visibility',
            table: 'users',
            event: 'after update of profile_visibility, banned',
            when: visibilityChanged,
            body: `if ${readerCounts('new')} then ${addAll('new.id')} else ${takeAll('new.id')} end if;
              ${bandsOf('new.id')}`,
          },
        ]
      : [
          {
            name: 'users_square_books_shown',
            table: 'users',
            event: 'after update of profile_visibility, banned',
            when: `not ${readerCounts('old')} and ${readerCounts('new')}`,
            body: addAll('new.id') + bandsOf('new.id'),
          },
          {
            name: 'users_square_books_hidden',
            table: 'users',
            event: 'after update of profile_visibility, banned',
            when: `${readerCounts('old')} and not ${readerCounts('new')}`,
            body: takeAll('new.id') + bandsOf('new.id'),
          },
        ]),
    {
      name: 'club_members_square_books_join',
      table: 'club_members',
      event: 'after insert',
      body:
        addAll('new.user_id', 'new.club_id', memberCounts('new')) +
        bandsOf('new.user_id', 'new.club_id'),
    },
    {
      name: 'club_members_square_books_leave',
      table: 'club_members',
      event: 'after delete',
      body:
        takeAll('old.user_id', 'old.club_id', memberCounts('old')) +
        bandsOf('old.user_id', 'old.club_id'),
    },
  ];
  return [...placementTriggers, ...otherTriggers];
}

export function squareBookCountsFasterMigration(kind: DatabaseKind) {
  const pg = kind === 'postgres';
  const replaced = REPLACED.map((name) => ({
    name,
    table: name.split('_square_books_')[0]!,
  }));
  return {
    async up(db: Kysely<unknown>) {
      await dropTriggers(db, kind, replaced);
      await sql
        .raw('alter table square_book_counts add column band integer not null default 1')
        .execute(db);
      await sql.raw(`update square_book_counts set band = ${bandOf('readers')}`).execute(db);
      await db.schema.dropIndex('square_book_counts_top_idx').execute();
      // A square's best books: the rows of its top bands, read through this index.
      await db.schema
        .createIndex('square_book_counts_band_idx')
        .on('square_book_counts')
        .columns(['cell_id', 'band desc'])
        .execute();
      // Room on each page for a row's next version: a count's update stays on its page (HOT).
      if (pg) await sql.raw('alter table square_book_counts set (fillfactor = 80)').execute(db);
      await createTriggers(db, kind, squareBookCountsFasterTriggers(kind));
    },
    async down(db: Kysely<unknown>) {
      await dropTriggers(db, kind, [
        ...replaced,
        { name: 'placements_square_books_update_moved', table: 'placements' },
      ]);
      await db.schema.dropIndex('square_book_counts_band_idx').execute();
      await db.schema
        .createIndex('square_book_counts_top_idx')
        .on('square_book_counts')
        .columns(['cell_id', 'readers desc', 'book_isbn'])
        .execute();
      await sql.raw('alter table square_book_counts drop column band').execute(db);
      await createTriggers(
        db,
        kind,
        squareBookCountTriggers(kind).triggers.filter((t) => REPLACED.includes(t.name)),
      );
    },
  };
}
