import {
  evaluateRule,
  parseStoredRule,
  type ChallengeRule,
  type ReaderFacts,
} from '../../../lib/challenge-rules';
import { normalizeIsbn } from '../../../lib/isbn';
import { MAX_BOOK_USES_PER_GRID } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import type {
  FitResponse,
  FittingBook,
  FittingBooksResponse,
  PlaceFittingBooksResponse,
  SquareSuggestions,
  Suggestion,
  SuggestionSource,
} from '../../../lib/schemas/suggestions';
import { computePlacementPoints } from '../../../lib/scoring';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { coverUrlOf } from '../books/books.mapper';
import { createGridsRepository } from '../grids/grids.repository';
import { createSuggestionsRepository, type CandidateBook } from './suggestions.repository';

/** Books offered per square. */
export const SUGGESTIONS_PER_SQUARE = 6;
/** Catalogue books read per rule before checking them. */
const CATALOGUE_CANDIDATES = 40;

/** Places a book as the bingo service does; given by the routes so this module stays small. */
export type PlaceBook = (
  viewer: Viewer,
  body: { cellId: string; isbn: string },
) => Promise<{ totalPoints: number }>;

interface CardState {
  cells: { id: string; position: number; challenge: string; rule: ChallengeRule | null }[];
  marked: Set<number>;
  /** Uses of each book on this grid: squares and whether one is the wildcard. */
  uses: Map<string, { cellIds: Set<string>; wildcard: boolean }>;
  wildcardTaken: boolean;
}

/**
 * Books that fit each square (issue 11): the reader's want-to-read first, then finished
 * books not yet placed, then the catalogue; each checked against the square's rule with the
 * reason a reader sees. Squares carry the points placing a book there earns now, so the
 * card can offer first the square that completes a line or the card.
 */
