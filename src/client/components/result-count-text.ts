import { messages } from '../../lib/messages';

/** The words a polite live region says once a book search has answered. */
export function resultCountText(count: number): string {
  if (count === 0) return messages.bingo.noBooksFound;
  return messages.bingo.booksFound(count);
}
