import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { ANTI_DIAGONAL, COLUMNS, MAIN_DIAGONAL, ROWS } from '../../../lib/scoring';
import { columnTypes } from './column-types';

/** Every row, column and diagonal of a card as a bit mask of its positions. */
const LINE_MASKS = [...ROWS, ...COLUMNS, MAIN_DIAGONAL, ANTI_DIAGONAL].map((line) =>
  line.reduce((mask, position) => mask | (1 << position), 0),
);
import { dashboardIndexesMigration } from './020-dashboard-indexes';

/** Completed rows, columns and diagonals of a mask (an SQL expression). */
const linesOf = (mask: string) =>
  `(${LINE_MASKS.map((m) => `(case when ((${mask}) & ${m}) = ${m} then 1 else 0 end)`).join(' + ')})`;

/** The UTC day of a timestamp column, as text (YYYY-MM-DD). */
const dayOfIn = (kind: DatabaseKind) => (column: string) =>
  kind === 'postgres'
    ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`
    : `substr(${column}, 1, 10)`;

const DASHBOARD_INDEXES_020 = [
  'placements_grid_reader_idx',
  'placements_grid_cell_idx',
  'placements_grid_created_idx',
];

/**
 * The triggers that keep card_reader_totals and card_day_counts (names, events, conditions and
 * bodies; PostgreSQL's as functions' bodies). `dayCountsOnRuleChangeOnly` (migration 025): a
 * replacement writes its square-day's row only when whether the book met the rule changed
 * (otherwise the write changes nothing, and on PostgreSQL it held that row, shared by every
 * reader placing on the square that day, until commit).
 */
export function cardTotalsTriggers(
  kind: DatabaseKind,
  options: { dayCountsOnRuleChangeOnly?: boolean } = {},
) {
  const pg = kind === 'postgres';
  const dayOf = dayOfIn(kind);
  const least = pg ? 'least' : 'min';
  const greatest = pg ? 'greatest' : 'max';

  const met = (row: string) => `(case when ${row}.rule_met = 1 then 1 else 0 end)`;

  /** One reader's row on one card counted from their placements (none: no row). */
  const recount = (grid: string, user: string) => `
    delete from card_reader_totals where grid_id = ${grid} and user_id = ${user};
    insert into card_reader_totals
      (grid_id, user_id, squares, mask, met_mask, points, first_at, last_at, lines)
    select p.grid_id, p.user_id, count(*), sum(1 << c.position),
      sum(case when p.rule_met = 1 then 1 << c.position else 0 end), sum(p.points),
      min(p.created_at), max(p.updated_at), ${linesOf('sum(1 << c.position)')}
    from placements p join cells c on c.id = p.cell_id
    where p.grid_id = ${grid} and p.user_id = ${user}
      and exists (select 1 from users u where u.id = ${user})
      and exists (select 1 from grids g where g.id = ${grid})
    group by p.grid_id, p.user_id;`;
  const added = (row: string) => `
    insert into card_reader_totals
      (grid_id, user_id, squares, mask, met_mask, points, first_at, last_at, lines)
    select ${row}.grid_id, ${row}.user_id, 1, 1 << c.position,
      case when ${row}.rule_met = 1 then 1 << c.position else 0 end, ${row}.points,
      ${row}.created_at, ${row}.updated_at, 0
    from cells c where c.id = ${row}.cell_id
    on conflict (grid_id, user_id) do update set
      squares = card_reader_totals.squares + 1, mask = card_reader_totals.mask | excluded.mask,
      lines = ${linesOf('card_reader_totals.mask | excluded.mask')},
      met_mask = card_reader_totals.met_mask | excluded.met_mask, points = card_reader_totals.points + excluded.points,
      first_at = ${least}(card_reader_totals.first_at, excluded.first_at),
      last_at = ${greatest}(card_reader_totals.last_at, excluded.last_at);`;
  const dayAdded = (row: string) => `
    insert into card_day_counts (grid_id, cell_id, day, placements, met)
    values (${row}.grid_id, ${row}.cell_id, ${dayOf(`${row}.created_at`)}, 1, ${met(row)})
    on conflict (grid_id, cell_id, day) do update set
      placements = card_day_counts.placements + 1, met = card_day_counts.met + excluded.met;`;
  const dayRemoved = (row: string) => `
    update card_day_counts set placements = placements - 1, met = met - ${met(row)}
    where grid_id = ${row}.grid_id and cell_id = ${row}.cell_id
      and day = ${dayOf(`${row}.created_at`)};`;

  /** A replacement: the same reader, card, square, points and first write, written later. */
  const swapped = `old.grid_id = new.grid_id and old.user_id = new.user_id
    and old.cell_id = new.cell_id and old.points = new.points
    and old.created_at = new.created_at and new.updated_at >= old.updated_at`;
  const bit = '(1 << (select c.position from cells c where c.id = new.cell_id))';
  /** Only whether the square's book met its rule and the last write can change: no recount. */
  const bookSwapped = `
    update card_reader_totals set
      met_mask = (met_mask & ~${bit}) | (case when new.rule_met = 1 then ${bit} else 0 end),
      last_at = ${greatest}(last_at, new.updated_at)
    where grid_id = new.grid_id and user_id = new.user_id;
    update card_day_counts set met = met - ${met('old')} + ${met('new')}
    where grid_id = new.grid_id and cell_id = new.cell_id
      and day = ${dayOf('new.created_at')}${
        options.dayCountsOnRuleChangeOnly
          ? ` and old.rule_met is ${pg ? 'distinct from' : 'not'} new.rule_met`
          : ''
      };`;
  const moved =
    recount('old.grid_id', 'old.user_id') +
    recount('new.grid_id', 'new.user_id') +
    dayRemoved('old') +
    dayAdded('new');
  const updated = 'update of grid_id, user_id, cell_id, points, rule_met, created_at, updated_at';
  /** The triggers: SQLite takes a condition per trigger, PostgreSQL's function branches. */
  return [
    {
      name: 'placements_card_totals_insert',
      event: 'insert',
      body: added('new') + dayAdded('new'),
    },
    pg
      ? {
          name: 'placements_card_totals_update',
          event: updated,
          body: `if ${swapped} then ${bookSwapped} else ${moved} end if;`,
        }
      : { name: 'placements_card_totals_update', event: updated, when: swapped, body: bookSwapped },
    ...(pg
      ? []
      : [
          {
            name: 'placements_card_totals_update_moved',
            event: updated,
            when: `not (${swapped})`,
            body: moved,
          },
        ]),
    {
      name: 'placements_card_totals_delete',
      event: 'delete',
      body: recount('old.grid_id', 'old.user_id') + dayRemoved('old'),
    },
  ];
}

/**
 * Issue 24 (speed): a season's dashboard reads kept totals instead of counting a card's
 * placements (up to 160,000) on every call. Two tables, kept exact by triggers on placements,
 * so every path that writes placements (a placement, a replacement, a reset, an erasure, a
 * reader, club, card or square deleted and their cascades, the seed, a direct fix) updates
 * them in its own statement, hence its own transaction:
 * - card_reader_totals: one row per reader per card: squares marked, their positions as a
 *   16-bit mask (full card: all bits), completed lines, the positions whose book met the
 *   square's rule (met_mask), points, first placement and last write. It holds a reader id:
 *   erasure deletes it (erasure.repository.ts), and it goes with the reader or the card.
 * - card_day_counts: placements per card, square and UTC day of placement, and how many met
 *   the square's rule: per day and per square are sums of it (by square too, so two readers
 *   placing at once on the same card rarely wait for the same row on PostgreSQL). No reader.
 * A new placement adds to its reader's row and its square-day; a replacement (same square,
 * points and first write, written later) sets its square's rule bit and the last write and
 * moves its square-day's rule count; any other change or a removal counts that reader's row
 * again from their (at most 16) placements on the card.
 * Existing placements are counted in here once.
 * Migration 020's three indexes on placements served only the counts the dashboard no longer
 * makes (and the results CSV, which reads card_reader_totals now): they go, so a placement
 * writes three index entries fewer to pay for the triggers.
 */
export function cardTotalsMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  const pg = kind === 'postgres';
  const dayOf = dayOfIn(kind);
  const triggers = cardTotalsTriggers(kind);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('card_reader_totals')
        .addColumn('grid_id', 'text', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('squares', 'integer', (c) => c.notNull())
        .addColumn('mask', 'integer', (c) => c.notNull())
        .addColumn('met_mask', 'integer', (c) => c.notNull())
        // Completed rows, columns and diagonals of mask, kept so the dashboard sums them.
        .addColumn('lines', 'integer', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('first_at', t.timestamp, (c) => c.notNull())
        .addColumn('last_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('card_reader_totals_pk', ['grid_id', 'user_id'])
        // SQLite: rows stored in key order, so a card's readers are read in one run.
        .$call((b) => (pg ? b : b.modifyEnd(sql`without rowid`)))
        .execute();
      // The top readers, read best first; and a reader's rows, for erasure.
      await db.schema
        .createIndex('card_reader_totals_points_idx')
        .on('card_reader_totals')
        .columns(['grid_id', 'points desc', 'user_id'])
        .execute();
      await db.schema
        .createIndex('card_reader_totals_user_idx')
        .on('card_reader_totals')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('card_day_counts')
        .addColumn('grid_id', 'text', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('cell_id', 'text', (c) => c.notNull().references('cells.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('placements', 'integer', (c) => c.notNull())
        // Of them, books that met the square's rule.
        .addColumn('met', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('card_day_counts_pk', ['grid_id', 'cell_id', 'day'])
        .$call((b) => (pg ? b : b.modifyEnd(sql`without rowid`)))
        .execute();

      for (const { name, event, body, ...rest } of triggers) {
        const when = 'when' in rest ? `when ${rest.when}` : '';
        if (pg) {
          await sql
            .raw(
              `create function ${name}() returns trigger language plpgsql as $$
              begin ${body} return null; end $$`,
            )
            .execute(db);
          await sql
            .raw(
              `create trigger ${name} after ${event} on placements
              for each row execute function ${name}()`,
            )
            .execute(db);
        } else {
          await sql
            .raw(
              `create trigger ${name} after ${event} on placements
              for each row ${when} begin ${body} end`,
            )
            .execute(db);
        }
      }

      for (const index of DASHBOARD_INDEXES_020) await db.schema.dropIndex(index).execute();

      // The placements there are already, counted once.
      await sql
        .raw(
          `insert into card_reader_totals
            (grid_id, user_id, squares, mask, met_mask, points, first_at, last_at, lines)
          select p.grid_id, p.user_id, count(*), sum(1 << c.position),
            sum(case when p.rule_met = 1 then 1 << c.position else 0 end), sum(p.points),
            min(p.created_at), max(p.updated_at), ${linesOf('sum(1 << c.position)')}
          from placements p join cells c on c.id = p.cell_id
          group by p.grid_id, p.user_id`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into card_day_counts (grid_id, cell_id, day, placements, met)
          select grid_id, cell_id, ${dayOf('created_at')}, count(*),
            sum(case when rule_met = 1 then 1 else 0 end) from placements
          group by grid_id, cell_id, ${dayOf('created_at')}`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const { name } of triggers) {
        await sql.raw(`drop trigger ${name}${pg ? ' on placements' : ''}`).execute(db);
        if (pg) await sql.raw(`drop function ${name}()`).execute(db);
      }
      await db.schema.dropTable('card_day_counts').execute();
      await db.schema.dropTable('card_reader_totals').execute();
      await dashboardIndexesMigration(kind).up(db);
    },
  };
}
