import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { compiledOnce, runCompiled } from '../../db/compiled-once';
import { databaseKeyOf, type DatabaseKind } from '../../db/database';
import type { Database, FinishedBooksTable, PlacementsTable } from '../../db/schema';
import { createLru, type Lru } from '../../shared/lru';
import { parseStoredCategories, storedNumberOrNull } from '../books/books.mapper';

export interface PlacementRow {
  id: string;
  cellId: string;
  position: number;
  bookIsbn: string;
  bookTitle: string;
  isWildcard: boolean;
  points: number;
  coverUrl: string | null;
  authors: string | null;
  /** Issue 11: the book met the square's rule (true), did not (false), or unknown (null). */
  ruleMet: boolean | null;
}

/**
 * The newest grid of the scope of `g` (a grid row in the query): the newest shared grid when
 * `g` has no club, else its club's newest card; each read from grids_club_idx
 * (club_id, created_at, id), newest first.
 */
const NEWEST_IN_SCOPE_SQL = `(case when g.club_id is null
  then (select g0.id from grids g0 where g0.club_id is null
    order by g0.created_at desc, g0.id desc limit 1)
  else (select g1.id from grids g1 where g1.club_id = g.club_id
    order by g1.created_at desc, g1.id desc limit 1) end)`;
const NEWEST_IN_SCOPE = sql.raw(NEWEST_IN_SCOPE_SQL);

// The card's reads (GET /api/bingo/grids/:gridId) and a placement's reads and writes, built and
// compiled once (issue 10: building them was a third of a card read).
const gridWithCurrent = compiledOnce(
  (db, { gridId, viewerId }: { gridId: string; viewerId: string }) =>
    db
      .selectFrom('grids as g')
      .leftJoin('clubs as cl', 'cl.id', 'g.clubId')
      .leftJoin('clubMembers as m', (join) =>
        join.onRef('m.clubId', '=', 'g.clubId').on('m.userId', '=', viewerId),
      )
      .select(['g.id', 'g.title', 'g.createdAt', 'g.clubId', 'g.resetDate', 'cl.name as clubName'])
      .select(['m.userId as memberId'])
      .select(sql<boolean | number>`g.id = ${NEWEST_IN_SCOPE}`.as('isNewest'))
      .where('g.id', '=', gridId),
);

const cellsOf = compiledOnce((db, { gridId }: { gridId: string }) =>
  db
    .selectFrom('cells')
    .select(['id', 'position', 'challenge', 'label'])
    .where('gridId', '=', gridId)
    .orderBy('position'),
);

const placementsOf = compiledOnce((db, { userId, gridId }: { userId: string; gridId: string }) =>
  db
    .selectFrom('placements as p')
    .innerJoin('cells as c', 'c.id', 'p.cellId')
    .leftJoin('books as b', 'b.isbn', 'p.bookIsbn')
    .select(['p.id', 'p.cellId', 'c.position', 'p.bookIsbn', 'p.bookTitle', 'p.isWildcard'])
    .select(['p.points', 'b.coverUrl', 'b.authors', 'p.ruleMet'])
    .where('p.userId', '=', userId)
    .where('p.gridId', '=', gridId)
    .orderBy('c.position'),
);

const placedSquaresOf = compiledOnce((db, { userId, gridId }: { userId: string; gridId: string }) =>
  db
    .selectFrom('placements')
    .select(['cellId', 'bookIsbn', 'isWildcard'])
    .where('userId', '=', userId)
    .where('gridId', '=', gridId),
);

const placementOnCellOf = compiledOnce(
  (db, { userId, cellId }: { userId: string; cellId: string }) =>
    db
      .selectFrom('placements')
      .select(['id', 'cellId', 'bookIsbn', 'bookTitle', 'isWildcard', 'points', 'ruleMet'])
      .where('userId', '=', userId)
      .where('cellId', '=', cellId),
);

