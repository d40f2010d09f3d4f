import type { Insertable, Kysely } from 'kysely';
import type { DatabaseKind } from '../src/server/db/database';
import type { Database, PlacementsTable } from '../src/server/db/schema';
import type { SeededRandom } from './stats';
import { createGridsRepository } from '../src/server/modules/grids/grids.repository';

/**
 * The crowd the scale benches share (page-scale, popular-books, dashboard): readers as bare
 * rows and their placements, written in multi-row inserts so the placements' triggers
 * (migrations 021 and 022) count them as a season's placements would be counted.
 */

/** Rows a statement: SQLite's statements are cheap; PostgreSQL pays a round trip each. */
export const batchOf = (kind: DatabaseKind) => (kind === 'postgres' ? 2000 : 500);

/** Inserts `rows` into `table` `batch` at a time; the number inserted. */
export async function insertBatched<T>(
  db: Kysely<Database>,
  kind: DatabaseKind,
  table: keyof Database,
  rows: Iterable<T>,
): Promise<number> {
  const batch = batchOf(kind);
  let pending: T[] = [];
  let inserted = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    await db.insertInto(table).values(pending).execute();
    inserted += pending.length;
    pending = [];
  };
  for (const row of rows) {
    pending.push(row);
    if (pending.length >= batch) await flush();
  }
  await flush();
  return inserted;
}

/**
 * Bare readers (rows only, no session) named by `ids`: `name(n)` their names, `username(n)`
 * their usernames when given; every fifth (n % 5 === 0) hides their profile.
 */
export async function insertReaders(
  db: Kysely<Database>,
  kind: DatabaseKind,
  options: {
    ids: readonly string[];
    name: (n: number) => string;
    username?: (n: number) => string;
  },
): Promise<void> {
  const iso = new Date().toISOString();
  const { ids, name, username } = options;
  await insertBatched(
    db,
    kind,
    'users',
    ids.map((id, n) => ({
      id,
      name: name(n),
      email: `${id}@example.com`,
      emailVerified: (kind === 'postgres' ? false : 0) as never,
      createdAt: iso,
      updatedAt: iso,
      role: 'user',
      ...(username ? { username: username(n), displayUsername: username(n) } : {}),
      profileVisibility: n % 5 === 0 ? ('only_me' as const) : ('everyone' as const),
    })),
  );
}

/** A placement row as the bingo service writes one (never a wildcard here). */
export type PlacementRow = Omit<Insertable<PlacementsTable>, 'isWildcard'>;

/** A card and its squares' cell ids by position. */
export interface CrowdCard {
  id: string;
  cells: string[];
}

/**
 * `total` placements by `readerIds`: each reader 1-16 squares on `current` (drawn from
 * `random`), the rest spread evenly per reader over `past` (16 a card at most: one book a
 * square). `rows(card, cardIndex, userId, squares)` makes a reader's rows on a card (the
 * current card's index is `past.length`). Returns all placements and those on `current`.
 */
export async function placeCrowd(
  db: Kysely<Database>,
  kind: DatabaseKind,
  options: {
    readerIds: readonly string[];
    current: CrowdCard;
    past: readonly CrowdCard[];
    total: number;
    random: SeededRandom;
    rows: (card: CrowdCard, cardIndex: number, userId: string, squares: number) => PlacementRow[];
  },
): Promise<{ placements: number; onCurrent: number }> {
  const { readerIds, current, past, total, random, rows } = options;
  let onCurrent = 0;
  function* all(): Generator<PlacementRow> {
    for (const userId of readerIds) {
      const squares = 1 + random.int(16);
      onCurrent += squares;
      yield* rows(current, past.length, userId, squares);
    }
    let owed = total - onCurrent;
    const perCard = Math.ceil((total - onCurrent) / readerIds.length / past.length);
    for (const [c, card] of past.entries()) {
      for (const userId of readerIds) {
        if (owed <= 0) return;
        const squares = Math.min(16, perCard, owed);
        owed -= squares;
        yield* rows(card, c, userId, squares);
      }
    }
  }
  const placements = await insertBatched(
    db,
    kind,
    'placements',
    (function* () {
      for (const row of all()) yield { ...row, isWildcard: 0 };
    })(),
  );
  return { placements, onCurrent };
}

/** The newest shared card's id (the demo's, on a fresh bench database), as the app finds it. */
export async function newestSharedGridId(db: Kysely<Database>): Promise<string> {
  const id = await createGridsRepository(db).findCurrentId();
  if (id === null) throw new Error('the bench database has no shared card');
  return id;
}

/** A card's squares in order of position. */
export function squaresOf(db: Kysely<Database>, gridId: string) {
  return db
    .selectFrom('cells')
    .select(['id', 'position'])
    .where('gridId', '=', gridId)
    .orderBy('position')
    .execute();
}

/**
 * The newest shared card, its squares in order, and the catalogue's ISBNs in order: what the
 * placement benches (load, fan-out, placement-cost) place from, each square drawing on its own
 * slice of the books.
 */
export async function sharedCardAndBooks(db: Kysely<Database>) {
  const gridId = await newestSharedGridId(db);
  const cells = await squaresOf(db, gridId);
  const isbns = (await db.selectFrom('books').select('isbn').orderBy('isbn').execute()).map(
    (b) => b.isbn,
  );
  return { gridId, cells, isbns };
}
