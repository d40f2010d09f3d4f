import { CELL_COUNT } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import {
  POPULAR_BOOKS_PER_SQUARE,
  SEASON_BOOKS_PER_SQUARE,
  SEASON_TOP_AUTHORS,
  type PopularBook,
  type PopularBooksResponse,
  type SeasonStatsResponse,
} from '../../../lib/schemas/season';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { coverUrlOf } from '../books/books.mapper';
import { resetDateOpen } from '../clubs/club-cards';
import { createSeasonRepository, type PopularRow } from './season.repository';

/** A running card's answer is kept this long: live, but one count serves a crowd. */
export const LIVE_SEASON_TTL_MS = 10_000;
/** Cards' answers kept per instance (each a few KB): the oldest asked goes first. */
const KEPT_ENDED = 200;

function toPopular(row: PopularRow): PopularBook {
  return {
    isbn: row.isbn,
    title: row.title,
    authors: row.authors,
    coverUrl: coverUrlOf(row),
    readers: Number(row.readers),
  };
}

/**
 * Issue 25 (decision 029): what others read for a square, and a card's season statistics, for
 * signed-in readers (guests are refused by the routes): the shared card to all, a club card to
 * its members only (404 to others, as the card itself). A running card's statistics are kept
 * LIVE_SEASON_TTL_MS, an ended card's for good (its figures are final).
 */
export function createSeasonService(
  database: DatabaseHandle,
  options: { now?: () => number; liveTtlMs?: number } = {},
) {
  const now = options.now ?? Date.now;
  const liveTtlMs = options.liveTtlMs ?? LIVE_SEASON_TTL_MS;
  const repo = createSeasonRepository(database.db);
  const kept = new Map<string, { until: number; answer: Promise<SeasonStatsResponse> }>();

  async function visibleGrid(viewer: Viewer, gridId: string) {
    const grid = await repo.grid(gridId);
    if (!grid) throw notFound(messages.seasonStats.notFound);
    if (grid.clubId !== null && !(await repo.isMember(grid.clubId, viewer.id))) {
      throw notFound(messages.seasonStats.notFound);
    }
    return grid;
  }

  type Grid = NonNullable<Awaited<ReturnType<typeof repo.grid>>>;

  async function count(grid: Grid): Promise<SeasonStatsResponse> {
    const at = now();
    const [cells, newest] = await Promise.all([
      repo.cells(grid.id),
      repo.newestOfScope(grid.clubId),
    ]);
    const cellIds = cells.map((c) => c.id);
    let totals: { participants: number; squares: number; withLine: number; full: number };
    let readersOf: (cellId: string, position: number) => number;
    if (grid.clubId === null) {
      const [shared, perSquare] = await Promise.all([
        repo.sharedTotals(grid.id),
        repo.sharedSquares(grid.id),
      ]);
      totals = shared;
      readersOf = (cellId) => perSquare.get(cellId) ?? 0;
    } else {
      // A club card: its current members only (a member who left counts no more).
      const rows = await repo.memberRows(grid.id, grid.clubId);
      const perPosition = Array.from({ length: CELL_COUNT }, () => 0);
      totals = { participants: rows.length, squares: 0, withLine: 0, full: 0 };
      for (const row of rows) {
        totals.squares += Number(row.squares);
        if (Number(row.lines) > 0) totals.withLine += 1;
        if (Number(row.mask) === (1 << CELL_COUNT) - 1) totals.full += 1;
        for (let p = 0; p < CELL_COUNT; p += 1)
          if (Number(row.mask) & (1 << p)) perPosition[p]! += 1;
      }
      readersOf = (_cellId, position) => perPosition[position] ?? 0;
    }
    const [books, distinctBooks, authors] = await Promise.all([
      Promise.all(cellIds.map((id) => repo.popular(id, SEASON_BOOKS_PER_SQUARE))),
      repo.distinctBooks(cellIds),
      repo.authors(cellIds, SEASON_TOP_AUTHORS),
    ]);
    const squares = cells.map((cell, i) => ({
      position: cell.position,
      challenge: cell.challenge,
      label: cell.label,
      readers: readersOf(cell.id, cell.position),
      books: books[i]!.map(toPopular),
    }));
    const counts = squares.map((s) => s.readers);
    const fewest = Math.min(...counts);
    const most = Math.max(...counts);
    const anyone = totals.participants > 0;
    return {
      grid: {
        id: grid.id,
        title: grid.title,
        createdAt: toIso(grid.createdAt),
        club: grid.clubId === null ? null : { id: grid.clubId, name: grid.clubName ?? '' },
        isCurrent: newest === grid.id && resetDateOpen(grid.resetDate),
      },
      generatedAt: new Date(at).toISOString(),
      participants: totals.participants,
      readersWithLine: totals.withLine,
      fullCards: totals.full,
      distinctBooks,
      averageSquares: anyone ? Math.round((totals.squares / totals.participants) * 10) / 10 : 0,
      squares,
      hardest: anyone ? squares.filter((s) => s.readers === fewest).map((s) => s.position) : [],
      easiest: anyone ? squares.filter((s) => s.readers === most).map((s) => s.position) : [],
      authors,
    };
  }

  return {
    /** The books others placed on this square, most used first (k-anonymous). */
    async popular(viewer: Viewer, cellId: string): Promise<PopularBooksResponse> {
      const cell = await repo.cell(cellId);
      if (!cell) throw notFound(messages.popularBooks.notFound);
      if (cell.clubId !== null && !(await repo.isMember(cell.clubId, viewer.id))) {
        throw notFound(messages.popularBooks.notFound);
      }
      const rows = await repo.popular(cell.id, POPULAR_BOOKS_PER_SQUARE);
      return { cellId: cell.id, books: rows.map(toPopular) };
    },

    /** A card's season statistics: kept while live for a few seconds, once ended for good. */
    async seasonStats(viewer: Viewer, gridId: string): Promise<SeasonStatsResponse> {
      const grid = await visibleGrid(viewer, gridId);
      const at = now();
      const hit = kept.get(grid.id);
      if (hit && hit.until > at) {
        // Asked again: the newest in the map, so the oldest asked leaves first.
        kept.delete(grid.id);
        kept.set(grid.id, hit);
        return hit.answer;
      }
      const answer = count(grid);
      kept.set(grid.id, { until: at + liveTtlMs, answer });
      while (kept.size > KEPT_ENDED) kept.delete(kept.keys().next().value!);
      try {
        const done = await answer;
        if (!done.grid.isCurrent) {
          kept.set(grid.id, { until: Number.POSITIVE_INFINITY, answer });
        }
        return done;
      } catch (error) {
        kept.delete(grid.id);
        throw error;
      }
    },
  };
}

export type SeasonService = ReturnType<typeof createSeasonService>;
