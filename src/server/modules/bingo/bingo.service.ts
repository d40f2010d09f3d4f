import type { Transaction } from 'kysely';
import {
  evaluateRule,
  parseStoredRule,
  type BookFacts,
  type ChallengeRule,
  type ReaderFacts,
} from '../../../lib/challenge-rules';
import { normalizeIsbn } from '../../../lib/isbn';
import { messages } from '../../../lib/messages';
import { decidePlacement } from '../../../lib/placement-rules';
import type {
  BingoCardResponse,
  PlaceBookBody,
  PlaceBookResponse,
  PlacementOutcome,
  ResetGridResponse,
} from '../../../lib/schemas/bingo';
import { computePlacementPoints } from '../../../lib/scoring';
import type { DatabaseHandle } from '../../db/database';
import { toIso, type Database } from '../../db/schema';
import { AUDIENCE_MAX, type EventHub } from '../../events/hub';
import {
  badRequest,
  conflict as conflictError,
  forbidden,
  notFound,
  type AppError,
} from '../../http/errors';
import { keepAnswer, keptAnswer, type IdempotentWrite } from '../../http/idempotency';
import type { Viewer } from '../../http/viewer';
import { deepFreeze } from '../../http/frozen-answers';
import { createLru } from '../../shared/lru';
import { isCurrentCard, todayUtc } from '../clubs/club-cards';
import type { LeaderboardService } from '../leaderboard/leaderboard.service';
import { createSettingsRepository, RESET_DATE_KEY } from '../settings/settings.repository';
import { toBingoCell, toPlacedBook, type PlacementView } from './bingo.mapper';
import { createBingoRepository, type PlacedSquare, type PlacementRow } from './bingo.repository';
import { isDeadlock, placementConflictOf, type PlacementConflict } from './placement-conflicts';

type PlacedView = PlacementView & Pick<PlacementRow, 'cellId' | 'position'>;

/** Cards kept per reader and grid on SQLite (issue 10); the least recently read goes first. */
export const KEPT_CARDS_MAX = 2000;

/**
 * A card as read, with the database's change count, the UTC day and the count of kept squares
 * forgotten it was read under.
 */
interface KeptCard {
  changes: number;
  today: string;
  squares: number;
  card: BingoCardResponse;
}

/** Transactions that hit a unique constraint are re-run this often before refusing. */
const RETRIES_ON_CONFLICT = 2;

const REFUSAL_CODES = new Map<string, string>([
  [messages.bingo.bookUsedTwice, 'BOOK_USED_TWICE'],
  [messages.bingo.wildcardUsed, 'WILDCARD_USED'],
]);

/**
 * The refusal for a constraint the database enforced. Normally the rules refuse first (the
 * user row lock, or SQLite's one connection, serialises a user's placements); this is the net.
 */
function refusalFor(conflict: PlacementConflict): AppError {
  switch (conflict) {
    case 'book':
      return conflictError(messages.bingo.bookUsedTwice, 'BOOK_USED_TWICE');
    case 'wildcard':
      return conflictError(messages.bingo.wildcardUsed, 'WILDCARD_USED');
    case 'square':
    case 'other':
      return conflictError(messages.bingo.saveBookFailed, 'PLACEMENT_CONFLICT');
  }
}

/** Parsed square rules by their stored JSON text: a grid has 16 squares, read on every placement. */
const parsedRules = new Map<string, ChallengeRule | null>();

/**
 * Whether a book placed on a square met its rule, as the placement records it: 1, 0, or null
 * (free text, or a fact unknown); never a refusal (issue 11, decision 013).
 */
export function ruleMetOf(
  storedRule: string | null,
  book: BookFacts,
  reader: ReaderFacts,
): number | null {
  if (!storedRule) return null;
  let rule = parsedRules.get(storedRule);
  if (rule === undefined) {
    rule = parseStoredRule(storedRule);
    if (parsedRules.size < 1000) parsedRules.set(storedRule, rule);
  }
  if (!rule) return null;
  const fit = evaluateRule(rule, book, reader, new Date().getUTCFullYear());
  return fit.status === 'meets' ? 1 : fit.status === 'fails' ? 0 : null;
}

type Repository = ReturnType<typeof createBingoRepository>;
type PlacementSquare = NonNullable<Awaited<ReturnType<Repository['findCellForPlacement']>>>;
type PlacementBook = NonNullable<Awaited<ReturnType<Repository['findBookForPlacement']>>>;
type ExistingPlacement = NonNullable<Awaited<ReturnType<Repository['findPlacementOnCell']>>>;

