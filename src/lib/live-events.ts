/**
 * Server-Sent Events on GET /api/events: `points` carries the viewer's new total; `leaderboard`
 * says a board the page shows changed, so it refetches. Apart from the event schemas
 * (schemas/bingo.ts), so a page can listen without loading zod (issue 9).
 */
export const LIVE_EVENT = { points: 'points', leaderboard: 'leaderboard' } as const;

/**
 * The boards a page shows, named when it opens its stream (`?boards=friends,global`, issue 27):
 * a stream hears `leaderboard` only when one of its boards changed. `club` is the club card's
 * board. A stream opened without the parameter (a page from before it) hears every board's.
 */
export const LIVE_BOARDS = ['friends', 'global', 'club'] as const;
export type LiveBoard = (typeof LIVE_BOARDS)[number];

/** The query of a stream showing `boards` (none: its points alone). */
export function liveEventsQuery(boards: readonly LiveBoard[]): string {
  return `boards=${boards.join(',')}`;
}
