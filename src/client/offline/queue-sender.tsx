import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messages } from '../../lib/messages';
import type { BingoCardResponse } from '../../lib/schemas/bingo';
import { notifyError, notifySuccessInGroup } from '../app/notify';
import {
  CARD_QUERY_ROOT,
  cardQueryKey,
  writeCachedClubPoints,
  writeCachedPlacement,
  writeCachedPoints,
} from '../features/bingo/api/card-api';
import { LEADERBOARD_QUERY_ROOT } from '../features/bingo/api/leaderboard-api';
import { bookToastGroup } from '../features/bingo/book-toast-group';
import { ME_QUERY_KEY } from '../services/session-api';
import { OWN_PROFILE_KEY, POSTS_KEY } from '../services/query-keys';
import { retryDelay, sendQueue, waitingOf, type SendHandlers } from './placement-queue';
import { useOnline } from './use-online';
import { usePlacementQueue } from './use-placement-queue';

/** What the card, the counter and the toasts do as each waiting placement is answered. */
function handlersFor(queryClient: QueryClient): SendHandlers {
  return {
    onPlaced: (item, answer) => {
      const placed = answer.placement;
      writeCachedPlacement(queryClient, item.gridId, placed.cellId, {
        bookIsbn: placed.bookIsbn,
        bookTitle: placed.bookTitle,
        coverUrl: placed.coverUrl,
        isWildcard: placed.isWildcard,
        points: placed.points,
        ruleMet: placed.ruleMet ?? null,
      });
      const card = queryClient.getQueryData<BingoCardResponse>(cardQueryKey(item.gridId));
      if (card?.grid.club)
        writeCachedClubPoints(queryClient, card.grid.club.id, answer.totalPoints);
      else writeCachedPoints(queryClient, answer.totalPoints);
      notifySuccessInGroup(bookToastGroup(placed.bookIsbn), answer.message);
    },
    onReviewPosted: (item, answer) => {
      notifySuccessInGroup(bookToastGroup(item.book.isbn), answer.message);
    },
    onRefused: (_item, message) => notifyError(messages.offlineQueue.refused(message)),
    onReviewRefused: (_item, message) => notifyError(message),
  };
}

/**
 * Sends the signed-in reader's waiting placements (issue 26) when the browser is online: at
 * start-up, when the network comes back, and again after a send that stopped (no network after
 * all, the server failing): 5 s later, then waits doubling to 5 minutes (retryDelay). Mounted in
 * the root layout for a signed-in reader, loaded lazily (never on /login).
 */
export default function QueueSender({ readerId }: { readerId: string }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const hasWaiting = waitingOf(usePlacementQueue(readerId)).length > 0;

  useEffect(() => {
    if (!online || !hasWaiting) return;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const send = () =>
      void sendQueue(readerId, handlersFor(queryClient)).then((result) => {
        if (result.placed + result.refused > 0) {
          // The server has the last word: the cards, the profile, the feed and the board again.
          for (const queryKey of [
            CARD_QUERY_ROOT,
            OWN_PROFILE_KEY,
            POSTS_KEY,
            LEADERBOARD_QUERY_ROOT,
            ME_QUERY_KEY,
            ['bingo', 'suggestions'],
            ['bingo', 'fitting-books'],
          ]) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }
        if (!active || !result.stopped) return;
        // Whatever is left waits: try again later, waiting longer after each failure in a row.
        failures += 1;
        timer = setTimeout(send, retryDelay(failures));
      });
    send();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [online, hasWaiting, readerId, queryClient]);

  return null;
}
