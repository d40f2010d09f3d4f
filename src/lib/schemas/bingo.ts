import { z } from 'zod';
import { normalizeIsbn } from '../isbn';
import { LIVE_BOARDS } from '../live-events';
import { messages } from '../messages';
import { GridSummary } from './admin';

/** The book on a square, as its owner sees it. */
export const CellPlacement = z.object({
  bookIsbn: z.string(),
  bookTitle: z.string(),
  coverUrl: z.string(),
  isWildcard: z.boolean(),
  /** What placing it earned (SPEC.md section 9); a replacement keeps the square's points. */
  points: z.number().int(),
  /** Issue 11: the book met the square's rule (the card's quiet mark), did not, or unknown. */
  ruleMet: z.boolean().nullable().optional(),
});
export type CellPlacement = z.infer<typeof CellPlacement>;

export const BingoCell = z.object({
  id: z.string(),
  position: z.number().int(),
  challenge: z.string(),
  /** Issue 22: the challenge's short label, shown in the phone card's square. */
  label: z.string(),
  placement: CellPlacement.nullable(),
});
export type BingoCell = z.infer<typeof BingoCell>;

export const GridParams = z.object({ gridId: z.string().min(1).max(100) });

/** One grid with the viewer's own placements, their total points and the reset date. */
export const BingoCardResponse = z.object({
  grid: GridSummary,
  cells: z.array(BingoCell),
  points: z.number().int(),
  resetDate: z.string().nullable(),
});
export type BingoCardResponse = z.infer<typeof BingoCardResponse>;

const isbnField = z
  .string({ error: messages.bingo.invalidIsbn })
  .refine((isbn) => normalizeIsbn(isbn) !== null, { error: messages.bingo.invalidIsbn });

export const PlaceBookBody = z.object({
  cellId: z
    .string({ error: messages.generic.badRequest })
    .min(1, messages.generic.badRequest)
    .max(100, messages.generic.badRequest),
  isbn: isbnField,
  /**
   * Issue 26: the book the square held when the reader chose (null: empty), sent by a placement
   * made offline. When the square holds something else by now (filled from another device),
   * the placement is refused (409 SQUARE_CHANGED) instead of replacing that book.
   */
  replaces: z
    .string({ error: messages.generic.badRequest })
    .max(32, messages.generic.badRequest)
    .nullable()
    .optional(),
});
export type PlaceBookBody = z.infer<typeof PlaceBookBody>;

export const PlacedBook = CellPlacement.extend({
  cellId: z.string(),
  position: z.number().int(),
});
export type PlacedBook = z.infer<typeof PlacedBook>;

/**
 * What a placement did to its square, as the server decided it in its transaction (issue 22):
 * a book on an empty square, another book in place of the square's, or the square's own book
 * again (nothing changed). The page offers a review unless it is 'unchanged'; it never works
 * this out from its cached card, which the live update may already have refetched.
 */
export const PlacementOutcome = z.enum(['placed', 'replaced', 'unchanged']);
export type PlacementOutcome = z.infer<typeof PlacementOutcome>;

export const PlaceBookResponse = z.object({
  placement: PlacedBook,
  outcome: PlacementOutcome,
  pointsEarned: z.number().int(),
  totalPoints: z.number().int(),
  /** 'You earned N points!' or, for a replaced book, 'Book updated! (No points ...)'. */
  message: z.string(),
});
export type PlaceBookResponse = z.infer<typeof PlaceBookResponse>;

export const ResetGridResponse = z.object({
  totalPoints: z.number().int(),
  message: z.string(),
});
export type ResetGridResponse = z.infer<typeof ResetGridResponse>;

export const LeaderboardScope = z.enum(['friends', 'global']);
export type LeaderboardScope = z.infer<typeof LeaderboardScope>;

export const LeaderboardQuery = z.object({ scope: LeaderboardScope.default('global') });

export const LeaderboardEntry = z.object({
  rank: z.number().int(),
  userId: z.string(),
  username: z.string(),
  points: z.number().int(),
  isYou: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

export const LeaderboardResponse = z.object({ entries: z.array(LeaderboardEntry) });
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

// The live events' names live apart from zod (a page listens before it needs a schema).
export { LIVE_EVENT } from '../live-events';

/** GET /api/events?boards=…: a comma-separated list of LIVE_BOARDS, empty for none. */
export const LiveEventsQuery = z.object({
  boards: z
    .string()
    .max(100)
    .transform((list) => (list === '' ? [] : list.split(',')))
    .pipe(z.array(z.enum(LIVE_BOARDS)))
    .optional(),
});
export type LiveEventsQuery = z.infer<typeof LiveEventsQuery>;

export const PointsEvent = z.object({ totalPoints: z.number().int() });
export type PointsEvent = z.infer<typeof PointsEvent>;
