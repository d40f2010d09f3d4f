/**
 * Server-Sent Events on GET /api/events: `points` carries the viewer's new total; `leaderboard`
 * says some score changed, so open leaderboards refetch. Apart from the event schemas
 * (schemas/bingo.ts), so a page can listen without loading zod (issue 9).
 */
export const LIVE_EVENT = { points: 'points', leaderboard: 'leaderboard' } as const;
