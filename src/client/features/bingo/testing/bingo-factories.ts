/** Test data for the bingo feature, in the API's shapes (src/lib/schemas). */
import { DEFAULT_CHALLENGE_LABELS, DEFAULT_CHALLENGES } from '../../../../lib/challenges';
import type { GridSummary } from '../../../../lib/schemas/admin';
import type {
  BingoCardResponse,
  CellPlacement,
  LeaderboardEntry,
} from '../../../../lib/schemas/bingo';
import type { BookSummary } from '../../../../lib/schemas/books';

let sequence = 0;

export function buildGrid(overrides: Partial<GridSummary> = {}): GridSummary {
  sequence += 1;
  return {
    id: `grid-${sequence}`,
    title: 'May Reading Challenge',
    createdAt: '2025-05-01T09:00:00.000Z',
    isCurrent: true,
    ...overrides,
  };
}

export function buildBook(overrides: Partial<BookSummary> = {}): BookSummary {
  sequence += 1;
  const isbn = `97800000000${String(sequence).padStart(2, '0')}`;
  return {
    isbn,
    title: `Book ${sequence}`,
    authors: 'Some Author',
    genre: 'Fiction',
    publishedDate: '1990',
    coverUrl: `/api/books/${isbn}/cover.svg`,
    ...overrides,
  };
}

export function buildPlacement(overrides: Partial<CellPlacement> = {}): CellPlacement {
  return {
    bookIsbn: '9780441013593',
    bookTitle: 'Dune',
    coverUrl: '/api/books/9780441013593/cover.svg',
    isWildcard: false,
    points: 10,
    ...overrides,
  };
}

/** The cell id of a square, by position 0-15. */
export const cellId = (position: number) => `cell-${position}`;

/** A card on the default challenges; `placements` puts books on squares by position. */
export function buildCard(
  options: {
    grid?: GridSummary;
    placements?: Record<number, CellPlacement>;
    points?: number;
    resetDate?: string | null;
  } = {},
): BingoCardResponse {
  const grid = options.grid ?? buildGrid();
  return {
    grid,
    cells: DEFAULT_CHALLENGES.map((challenge, position) => ({
      id: cellId(position),
      position,
      challenge,
      label: DEFAULT_CHALLENGE_LABELS[position]!,
      placement: options.placements?.[position] ?? null,
    })),
    points: options.points ?? 0,
    resetDate: options.resetDate ?? null,
  };
}

export function buildEntry(overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  sequence += 1;
  return {
    rank: 1,
    userId: `user-${sequence}`,
    username: `reader${sequence}`,
    points: 0,
    isYou: false,
    ...overrides,
  };
}
