import { z } from 'zod';
import { text } from './text';

/**
 * Issue 24: a season's dashboard, for the organisers of one card (the shared card's admins, a
 * club card's owners and co-owners). Every figure is counted by the database (group by), never
 * by a loop over readers; decision 023 says whose names the top readers show.
 */
export const DashboardParams = z.object({ gridId: text({ max: 100 }).trim().min(1) });

/** Width of the points histogram's buckets: 0-49, 50-99, ... (a full card is 760 points). */
export const DASHBOARD_POINTS_BUCKET = 50;
/** "This week": the seven days before the answer was made. */
export const DASHBOARD_WEEK_DAYS = 7;

export const DashboardSquare = z.object({
  position: z.number().int().min(0).max(15),
  challenge: z.string(),
  label: z.string(),
  /** Readers with a book on the square (one book per square per reader). */
  readers: z.number().int(),
  /** Whether the square carries a rule the server can check (decision 013). */
  hasRule: z.boolean(),
  /** Placements on the square whose book met its rule. */
  ruleMet: z.number().int(),
  /** ruleMet / readers; null when the square has no rule or nobody filled it. */
  ruleMetShare: z.number().min(0).max(1).nullable(),
  /** The least-filled square(s) of the card, once anybody has placed a book. */
  hardest: z.boolean(),
});
export type DashboardSquare = z.infer<typeof DashboardSquare>;

export const DashboardPointsBucket = z.object({
  /** Points from (inclusive) to (inclusive). */
  from: z.number().int(),
  to: z.number().int(),
  readers: z.number().int(),
});
export type DashboardPointsBucket = z.infer<typeof DashboardPointsBucket>;

export const DashboardDay = z.object({
  /** YYYY-MM-DD, UTC. */
  date: z.string(),
  placements: z.number().int(),
});
export type DashboardDay = z.infer<typeof DashboardDay>;

export const DashboardReader = z.object({
  rank: z.number().int(),
  userId: z.string(),
  /** As the leaderboard names them to this viewer: 'A reader' when hidden (decision 023). */
  username: z.string(),
  points: z.number().int(),
  isYou: z.boolean(),
});
export type DashboardReader = z.infer<typeof DashboardReader>;

export const DashboardResponse = z.object({
  grid: z.object({
    id: z.string(),
    title: z.string(),
    createdAt: z.string(),
    club: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  /** When the figures were counted, and the start of "this week" (seven days before). */
  generatedAt: z.string(),
  weekStart: z.string(),
  /** Readers with at least one book on the card. */
  participants: z.number().int(),
  /** Readers who placed or changed a book in the last seven days. */
  activeThisWeek: z.number().int(),
  /** Readers whose first book on the card is from the last seven days. */
  newThisWeek: z.number().int(),
  /** Squares in card order (position 0-15). */
  squares: z.array(DashboardSquare),
  /** Rows, columns and diagonals completed, summed over readers. */
  linesCompleted: z.number().int(),
  /** Readers with at least one line. */
  readersWithLine: z.number().int(),
  /** Readers who filled all sixteen squares. */
  fullCards: z.number().int(),
  /** Readers by the points this card earned them, DASHBOARD_POINTS_BUCKET wide, from 0. */
  pointsHistogram: z.array(DashboardPointsBucket),
  /** Books placed per day (UTC), days with none left out. */
  placementsPerDay: z.array(DashboardDay),
  /** The card's top readers by its points, ranked as the leaderboard ranks (1, 1, 3). */
  topReaders: z.array(DashboardReader),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