export function createSuggestionsService(deps: { database: DatabaseHandle; placeBook: PlaceBook }) {
  const { db, kind } = deps.database;
  const repo = createSuggestionsRepository(db, kind);
  const currentYear = () => new Date().getUTCFullYear();

  async function readCard(userId: string, gridId: string): Promise<CardState> {
    const [cells, placements] = await Promise.all([
      repo.listCells(gridId),
      repo.listPlacements(userId, gridId),
    ]);
    const uses = new Map<string, { cellIds: Set<string>; wildcard: boolean }>();
    for (const p of placements) {
      const use = uses.get(p.bookIsbn) ?? { cellIds: new Set<string>(), wildcard: false };
      use.cellIds.add(p.cellId);
      use.wildcard ||= p.isWildcard;
      uses.set(p.bookIsbn, use);
    }
    return {
      cells: cells.map((c) => ({ ...c, rule: parseStoredRule(c.rule) })),
      marked: new Set(placements.map((p) => p.position)),
      uses,
      wildcardTaken: placements.some((p) => p.isWildcard),
    };
  }

  /** Whether `isbn` may go on `cellId` now, and whether it would be the wildcard. */
  function placementOf(card: CardState, isbn: string, cellId: string) {
    const use = card.uses.get(isbn);
    if (!use) return { allowed: true, usesWildcard: false };
    if (use.cellIds.has(cellId)) return { allowed: false, usesWildcard: false };
    if (use.cellIds.size >= MAX_BOOK_USES_PER_GRID) return { allowed: false, usesWildcard: false };
    // Its one other use is the wildcard: this is the normal one; else this would be the wildcard.
    if (use.wildcard) return { allowed: true, usesWildcard: false };
    return { allowed: !card.wildcardTaken, usesWildcard: true };
  }

  async function suggestionsFor(
    viewer: Viewer,
    gridId: string,
    onlyCellId: string | undefined,
  ): Promise<SquareSuggestions[]> {
    const [card, reader, wantToRead, finished] = await Promise.all([
      readCard(viewer.id, gridId),
      repo.readerFacts(viewer.id),
      repo.wantToRead(viewer.id),
      repo.finished(viewer.id),
    ]);
    const year = currentYear();
    const cells = onlyCellId ? card.cells.filter((c) => c.id === onlyCellId) : card.cells;
    const squares: SquareSuggestions[] = [];
    for (const cell of cells) {
      const points = computePlacementPoints(card.marked, cell.position).total;
      const square: SquareSuggestions = {
        cellId: cell.id,
        position: cell.position,
        points,
        checkable: cell.rule !== null,
        suggestions: [],
        hint: cell.rule ? missingFactHint(cell.rule, reader) : null,
      };
      squares.push(square);
      const rule = cell.rule;
      if (!rule) continue;
      const seen = new Set<string>();
      const offer = (book: CandidateBook, source: SuggestionSource) => {
        if (square.suggestions.length >= SUGGESTIONS_PER_SQUARE || seen.has(book.isbn)) return;
        seen.add(book.isbn);
        // "Finished books not yet placed": a finished book already on the card is left out.
        if (source === 'finished' && card.uses.has(book.isbn)) return;
        const placement = placementOf(card, book.isbn, cell.id);
        if (!placement.allowed) return;
        const fit = evaluateRule(rule, book, reader, year);
        if (fit.status !== 'meets') return;
        square.suggestions.push(toSuggestion(book, source, fit.reason, placement.usesWildcard));
      };
      for (const book of wantToRead) offer(book, 'wantToRead');
      for (const book of finished) offer(book, 'finished');
      if (square.suggestions.length < SUGGESTIONS_PER_SQUARE) {
        const candidates = await repo.catalogueCandidates(
          rule,
          { currentYear: year, ...reader },
          CATALOGUE_CANDIDATES,
        );
        for (const book of candidates) offer(book, 'catalogue');
      }
    }
    return squares;
  }

  /** Finished books not on the card, one per empty checkable square, best squares first. */
  async function fittingBooks(viewer: Viewer, gridId: string): Promise<FittingBook[]> {
    const [card, reader, finished] = await Promise.all([
      readCard(viewer.id, gridId),
      repo.readerFacts(viewer.id),
      repo.finished(viewer.id),
    ]);
    const year = currentYear();
    const open = card.cells
      .filter((c) => c.rule !== null && !card.marked.has(c.position))
      .map((c) => ({ ...c, points: computePlacementPoints(card.marked, c.position).total }))
      .sort((a, b) => b.points - a.points || a.position - b.position);
    const unplaced = finished.filter((book) => !card.uses.has(book.isbn));
    const taken = new Set<string>();
    const books: FittingBook[] = [];
    for (const cell of open) {
      for (const book of unplaced) {
        if (taken.has(book.isbn)) continue;
        const fit = evaluateRule(cell.rule!, book, reader, year);
        if (fit.status !== 'meets') continue;
        taken.add(book.isbn);
        books.push({
          cellId: cell.id,
          position: cell.position,
          challenge: cell.challenge,
          isbn: book.isbn,
          title: book.title,
          reason: fit.reason,
          points: cell.points,
        });
        break;
      }
    }
    return books;
  }

  /** A club card is not there for anyone outside its club (decision 016). */
  async function requireVisible(viewer: Viewer, gridId: string): Promise<void> {
    if (await createGridsRepository(db).isHiddenClubCard(gridId, viewer.id)) {
      throw notFound(messages.bingo.gridNotFound);
    }
  }

  async function currentGridId(): Promise<string> {
    const id = await createGridsRepository(db).findCurrentId();
    if (!id) throw notFound(messages.bingo.gridNotFound);
    return id;
  }

  return {
    /** Suggestions for every square of a grid, or for one (`cellId`). */
    async suggestions(viewer: Viewer, gridId: string, cellId?: string) {
      await requireVisible(viewer, gridId);
      if (cellId) {
        const cell = await repo.findCell(cellId);
        if (!cell || cell.gridId !== gridId) throw notFound(messages.bingo.gridNotFound);
      }
      return { squares: await suggestionsFor(viewer, gridId, cellId) };
    },

    /** Suggestions for one square, found by its id (the search sheet knows only its square). */
    async suggestionsForCell(viewer: Viewer, cellId: string) {
      const cell = await repo.findCell(cellId);
      if (!cell) throw notFound(messages.bingo.gridNotFound);
      await requireVisible(viewer, cell.gridId);
      return { squares: await suggestionsFor(viewer, cell.gridId, cellId) };
    },

    /** Whether a book meets a square's rule, with the reason or the warning (issue 11). */
    async fit(viewer: Viewer, cellId: string, isbnText: string): Promise<FitResponse> {
      const isbn = normalizeIsbn(isbnText);
      if (!isbn) throw badRequest(messages.bingo.invalidIsbn, 'INVALID_ISBN');
      const cell = await repo.findCell(cellId);
      if (!cell) throw notFound(messages.bingo.gridNotFound);
      await requireVisible(viewer, cell.gridId);
      const rule = parseStoredRule(cell.rule);
      if (!rule) return { status: 'none', reason: null };
      const book = await repo.findBook(isbn);
      if (!book) throw notFound(messages.book.notFound);
      const reader = await repo.readerFacts(viewer.id);
      return evaluateRule(rule, book, reader, currentYear());
    },

    /** "N of your books fit squares on your card" for the current grid. */
    async fittingBooks(viewer: Viewer): Promise<FittingBooksResponse> {
      const books = await fittingBooks(viewer, await currentGridId());
      return { books, message: books.length > 0 ? messages.fit.booksFit(books.length) : null };
    },

    /** Places every fitting finished book in one step; nothing is placed without this ask. */
    async placeFittingBooks(viewer: Viewer): Promise<PlaceFittingBooksResponse> {
      const books = await fittingBooks(viewer, await currentGridId());
      let totalPoints: number | null = null;
      for (const book of books) {
        const placed = await deps.placeBook(viewer, { cellId: book.cellId, isbn: book.isbn });
        totalPoints = placed.totalPoints;
      }
      return {
        placed: books.length,
        totalPoints: totalPoints ?? (await repo.readPoints(viewer.id)),
        message: messages.fit.placedThem(books.length),
      };
    },
  };
}

