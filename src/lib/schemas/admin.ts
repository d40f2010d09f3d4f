import { z } from 'zod';
import { ChallengeRule } from '../challenge-rules';
import { CELL_COUNT, CHALLENGE_LABEL_MAX } from '../limits';
import { messages } from '../messages';
import { text } from './text';

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
  /**
   * Issue 22: each challenge's short label for the phone card, by position. Blank, null or the
   * whole list missing: the server derives one from the text (deriveChallengeLabel).
   */
  labels: z
    .array(
      text({ tooLong: messages.admin.challengeLabelTooLong(CHALLENGE_LABEL_MAX) })
        .trim()
        .max(CHALLENGE_LABEL_MAX, messages.admin.challengeLabelTooLong(CHALLENGE_LABEL_MAX))
        .nullable(),
    )
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

export const GridListResponse = z.object({ grids: z.array(GridSummary) });
export type GridListResponse = z.infer<typeof GridListResponse>;

/** An admin vouching for a book only a reader's import knew (issue 8). */
export const ConfirmBookResponse = z.object({ message: z.string() });
export type ConfirmBookResponse = z.infer<typeof ConfirmBookResponse>;