const cellForPlacement = compiledOnce(
  (db, { cellId, userId }: { cellId: string; userId: string }) =>
    db
      .selectFrom('cells as c')
      .innerJoin('grids as g', 'g.id', 'c.gridId')
      .leftJoin('clubMembers as m', (join) =>
        join.onRef('m.clubId', '=', 'g.clubId').on('m.userId', '=', userId),
      )
      .select(['c.id', 'c.gridId', 'c.position', 'c.rule', 'g.clubId', 'g.resetDate'])
      .select(['m.userId as memberId'])
      .select(sql<boolean | number>`c.grid_id = ${NEWEST_IN_SCOPE}`.as('isNewest'))
      .where('c.id', '=', cellId),
);

const bookForPlacement = compiledOnce((db, { isbn }: { isbn: string }) =>
  db
    .selectFrom('books')
    .select(['isbn', 'title', 'authors', 'coverUrl', 'subjects', 'pageCount'])
    .select(['firstPublishedYear', 'language', 'originalLanguage'])
    .where('isbn', '=', isbn),
);

const placingUserQuery = (db: Kysely<Database>, { userId }: { userId: string }) =>
  db.selectFrom('users').select(['points', 'birthYear', 'firstName']).where('id', '=', userId);
const placingUser = compiledOnce(placingUserQuery);
const placingUserLocked = compiledOnce((db, args: { userId: string }) =>
  placingUserQuery(db, args).forUpdate(),
);

/** A placement row as it is inserted (flags as 0 or 1, times as ISO text). */
type NewPlacementRow = Required<Insertable<PlacementsTable>>;
const newPlacement = compiledOnce((db, row: NewPlacementRow) =>
  db.insertInto('placements').values(row),
);

/** A finished book as a placement adds it (SPEC.md section 3: id is user id, underscore, book id). */
type FinishedBookRow = Required<
  Pick<
    Insertable<FinishedBooksTable>,
    'id' | 'userId' | 'bookIsbn' | 'title' | 'author' | 'coverUrl' | 'finishedAt' | 'createdAt'
  >
>;
const finishedBook = compiledOnce((db, row: FinishedBookRow) =>
  db
    .insertInto('finishedBooks')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing()),
);

type ReplacedBook = { placementId: string } & Required<
  Pick<
    Updateable<PlacementsTable>,
    'bookIsbn' | 'bookTitle' | 'isWildcard' | 'ruleMet' | 'updatedAt'
  >
>;
const bookReplaced = compiledOnce((db, { placementId, ...book }: ReplacedBook) =>
  db.updateTable('placements').set(book).where('id', '=', placementId),
);

const pointsAdded = compiledOnce((db, { delta, userId }: { delta: number; userId: string }) =>
  db
    .updateTable('users')
    .set((eb) => ({ points: eb('points', '+', delta) }))
    .where('id', '=', userId)
    .returning('points'),
);

/**
 * PostgreSQL, one read for a placement (decision 033): the reader (points, the facts rules
 * read), the square as `cellForPlacement` reads it, the book as `bookForPlacement` does, the
 * reader's placements on the square's card, and their state as `bingo_place` will check it.
 * No row when the reader is gone; the square's and the book's columns are null when missing.
 */
const PLACEMENT_FACTS = CompiledQuery.raw(
  `select u.points, u.birth_year as "birthYear", u.first_name as "firstName",
    c.id, c.grid_id as "gridId", c.position, c.rule, g.club_id as "clubId",
    g.reset_date as "resetDate", m.user_id as "memberId",
    c.grid_id = ${NEWEST_IN_SCOPE_SQL} as "isNewest",
    b.isbn, b.title, b.authors, b.cover_url as "coverUrl", b.subjects, b.page_count as "pageCount",
    b.first_published_year as "firstPublishedYear", b.language,
    b.original_language as "originalLanguage",
    (select json_agg(json_build_array(p.id, p.cell_id, p.book_isbn, p.book_title, p.is_wildcard,
        p.points, p.rule_met))
      from placements p where p.user_id = u.id and p.grid_id = c.grid_id) as placed,
    bingo_card_state(u.id, c.grid_id) as state
  from users u
  left join cells c on c.id = $2
  left join grids g on g.id = c.grid_id
  left join club_members m on m.club_id = g.club_id and m.user_id = u.id
  left join books b on b.isbn = $3
  where u.id = $1`,
  [],
);

