import { messages } from './messages';

export interface ExistingUse {
  /** Position of the square the book is on. */
  position: number;
  isWildcard: boolean;
}

export type PlacementDecision = { ok: true; isWildcard: boolean } | { ok: false; message: string };

/**
 * Decides whether a book may go on a square (SPEC.md sections 4 and 9): each book once
 * normally and once as the grid's single wildcard. `usesOfBook` are the user's other squares
 * on this grid holding the same book (the square being replaced is left out by the caller);
 * `wildcardTaken` is whether another square already holds the wildcard.
 */
export function decidePlacement(
  usesOfBook: readonly ExistingUse[],
  wildcardTaken: boolean,
): PlacementDecision {
  if (usesOfBook.length === 0) return { ok: true, isWildcard: false };
  if (usesOfBook.length >= 2) return { ok: false, message: messages.bingo.bookUsedTwice };
  // The book's one other use is the wildcard (its normal square was replaced): this is the normal use.
  if (usesOfBook[0]?.isWildcard) return { ok: true, isWildcard: false };
  if (wildcardTaken) return { ok: false, message: messages.bingo.wildcardUsed };
  return { ok: true, isWildcard: true };
}
