import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_EVENT } from '../../../../lib/live-events';
import { CARD_QUERY_ROOT, writeCachedPoints } from '../api/card-api';
import { LEADERBOARD_QUERY_ROOT } from '../api/leaderboard-api';

const EVENTS_URL = '/api/events';

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Listens to the server's live updates (GET /api/events, Server-Sent Events on the session
 * cookie) while `enabled`: a `points` event moves the points counter, a `leaderboard` event
 * refetches the open leaderboard. EventSource reconnects by itself; the stream closes on unmount.
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(EVENTS_URL);

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

    source.addEventListener(LIVE_EVENT.points, handlePoints);
    source.addEventListener(LIVE_EVENT.leaderboard, handleLeaderboard);
    return () => {
      source.removeEventListener(LIVE_EVENT.points, handlePoints);
      source.removeEventListener(LIVE_EVENT.leaderboard, handleLeaderboard);
      source.close();
    };
  }, [enabled, queryClient]);
}