/** A placement as PLACEMENT_FACTS lists it: id, square, book, title, wildcard, points, rule met. */
type PlacedTuple = [string, string, string, string, number, number, number | null];

/** PLACEMENT_FACTS's row (the square's and the book's columns null when either is missing). */
interface PlacementFactsRow {
  points: number;
  birthYear: number | null;
  firstName: string | null;
  id: string | null;
  gridId: string;
  position: number;
  rule: string | null;
  clubId: string | null;
  resetDate: string | null;
  memberId: string | null;
  isNewest: boolean | null;
  isbn: string | null;
  title: string;
  authors: string;
  coverUrl: string | null;
  subjects: string;
  pageCount: number | string | null;
  firstPublishedYear: number | string | null;
  language: string | null;
  originalLanguage: string | null;
  placed: PlacedTuple[] | null;
  state: string;
}

/** PostgreSQL: the guarded write of migration 025; total is null when the squares changed. */
const PLACE_GUARDED = CompiledQuery.raw(
  'call bingo_place($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, null)',
  [],
);

const pointsOf = compiledOnce((db, { userId }: { userId: string }) =>
  db.selectFrom('users').select('points').where('id', '=', userId),
);

type CellRow = Awaited<ReturnType<typeof cellsOf>>[number];

/**
 * A grid's squares, kept once read, per database (issue 10: a tenth of a card read). They are
 * written with their grid in one transaction (grids.repository.ts); the one change afterwards,
 * an admin correcting an empty square (issue 23), forgets the grid's kept list on every
 * instance through the bus (`GRID_CELLS_CHANGED_CHANNEL`). Kept per database
 * (`databaseKeyOf`), so a placement's transaction finds what a card read kept and the reverse.
 */
const cellsKept = new WeakMap<object, Lru<readonly CellRow[]>>();

/** The bus channel that tells every instance a grid's squares changed; the message is its id. */
export const GRID_CELLS_CHANGED_CHANNEL = 'grids:cells-changed';

/** Forgets the kept squares of `gridId` (or of every grid) read through `db`. */
export function forgetKeptCells(db: Kysely<Database>, gridId?: string): void {
  const kept = cellsKept.get(databaseKeyOf(db));
  if (!kept) return;
  if (gridId === undefined) cellsKept.delete(databaseKeyOf(db));
  else kept.delete(gridId);
}
/** Grids whose squares are kept per database; the least recently read goes first. */
export const KEPT_GRIDS_MAX = 1000;

/** A comparison's result: PostgreSQL answers a boolean, SQLite 0 or 1. */
const asFlag = (value: unknown) => value === true || Number(value) === 1;

/** What a placement needs to know of each of the user's marked squares on the grid. */
export interface PlacedSquare {
  cellId: string;
  position: number;
  bookIsbn: string;
  isWildcard: boolean;
}

/** A stored placement's flags and numbers as our types have them, at its square's position. */
function placementOf<R extends { isWildcard: unknown; points: unknown; ruleMet: unknown }>(
  row: R,
  position: number,
): Omit<R, 'isWildcard' | 'points' | 'ruleMet'> &
  Pick<PlacementRow, 'position' | 'isWildcard' | 'points' | 'ruleMet'> {
  return {
    ...row,
    position,
    isWildcard: Number(row.isWildcard) === 1,
    points: Number(row.points),
    ruleMet: row.ruleMet === null ? null : Number(row.ruleMet) === 1,
  };
}

/** A placement as the service writes it: the reader, the square, the book and what it earned. */
interface NewPlacement {
  userId: string;
  gridId: string;
  cellId: string;
  bookIsbn: string;
  bookTitle: string;
  isWildcard: boolean;
  points: number;
  ruleMet: number | null;
}