/** The fact of the reader's a rule reads and they have not set, as the square's hint (issue 12). */
function missingFactHint(rule: ChallengeRule, reader: ReaderFacts): string | null {
  if (rule.kind === 'birth-year' && reader.birthYear === null) return messages.fit.needBirthYear;
  if (rule.kind === 'author-first-name' && (reader.firstName ?? '').trim() === '') {
    return messages.fit.needFirstName;
  }
  return null;
}

function toSuggestion(
  book: CandidateBook,
  source: SuggestionSource,
  reason: string,
  usesWildcard: boolean,
): Suggestion {
  return {
    isbn: book.isbn,
    title: book.title,
    authors: book.authors,
    coverUrl: coverUrlOf(book),
    source,
    reason,
    usesWildcard,
  };
}

/**
 * Whether a book placed on a square met its rule, as the placement records it: 1, 0, or null
 * (free text, or a fact unknown). Runs on the placing transaction; never refuses (issue 11).
 */
export async function ruleMetOfPlacement(
  db: Kysely<Database>,
  kind: DatabaseKind,
  placement: { userId: string; cellId: string; isbn: string },
): Promise<number | null> {
  const repo = createSuggestionsRepository(db, kind);
  const cell = await repo.findCell(placement.cellId);
  const rule = parseStoredRule(cell?.rule);
  if (!rule) return null;
  const [book, reader] = await Promise.all([
    repo.findBook(placement.isbn),
    repo.readerFacts(placement.userId),
  ]);
  if (!book) return null;
  const fit = evaluateRule(rule, book, reader, new Date().getUTCFullYear());
  return fit.status === 'meets' ? 1 : fit.status === 'fails' ? 0 : null;
}
