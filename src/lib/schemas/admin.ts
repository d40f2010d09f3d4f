import { z } from 'zod';
import { ChallengeRule } from '../challenge-rules';
import { CELL_COUNT } from '../limits';
import { messages } from '../messages';

const CHALLENGE_MAX = 200;
const TITLE_MAX = 100;

export const SetResetDateBody = z.object({
  date: z
    .string({ error: messages.admin.resetDateRequired })
    .trim()
    .min(1, messages.admin.resetDateRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The reset date must be a date like 2026-12-31.'),
});
export type SetResetDateBody = z.infer<typeof SetResetDateBody>;

export const ResetDateResponse = z.object({ resetDate: z.string().nullable() });
export type ResetDateResponse = z.infer<typeof ResetDateResponse>;

export const SetResetDateResponse = ResetDateResponse.extend({ message: z.string() });

export const CreateGridBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'The grid needs a title.')
    .max(TITLE_MAX, `The title must be at most ${TITLE_MAX} characters.`),
  challenges: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Every challenge needs some text.')
        .max(CHALLENGE_MAX, `A challenge must be at most ${CHALLENGE_MAX} characters.`),
    )
    .length(CELL_COUNT, `A grid has exactly ${CELL_COUNT} challenges.`),
  /** Issue 11: a checkable rule beside each challenge's text, null where it is free text. */
  rules: z
    .array(ChallengeRule.nullable())
    .length(CELL_COUNT, `A grid has exactly ${CELL_COUNT} challenges.`)
    .optional(),
});
export type CreateGridBody = z.infer<typeof CreateGridBody>;

export const GridSummary = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  isCurrent: z.boolean(),
  /** Issue 12: the club whose card this is; absent or null for the shared card. */
  club: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /** Issue 12: a club card's own reset date (YYYY-MM-DD); the shared card's is a setting. */
  resetDate: z.string().nullable().optional(),
});
export type GridSummary = z.infer<typeof GridSummary>;

export const CreateGridResponse = z.object({
  grid: GridSummary,
  message: z.string(),
});

/** Issue 22: where one scope's older cards go on: the shared card's (clubId null) or a club's. */
export const PastGridsLink = z.object({ clubId: z.string().nullable(), cursor: z.string() });
export type PastGridsLink = z.infer<typeof PastGridsLink>;

export const GridListResponse = z.object({
  grids: z.array(GridSummary),
  /**
   * Issue 22: each scope lists its newest GRIDS_LISTED_PER_SCOPE cards; one entry per scope
   * with older ones, for GET /api/grids/past. Absent or empty when there are none.
   */
  more: z.array(PastGridsLink).optional(),
});
export type GridListResponse = z.infer<typeof GridListResponse>;

/** Issue 22: a page of a scope's older cards: the shared card's without `club`. */
export const PastGridsQuery = z.object({
  club: z.string().trim().min(1).max(100).optional(),
  cursor: z.string().min(1).max(500),
});
export type PastGridsQuery = z.infer<typeof PastGridsQuery>;

export const PastGridsResponse = z.object({
  grids: z.array(GridSummary),
  /** Where the next page starts; null when this was the last. */
  cursor: z.string().nullable(),
});
export type PastGridsResponse = z.infer<typeof PastGridsResponse>;

/** An admin vouching for a book only a reader's import knew (issue 8). */
export const ConfirmBookResponse = z.object({ message: z.string() });
export type ConfirmBookResponse = z.infer<typeof ConfirmBookResponse>;