/** A square as a placement needs it: its card, position, rule, club and whether it is current. */
function squareOf(row: {
  id: string;
  gridId: string;
  position: number | string;
  rule: string | null;
  clubId: string | null;
  resetDate: string | null;
  memberId: string | null;
  isNewest: unknown;
}) {
  return {
    id: row.id,
    gridId: row.gridId,
    position: Number(row.position),
    rule: row.rule,
    clubId: row.clubId,
    resetDate: row.resetDate,
    isMember: row.memberId !== null,
    isNewest: asFlag(row.isNewest),
  };
}

/** A catalogue book as a placement needs it: its card text and the facts rules read. */
function bookOf<
  R extends {
    isbn: string;
    subjects: string;
    pageCount: number | string | null;
    firstPublishedYear: number | string | null;
  },
>(row: R) {
  return {
    ...row,
    subjects: parseStoredCategories(row.subjects),
    pageCount: storedNumberOrNull(row.pageCount),
    firstPublishedYear: storedNumberOrNull(row.firstPublishedYear),
  };
}

/** The placing reader's points and the private facts some rules read. */
function placingUserOf(row: {
  points: number | string;
  birthYear?: number | string | null;
  firstName?: string | null;
}) {
  return {
    points: Number(row.points),
    reader: {
      birthYear: storedNumberOrNull(row.birthYear ?? null),
      firstName: row.firstName ?? null,
    },
  };
}

/**
 * Cells, placements and the points they earned. Built on the caller's executor: the service
 * passes its transaction so every step of a placement commits or rolls back together.
 */
