import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { cardTotalsTriggers } from './021-card-totals';
import { squareBookPlacementTriggers } from './023-square-book-counts-faster';

/** Migration 023's replacement trigger on PostgreSQL, as first made or moving rows in key order. */
async function replaceSquareBooksTrigger(db: Kysely<unknown>, inKeyOrder: boolean) {
  const name = 'placements_square_books_update';
  const trigger = squareBookPlacementTriggers('postgres', { inKeyOrder }).find(
    (t) => t.name === name,
  );
  if (!trigger) throw new Error(`migration 023 has no trigger ${name}`);
  await sql
    .raw(
      `create or replace function ${name}() returns trigger language plpgsql as $$
      begin ${trigger.body} return null; end $$`,
    )
    .execute(db);
}

/** Migration 021's trigger this one changes (a replacement's square-day write). */
const REPLACEMENT_TRIGGER = 'placements_card_totals_update';

/** Migration 021's replacement trigger, as first made or with its write only on a rule change. */
async function replaceReplacementTrigger(
  db: Kysely<unknown>,
  kind: DatabaseKind,
  dayCountsOnRuleChangeOnly: boolean,
) {
  const trigger = cardTotalsTriggers(kind, { dayCountsOnRuleChangeOnly }).find(
    (t) => t.name === REPLACEMENT_TRIGGER,
  );
  if (!trigger) throw new Error(`migration 021 has no trigger ${REPLACEMENT_TRIGGER}`);
  if (kind === 'postgres') {
    // The trigger calls the function by name: replacing the function is enough.
    await sql
      .raw(
        `create or replace function ${trigger.name}() returns trigger language plpgsql as $$
        begin ${trigger.body} return null; end $$`,
      )
      .execute(db);
    return;
  }
  await sql.raw(`drop trigger ${trigger.name}`).execute(db);
  await sql
    .raw(
      `create trigger ${trigger.name} after ${trigger.event} on placements
      for each row ${'when' in trigger ? `when ${trigger.when}` : ''} begin ${trigger.body} end`,
    )
    .execute(db);
}

/**
 * Issue 27 (decision 033): on PostgreSQL a placement on the shared card is two round trips,
 * not nine (begin, the reader's lock, the square, the book, the reader's squares, their square,
 * the finished book, the write, commit). One read gathers every fact the rules need (with the
 * reader's squares and `bingo_card_state`); the server decides in TypeScript as before (the
 * rules stay in src/lib); one CALL of `bingo_place` then locks the reader's row, checks that
 * the reader's squares on the card are still what the server decided on, and writes: the
 * finished book, the placement or the replaced book, and the new total. When the squares
 * changed meanwhile (another placement of the same reader, from another tab or instance) it
 * writes nothing and answers a null total, and the server decides again from a new read.
 *
 * The procedure holds no rule: it writes what it is told, only while the reader's squares
 * are as they were read. Each statement in it takes a new snapshot (READ COMMITTED), so the
 * squares are read after the lock is held and see every placement committed before it.
 * The unique constraints on placements stay the last word on a book used twice, one
 * wildcard, one book a square.
 *
 * SQLite: no procedure (a placement there is statements on the process's own connection, no
 * round trips to save).
 *
 * PostgreSQL: a replacement moves its two square_book_counts rows (migration 023) in key
 * order, so two readers swapping books on one square in opposite directions no longer
 * deadlock (one of them answered 500 in a 30-minute soak).
 *
 * On both: a replacement no longer writes its square-day's row in card_day_counts (migration
 * 021) unless whether the book met the square's rule changed. The write changed nothing, and
 * on PostgreSQL it held that row, the same for every reader placing on the square that day,
 * until commit: readers replacing books on one square waited for each other's commits.
 */
export function placementInTwoRoundTripsMigration(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      await replaceReplacementTrigger(db, kind, true);
      if (kind !== 'postgres') return;
      await replaceSquareBooksTrigger(db, true);
      // The reader's squares on a card as one text: square, book and wildcard of each.
      // PL/pgSQL, not SQL: a SQL function with an aggregate is planned again on every call
      // (0.11 ms, twice a placement), PL/pgSQL keeps its plan per connection.
      await sql`
        create function bingo_card_state(p_user text, p_grid text) returns text
        language plpgsql stable as $$
        begin
          return (select coalesce(string_agg(cell_id || ' ' || book_isbn || ' ' || is_wildcard,
              ',' order by cell_id), '')
            from placements where user_id = p_user and grid_id = p_grid);
        end $$`.execute(db);
      await sql`
        create procedure bingo_place(
          p_user text, p_grid text, p_state text, p_placement text, p_replacing text,
          p_cell text, p_isbn text, p_title text, p_wildcard integer, p_points integer,
          p_rule_met integer, p_now timestamptz, p_author text, p_cover text,
          inout total integer)
        language plpgsql as $$
        begin
          select points into total from users where id = p_user for update;
          if not found or bingo_card_state(p_user, p_grid) <> p_state then
            total := null;
            return;
          end if;
          insert into finished_books
            (id, user_id, book_isbn, title, author, cover_url, finished_at, created_at)
          values (p_user || '_' || p_isbn, p_user, p_isbn, p_title, p_author, p_cover, p_now, p_now)
          on conflict (user_id, book_isbn) do nothing;
          if p_replacing is null then
            insert into placements (id, user_id, grid_id, cell_id, book_isbn, book_title,
              is_wildcard, points, rule_met, created_at, updated_at)
            values (p_placement, p_user, p_grid, p_cell, p_isbn, p_title, p_wildcard,
              p_points, p_rule_met, p_now, p_now);
            update users set points = points + p_points where id = p_user
            returning points into total;
          else
            update placements set book_isbn = p_isbn, book_title = p_title,
              is_wildcard = p_wildcard, rule_met = p_rule_met, updated_at = p_now
            where id = p_replacing;
          end if;
        end $$`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await replaceReplacementTrigger(db, kind, false);
      if (kind !== 'postgres') return;
      await replaceSquareBooksTrigger(db, false);
      await sql`drop procedure bingo_place`.execute(db);
      await sql`drop function bingo_card_state`.execute(db);
    },
  };
}