/** The book's fields a placement or a replacement writes. */
interface BookFields {
  bookIsbn: string;
  bookTitle: string;
  isWildcard: boolean;
  ruleMet: number | null;
}

/** What the rules made of a placement (`judge`), with the row its answer shows. */
type Judgement = { cell: PlacementSquare; book: PlacementBook; row: PlacedView } & (
  | { kind: 'unchanged' }
  | { kind: 'replaced'; fields: BookFields; existing: ExistingPlacement }
  | { kind: 'placed'; fields: BookFields; earned: number }
);

/** A placement's answer: the square as it now is, what happened, the points and the total. */
function answer(
  row: PlacedView,
  outcome: PlacementOutcome,
  pointsEarned: number,
  totalPoints: number,
): PlaceBookResponse {
  return {
    placement: toPlacedBook(row),
    outcome,
    pointsEarned,
    totalPoints,
    message:
      pointsEarned > 0 ? messages.bingo.earnedPoints(pointsEarned) : messages.bingo.bookReplaced,
  };
}

interface PlaceOutcome {
  response: PlaceBookResponse;
  changedPoints: boolean;
  /** A club card's placement that earned points: its club, whose members hear (decision 028). */
  club?: string;
  /** Issue 26: the answer kept under the request's Idempotency-Key, given again. */
  replayed?: boolean;
}

/**
 * The bingo card (SPEC.md sections 4, 5 and 9): reading a card, placing a book and resetting
 * the grid. Points are computed here, inside the transaction that stores them.
 */