export function createBingoRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /** A grid's squares by position, from memory once read (`cellsKept`). */
  async function listCells(gridId: string): Promise<readonly CellRow[]> {
    const key = databaseKeyOf(db);
    let kept = cellsKept.get(key);
    if (!kept) cellsKept.set(key, (kept = createLru<readonly CellRow[]>(KEPT_GRIDS_MAX)));
    const cells = kept.get(gridId);
    if (cells) return cells;
    const read = Object.freeze(await cellsOf(db, kind, { gridId }));
    if (read.length > 0) kept.set(gridId, read);
    return read;
  }

  return {
    findGrid(gridId: string) {
      return db
        .selectFrom('grids')
        .select(['id', 'title', 'createdAt'])
        .where('id', '=', gridId)
        .executeTakeFirst();
    },

    /**
     * A grid, whether it is the newest of its scope (the shared grids, or its club's cards),
     * its club (name, reset date) and whether the viewer is a member of that club, in one query.
     */
    async findGridWithCurrent(gridId: string, viewerId: string) {
      const [row] = await gridWithCurrent(db, kind, { gridId, viewerId });
      if (!row) return undefined;
      return {
        id: row.id,
        title: row.title,
        createdAt: row.createdAt,
        club: row.clubId !== null ? { id: row.clubId, name: row.clubName ?? '' } : null,
        resetDate: row.resetDate,
        isMember: row.memberId !== null,
        isNewest: asFlag(row.isNewest),
      };
    },

    listCells,

    /**
     * What a placement needs of its square in one query: the grid, the position, the rule
     * (JSON text or null), whether the grid is the newest of its scope (the shared grids, or
     * its club's cards), and for a club card its club, reset date and the reader's membership.
     */
    async findCellForPlacement(cellId: string, userId: string) {
      const [row] = await cellForPlacement(db, kind, { cellId, userId });
      return row && squareOf({ ...row, id: row.id });
    },

    /** A reader's points on a club's cards: the sum of their placements there (decision 016). */
    async clubPoints(userId: string, clubId: string): Promise<number> {
      const row = await db
        .selectFrom('placements as p')
        .innerJoin('grids as g', 'g.id', 'p.gridId')
        .select(sql<number | string>`coalesce(sum(p.points), 0)`.as('points'))
        .where('p.userId', '=', userId)
        .where('g.clubId', '=', clubId)
        .executeTakeFirstOrThrow();
      return Number(row.points);
    },

    /**
     * Up to `limit` members of a club, whose club board a placement on its card changed (the
     * live update's audience, decision 028): read by club_members' key.
     */
    async clubMemberIds(clubId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('clubMembers')
        .select('userId')
        .where('clubId', '=', clubId)
        .limit(limit)
        .execute();
      return rows.map((row) => row.userId);
    },

    /** What a placement needs of a catalogue book: its card text and the facts rules read. */
    async findBookForPlacement(isbn: string) {
      const [row] = await bookForPlacement(db, kind, { isbn });
      return row && bookOf({ ...row, isbn: row.isbn });
    },

    /**
     * The placing user's points and the private facts some rules read, in one query; on
     * PostgreSQL it also locks the row until commit, which serialises one user's placements and
     * resets (SQLite's single connection runs one transaction at a time anyway).
     */
    async lockAndReadUser(userId: string) {
      const [row] = await (kind === 'postgres' ? placingUserLocked : placingUser)(db, kind, {
        userId,
      });
      if (!row) throw new Error(`lockAndReadUser: no user ${userId}`);
      return placingUserOf(row);
    },

    /**
     * PostgreSQL: everything a placement decides on, in one read (decision 033): the reader,
     * the square and the book (undefined when missing), the reader's squares on its card and
     * the one on this square, and the state `placeGuarded` checks.
     */
    async readPlacementFacts(userId: string, cellId: string, isbn: string) {
      const [row] = await runCompiled<PlacementFactsRow>(db, PLACEMENT_FACTS, [
        userId,
        cellId,
        isbn,
      ]);
      if (!row) throw new Error(`readPlacementFacts: no user ${userId}`);
      const cell = row.id === null ? undefined : squareOf({ ...row, id: row.id });
      const positions = cell
        ? new Map((await listCells(cell.gridId)).map((c) => [c.id, Number(c.position)]))
        : new Map<string, number>();
      const placed = (row.placed ?? []).map(
        ([id, cellId, bookIsbn, bookTitle, isWildcard, points, ruleMet]) => {
          const position = positions.get(cellId);
          if (position === undefined) throw new Error(`a placement on ${cellId} is off its grid`);
          return placementOf(
            { id, cellId, bookIsbn, bookTitle, isWildcard, points, ruleMet },
            position,
          );
        },
      );
      return {
        user: placingUserOf(row),
        cell,
        book: row.isbn === null ? undefined : bookOf({ ...row, isbn: row.isbn }),
        placements: placed satisfies PlacedSquare[],
        onCell: placed.find((p) => p.cellId === cellId),
        state: row.state,
      };
    },

    /**
     * PostgreSQL: the placement's writes in one CALL (migration 025), only while the reader's
     * squares on the card are still `state`: the finished book, then a new placement with its
     * points added to the reader's total, or (`replacing` a placement's id) its new book.
     * Returns the reader's total, or null when the squares changed since they were read.
     */
    async placeGuarded(
      placement: NewPlacement & {
        state: string;
        replacing: string | null;
        author: string;
        coverUrl: string | null;
      },
    ): Promise<number | null> {
      const p = placement;
      const [row] = await runCompiled<{ total: number | null }>(db, PLACE_GUARDED, [
        p.userId,
        p.gridId,
        p.state,
        randomUUID(),
        p.replacing,
        p.cellId,
        p.bookIsbn,
        p.bookTitle,
        p.isWildcard ? 1 : 0,
        p.points,
        p.ruleMet,
        new Date().toISOString(),
        p.author,
        p.coverUrl,
      ]);
      return row?.total ?? null;
    },

    /** The user's placements on a grid, with each square's position and the book's cover. */
    async listPlacements(userId: string, gridId: string): Promise<PlacementRow[]> {
      const rows = await placementsOf(db, kind, { userId, gridId });
      return rows.map((r) => placementOf(r, Number(r.position)));
    },

    /**
     * What a placement needs of the user's squares on the grid: which are marked, where, with
     * which book, and which holds the wildcard. Nothing else is read (issue 10: making the rows'
     * values is most of a read's cost, and this read is a tenth of a placement): the positions
     * come from the grid's kept squares, and the one square being placed on is read whole by
     * `findPlacementOnCell`. Unordered.
     */
    async listPlacedSquares(userId: string, gridId: string): Promise<PlacedSquare[]> {
      const [rows, cells] = await Promise.all([
        placedSquaresOf(db, kind, { userId, gridId }),
        listCells(gridId),
      ]);
      const positions = new Map(cells.map((cell) => [cell.id, Number(cell.position)]));
      return rows.map((r) => {
        const position = positions.get(r.cellId);
        if (position === undefined)
          throw new Error(`a placement on ${r.cellId} is off grid ${gridId}`);
        return {
          cellId: r.cellId,
          position,
          bookIsbn: r.bookIsbn,
          isWildcard: Number(r.isWildcard) === 1,
        };
      });
    },

    /** The user's placement on one square, as stored, at the position given; undefined if none. */
    async findPlacementOnCell(userId: string, cellId: string, position: number) {
      const [row] = await placementOnCellOf(db, kind, { userId, cellId });
      return row && placementOf(row, position);
    },

    /**
     * Serialises one user's placements and resets on PostgreSQL (row lock until commit). SQLite
     * needs none: its single connection runs one transaction at a time.
     */
    async lockUser(userId: string): Promise<void> {
      if (kind !== 'postgres') return;
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    async readPoints(userId: string): Promise<number> {
      const [row] = await pointsOf(db, kind, { userId });
      if (!row) throw new Error(`readPoints: no user ${userId}`);
      return Number(row.points);
    },

    /** Adds (or, negative, removes) points and returns the new total. */
    async addPoints(userId: string, delta: number): Promise<number> {
      const [row] = await pointsAdded(db, kind, { delta, userId });
      if (!row) throw new Error(`addPoints: no user ${userId}`);
      return Number(row.points);
    },

    async insertPlacement(placement: NewPlacement): Promise<string> {
      const id = randomUUID();
      const now = new Date().toISOString();
      await newPlacement(db, kind, {
        ...placement,
        id,
        isWildcard: placement.isWildcard ? 1 : 0,
        createdAt: now,
        updatedAt: now,
      });
      return id;
    },

    /** Swaps the book on a marked square; the square keeps the points it first earned. */
    async replaceBook(
      placementId: string,
      book: { bookIsbn: string; bookTitle: string; isWildcard: boolean; ruleMet: number | null },
    ): Promise<void> {
      await bookReplaced(db, kind, {
        placementId,
        bookIsbn: book.bookIsbn,
        bookTitle: book.bookTitle,
        isWildcard: book.isWildcard ? 1 : 0,
        ruleMet: book.ruleMet,
        updatedAt: new Date().toISOString(),
      });
    },

    /**
     * Issue 9: a placed book is a book read. Adds it to the user's finished books, unrated
     * (SPEC.md section 3: the id is user id, underscore, book id), unless it is there already;
     * a book already there keeps its rating, review and finished date.
     */
    async addFinishedBook(
      userId: string,
      book: { isbn: string; title: string; authors: string; coverUrl: string | null },
    ): Promise<void> {
      const now = new Date().toISOString();
      await finishedBook(db, kind, {
        id: `${userId}_${book.isbn}`,
        userId,
        bookIsbn: book.isbn,
        title: book.title,
        author: book.authors,
        coverUrl: book.coverUrl,
        finishedAt: now,
        createdAt: now,
      });
    },

    /** Removes the user's placements on a grid; returns the points they had earned. */
    async deletePlacements(userId: string, gridId: string): Promise<number> {
      const removed = await db
        .deleteFrom('placements')
        .where('userId', '=', userId)
        .where('gridId', '=', gridId)
        .returning('points')
        .execute();
      return removed.reduce((sum, row) => sum + Number(row.points), 0);
    },
  };
}

export type BingoRepository = ReturnType<typeof createBingoRepository>;
