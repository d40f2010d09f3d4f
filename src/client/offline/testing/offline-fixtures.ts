import { messages } from '../../../lib/messages';
import type { RecordedRequest } from '../../test-utils/mock-api';

/** A book on the reader's want-to-read list, so the offline place sheet knows it. */
export const EMMA = {
  isbn: '9780141439587',
  title: 'Emma',
  author: 'Jane Austen',
  coverUrl: '/covers/emma.svg',
  addedAt: '2025-06-01T09:00:00.000Z',
};

/** The server's answer to a queued placement of Emma: placed, 10 points, 50 in all. */
export function placedEmma(request: RecordedRequest) {
  const body = request.body as { cellId: string; isbn: string };
  return {
    body: {
      placement: {
        cellId: body.cellId,
        position: 1,
        bookIsbn: body.isbn,
        bookTitle: 'Emma',
        coverUrl: EMMA.coverUrl,
        isWildcard: false,
        points: 10,
        ruleMet: null,
      },
      outcome: 'placed',
      pointsEarned: 10,
      totalPoints: 50,
      message: messages.bingo.earnedPoints(10),
    },
  };
}