export function createBingoService(deps: {
  database: DatabaseHandle;
  hub: EventHub;
  /** Who hears a change of points; without it, every stream does (tests, benches). */
  leaderboard?: Pick<LeaderboardService, 'audienceOf'>;
}) {
  const { db, kind } = deps.database;
  const settings = createSettingsRepository(db, kind);
  const keptCards = createLru<KeptCard>(KEPT_CARDS_MAX);
  // Moves when kept squares are forgotten: a card read before that is not kept past it.
  let squaresForgotten = 0;
  // Squares found on a club card by `placeInTwoRoundTrips` (a square never changes card): their
  // next placements go straight to `place` instead of reading every fact twice.
  const clubSquares = createLru<true>(KEPT_CARDS_MAX);

  /**
   * Live updates (decision 028): the reader's new total, and "your board changed" to whom it
   * concerns. On the shared card: the reader and their friends, and everyone when the Global Top
   * 10 may have changed (the leaderboard service decides). A club card's points are not the
   * reader's total (decision 016): its club's board changed, for its members.
   */
  async function announce(
    userId: string,
    totalPoints: number,
    change: { before: number } | { club: string },
  ) {
    if ('club' in change) {
      // Read once the placement has committed: up to 1,001 rows need not hold its locks.
      deps.hub.publishLeaderboardChanged({
        global: false,
        readers: await clubMembersOf(createBingoRepository(db, kind), change.club),
        club: true,
      });
      return;
    }
    const audience = await deps.leaderboard?.audienceOf(userId, change.before, totalPoints);
    // Both in the turn the answer is written in: the hub writes after that turn's answers, so
    // deciding the audience (which may read) before publishing keeps the answer first.
    deps.hub.publishPoints(userId, totalPoints);
    deps.hub.publishLeaderboardChanged(audience);
  }

  /** A club's members for its board's live update: one more than the cap tells it is passed. */
  const clubMembersOf = (repo: Repository, clubId: string) =>
    repo.clubMemberIds(clubId, AUDIENCE_MAX + 1);

  /** The card as the database has it now: the grid, its squares, the viewer's placements, points. */
  async function readCard(viewer: Viewer, gridId: string): Promise<BingoCardResponse> {
    const repo = createBingoRepository(db, kind);
    const grid = await repo.findGridWithCurrent(gridId, viewer.id);
    if (!grid || (grid.club && !grid.isMember)) throw notFound(messages.bingo.gridNotFound);
    const club = grid.club;
    const [cells, placements, points, resetDate] = await Promise.all([
      repo.listCells(gridId),
      repo.listPlacements(viewer.id, gridId),
      club ? repo.clubPoints(viewer.id, club.id) : repo.readPoints(viewer.id),
      club ? Promise.resolve(grid.resetDate) : settings.get(RESET_DATE_KEY),
    ]);
    const byCell = new Map(placements.map((p) => [p.cellId, p]));
    return {
      grid: {
        id: grid.id,
        title: grid.title,
        createdAt: toIso(grid.createdAt),
        isCurrent: isCurrentCard({ ...grid, clubId: club?.id ?? null }),
        club,
        resetDate: club ? grid.resetDate : null,
      },
      cells: cells.map((cell) => toBingoCell(cell, byCell.get(cell.id))),
      points,
      resetDate,
    };
  }

  /**
   * Runs `work` in a transaction, re-running it when a unique constraint was hit meanwhile, or
   * when PostgreSQL broke a deadlock by rolling it back (nothing of it was written).
   */
  async function withConflictRetry<T>(work: (trx: Transaction<Database>) => Promise<T>) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await db.transaction().execute(work);
      } catch (error) {
        if (isDeadlock(error) && attempt < RETRIES_ON_CONFLICT) continue;
        const conflict = placementConflictOf(error);
        if (!conflict) throw error;
        if (attempt >= RETRIES_ON_CONFLICT) throw refusalFor(conflict);
      }
    }
  }

  /**
   * What the rules make of a placement, from what was read (SPEC.md sections 4 and 9): a
   * refusal (thrown), the same book again (nothing to write), a replacement, or a new
   * placement and the points it earns. Shared by both ways of writing it (`place` and
   * `placeInTwoRoundTrips`).
   */
  function judge(read: {
    user: { reader: ReaderFacts };
    cell: PlacementSquare | undefined;
    book: PlacementBook | undefined;
    placements: readonly PlacedSquare[];
    existing: ExistingPlacement | undefined;
    isbn: string;
    replaces: string | null | undefined;
  }): Judgement {
    const { cell, book, placements, existing, isbn, replaces } = read;
    // A club card is not there for anyone outside its club (decision 016).
    if (!cell || (cell.clubId !== null && !cell.isMember)) {
      throw notFound(messages.bingo.gridNotFound);
    }
    if (!book) throw notFound(messages.book.notFound);
    // SPEC.md section 4: historical grids are read-only; a club card past its date too.
    if (!isCurrentCard(cell)) throw forbidden(messages.bingo.historicalGrid);
    // Issue 26: a placement made offline names what the square held then; changed since (filled
    // from another device), it is refused rather than replacing that book.
    if (replaces !== undefined) {
      const held = existing ? (normalizeIsbn(existing.bookIsbn) ?? existing.bookIsbn) : null;
      const expected = replaces === null ? null : (normalizeIsbn(replaces) ?? replaces);
      if (held !== expected) {
        throw conflictError(messages.offlineQueue.squareChanged, 'SQUARE_CHANGED');
      }
    }
    const view = { coverUrl: book.coverUrl, authors: book.authors };
    // The same book again on its own square: nothing to change, nothing earned.
    if (existing && existing.bookIsbn === isbn) {
      return { kind: 'unchanged', cell, book, row: { ...existing, ...view } };
    }
    const others = placements.filter((p) => p.cellId !== cell.id);
    const decision = decidePlacement(
      others
        .filter((p) => p.bookIsbn === isbn)
        .map((p) => ({ position: p.position, isWildcard: p.isWildcard })),
      others.some((p) => p.isWildcard),
    );
    if (!decision.ok) {
      const code = REFUSAL_CODES.get(decision.message) ?? 'PLACEMENT_REFUSED';
      throw conflictError(decision.message, code);
    }
    // Issue 11: whether the book met the square's rule is recorded; a miss is never refused.
    const ruleMet = ruleMetOf(cell.rule, book, read.user.reader);
    const fields = {
      bookIsbn: isbn,
      bookTitle: book.title,
      isWildcard: decision.isWildcard,
      ruleMet,
    };
    const row = {
      ...fields,
      ...view,
      ruleMet: ruleMet === null ? null : ruleMet === 1,
      cellId: cell.id,
      position: cell.position,
    };
    // SPEC.md section 4: replacing a marked square's book earns nothing; it keeps its points.
    if (existing) {
      return {
        kind: 'replaced',
        cell,
        book,
        fields,
        existing,
        row: { ...row, points: existing.points },
      };
    }
    const marked = new Set(placements.map((p) => p.position));
    const earned = computePlacementPoints(marked, cell.position).total;
    return { kind: 'placed', cell, book, fields, earned, row: { ...row, points: earned } };
  }

  /**
   * One placement, in the caller's transaction, in as few queries as it can (issue 10): the
   * user (locked on PostgreSQL, with points and rule facts), the square (with its rule and
   * whether its grid is current), the book, the user's placements on the grid, then the writes.
   */
  async function place(
    trx: Transaction<Database>,
    userId: string,
    cellId: string,
    isbn: string,
    write?: IdempotentWrite,
    replaces?: string | null,
  ): Promise<PlaceOutcome> {
    const repo = createBingoRepository(trx, kind);
    const user = await repo.lockAndReadUser(userId);
    // Issue 26: the same key again, after the first committed (or waited for behind its lock).
    const kept = write && (await keptAnswer<PlaceBookResponse>(trx, write));
    if (kept) return { response: kept, changedPoints: false, replayed: true };
    const cell = await repo.findCellForPlacement(cellId, userId);
    const book =
      cell && (!cell.clubId || cell.isMember) ? await repo.findBookForPlacement(isbn) : undefined;
    const placements = cell ? await repo.listPlacedSquares(userId, cell.gridId) : [];
    const existing =
      cell && placements.some((p) => p.cellId === cell.id)
        ? await repo.findPlacementOnCell(userId, cell.id, cell.position)
        : undefined;
    const judged = judge({ user, cell, book, placements, existing, isbn, replaces });
    // A club card's points stay on its placements: the total shown is the club's (decision 016).
    const clubId = judged.cell.clubId;
    const totalNow = () =>
      clubId === null ? Promise.resolve(user.points) : repo.clubPoints(userId, clubId);
    if (judged.kind === 'unchanged') {
      return {
        response: answer(judged.row, 'unchanged', 0, await totalNow()),
        changedPoints: false,
      };
    }
    // Issue 9: a placed book is a book read (unrated until rated); a book already finished
    // stays as it was. Reset and replacement never remove finished books.
    await repo.addFinishedBook(userId, judged.book);
    if (judged.kind === 'replaced') {
      await repo.replaceBook(judged.existing.id, judged.fields);
      return {
        response: answer(judged.row, 'replaced', 0, await totalNow()),
        changedPoints: false,
      };
    }
    await repo.insertPlacement({
      ...judged.fields,
      userId,
      gridId: judged.cell.gridId,
      cellId: judged.cell.id,
      points: judged.earned,
    });
    if (clubId === null) {
      const total = await repo.addPoints(userId, judged.earned);
      return {
        response: answer(judged.row, 'placed', judged.earned, total),
        changedPoints: true,
      };
    }
    return {
      response: answer(judged.row, 'placed', judged.earned, await repo.clubPoints(userId, clubId)),
      changedPoints: true,
      club: clubId,
    };
  }

  /**
   * PostgreSQL, the shared card, no Idempotency-Key (decision 033): one read of every fact,
   * the rules here, then one guarded CALL that writes only while the reader's squares are as
   * read (`placeGuarded`), in place of a transaction of nine round trips. Re-read and judged
   * again when they changed meanwhile. Undefined for a club card (its total is a sum over the
   * club's cards, `place` counts it) and when the squares kept changing: `place` then serialises
   * on the reader's lock.
   */
  async function placeInTwoRoundTrips(
    userId: string,
    cellId: string,
    isbn: string,
    replaces?: string | null,
  ): Promise<PlaceOutcome | undefined> {
    const repo = createBingoRepository(db, kind);
    for (let attempt = 0; attempt <= RETRIES_ON_CONFLICT; attempt += 1) {
      const read = await repo.readPlacementFacts(userId, cellId, isbn);
      if (read.cell && read.cell.clubId !== null) {
        clubSquares.set(cellId, true);
        return undefined;
      }
      const judged = judge({ ...read, existing: read.onCell, isbn, replaces });
      if (judged.kind === 'unchanged') {
        const response = answer(judged.row, 'unchanged', 0, read.user.points);
        return { response, changedPoints: false };
      }
      const total = await repo.placeGuarded({
        ...judged.fields,
        userId,
        gridId: judged.cell.gridId,
        cellId: judged.cell.id,
        state: read.state,
        replacing: judged.kind === 'replaced' ? judged.existing.id : null,
        points: judged.kind === 'placed' ? judged.earned : 0,
        author: judged.book.authors,
        coverUrl: judged.book.coverUrl,
      });
      if (total === null) continue;
      return judged.kind === 'placed'
        ? {
            response: answer(judged.row, 'placed', judged.earned, total),
            changedPoints: true,
          }
        : {
            response: answer(judged.row, 'replaced', 0, total),
            changedPoints: false,
          };
    }
    return undefined;
  }

  return {
    /**
     * The viewer's card. On SQLite it is kept per reader and grid and served again while the
     * database's change count holds still (nothing written since, by this process or another)
     * and the UTC day is the same (a club card stops being current after its reset date):
     * a card read is mostly SQLite's row stepping, and a card is read far more often than
     * anything is written. The count is taken before the read, so a write during the read
     * leaves the kept card already out of date.
     */
    async getCard(viewer: Viewer, gridId: string): Promise<BingoCardResponse> {
      const changes = deps.database.changeCount?.();
      if (changes === undefined) return readCard(viewer, gridId);
      const key = `${viewer.id} ${gridId}`;
      const today = todayUtc();
      const squares = squaresForgotten;
      const kept = keptCards.get(key);
      if (kept && kept.changes === changes && kept.today === today && kept.squares === squares) {
        return kept.card;
      }
      const card = await readCard(viewer, gridId);
      keptCards.set(key, { changes, today, squares, card: deepFreeze(card) });
      return card;
    },

    /**
     * A grid's squares were corrected (issue 23), told on the bus: every kept card goes. The
     * correction's commit may reach this instance's change count before its message: a card
     * read between the two was made from the squares kept before it, and kept as current.
     */
    forgetKeptCards() {
      squaresForgotten += 1;
      keptCards.clear();
    },

    /**
     * Places a book on a square in one transaction: the reuse and wildcard rules, the points
     * (recorded on the placement and added to the user), or a replacement that earns nothing.
     */
    async placeBook(
      viewer: Viewer,
      body: PlaceBookBody,
      idempotencyKey?: string,
    ): Promise<PlaceBookResponse> {
      const isbn = normalizeIsbn(body.isbn);
      if (!isbn) throw badRequest(messages.bingo.invalidIsbn, 'INVALID_ISBN');
      const write = idempotencyKey
        ? {
            userId: viewer.id,
            key: idempotencyKey,
            fingerprint:
              body.replaces === undefined
                ? `placement ${body.cellId} ${isbn}`
                : `placement ${body.cellId} ${isbn} replaces ${body.replaces ?? ''}`,
          }
        : undefined;
      // An Idempotency-Key's answer is kept in the placement's transaction: those take `place`.
      const outcome =
        (kind === 'postgres' && !write && !clubSquares.get(body.cellId)
          ? await placeInTwoRoundTrips(viewer.id, body.cellId, isbn, body.replaces).catch(
              (error: unknown) => {
                // A unique constraint hit meanwhile, or a deadlock PostgreSQL broke by rolling
                // the call back: `place` runs again under the reader's lock.
                if (placementConflictOf(error) || isDeadlock(error)) return undefined;
                throw error;
              },
            )
          : undefined) ??
        (await withConflictRetry(async (trx) => {
          const placed = await place(trx, viewer.id, body.cellId, isbn, write, body.replaces);
          if (write && !placed.replayed) await keepAnswer(trx, write, placed.response);
          return placed;
        }));
      if (outcome.changedPoints) {
        const { totalPoints, pointsEarned } = outcome.response;
        await announce(
          viewer.id,
          totalPoints,
          outcome.club ? { club: outcome.club } : { before: totalPoints - pointsEarned },
        );
      }
      return outcome.response;
    },

    /** Reset Grid: removes the viewer's placements on the current grid and the points they earned. */
    async resetGrid(viewer: Viewer, gridId: string): Promise<ResetGridResponse> {
      const { removed, totalPoints, club } = await withConflictRetry(async (trx) => {
        const repo = createBingoRepository(trx, kind);
        await repo.lockUser(viewer.id);
        const grid = await repo.findGridWithCurrent(gridId, viewer.id);
        if (!grid || (grid.club && !grid.isMember)) throw notFound(messages.bingo.gridNotFound);
        const club = grid.club?.id ?? null;
        if (!isCurrentCard({ ...grid, clubId: club })) {
          throw forbidden(messages.bingo.historicalGrid);
        }
        const points = await repo.deletePlacements(viewer.id, gridId);
        // A club card's points were never the reader's total (decision 016).
        if (club !== null) {
          return {
            removed: points,
            totalPoints: await repo.clubPoints(viewer.id, club),
            club,
          };
        }
        const total =
          points !== 0
            ? await repo.addPoints(viewer.id, -points)
            : await repo.readPoints(viewer.id);
        return { removed: points, totalPoints: total, club: undefined };
      });
      // Points went down: `before` above `totalPoints` makes it global (every kept top goes).
      if (removed !== 0) {
        await announce(viewer.id, totalPoints, club ? { club } : { before: totalPoints + removed });
      }
      return { totalPoints, message: messages.bingo.gridCleared };
    },
  };
}
