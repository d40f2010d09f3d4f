import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { LIVE_EVENT, liveEventsQuery, type LiveBoard } from '../../../../lib/live-events';
import { CARD_QUERY_ROOT, writeCachedPoints } from '../api/card-api';
import { LEADERBOARD_QUERY_ROOT } from '../api/leaderboard-api';

const EVENTS_URL = '/api/events';
export const NO_BOARDS: readonly LiveBoard[] = [];

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Where a page's parts say which boards they show (a useState setter: see BingoPage); the page
 * passes them to useLiveUpdates.
 */
export const ShowBoardsContext = createContext<(boards: readonly LiveBoard[]) => void>(() => {});

/**
 * While mounted, the page's live stream hears when `boards` change (a constant array: a new
 * one each render would reopen the stream each render).
 */
export function useShowBoards(boards: readonly LiveBoard[]) {
  const show = useContext(ShowBoardsContext);
  useEffect(() => {
    show(boards);
    return () => show(NO_BOARDS);
  }, [show, boards]);
}

/**
 * Listens to the server's live updates (GET /api/events, Server-Sent Events on the session
 * cookie) while `enabled`: a `points` event moves the points counter, a `leaderboard` event
 * refetches the open leaderboard. The stream names the `boards` the page shows, so it hears
 * `leaderboard` only when one of them changed (issue 27); a change of boards opens a new stream.
 *
 * What a stream hears is lost while none is open, so on opening it the boards are fetched again
 * (they may have changed since they were last fetched, unheard), and on reopening after a drop
 * (EventSource reconnects by itself) the card is too. The stream closes on unmount.
 */
export function useLiveUpdates(enabled: boolean, boards: readonly LiveBoard[] = NO_BOARDS): void {
  const queryClient = useQueryClient();
  const query = liveEventsQuery(boards);
  const showsBoards = boards.length > 0;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${EVENTS_URL}?${query}`);
    let reopening = false;

    const handleOpen = () => {
      if (reopening) void queryClient.invalidateQueries({ queryKey: CARD_QUERY_ROOT });
      if (showsBoards) void queryClient.invalidateQueries({ queryKey: LEADERBOARD_QUERY_ROOT });
      reopening = true;
    };
    const handlePoints = (event: MessageEvent) => {
      const data = parseJson(event.data);
      // The schema (and zod) load with the first event, not with the page (issue 9).
      void import('../../../../lib/schemas/bingo').then(({ PointsEvent }) => {
        const parsed = PointsEvent.safeParse(data);
        if (!parsed.success) return;
        // A total we did not know yet comes from another tab or device: its squares changed too.
        if (writeCachedPoints(queryClient, parsed.data.totalPoints)) {
          void queryClient.invalidateQueries({ queryKey: CARD_QUERY_ROOT });
        }
      });
    };
    const handleLeaderboard = () => {
      void queryClient.invalidateQueries({ queryKey: LEADERBOARD_QUERY_ROOT });
    };

    source.addEventListener('open', handleOpen);
    source.addEventListener(LIVE_EVENT.points, handlePoints);
    source.addEventListener(LIVE_EVENT.leaderboard, handleLeaderboard);
    return () => {
      source.removeEventListener('open', handleOpen);
      source.removeEventListener(LIVE_EVENT.points, handlePoints);
      source.removeEventListener(LIVE_EVENT.leaderboard, handleLeaderboard);
      source.close();
    };
  }, [enabled, query, showsBoards, queryClient]);
}
