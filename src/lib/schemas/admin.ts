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

/** Issue 23: the admin's readers page. */
export const AdminUsersQuery = z.object({
  /** Part of a name, username or email; empty lists everyone, newest first. */
  q: text({ max: 100 }).trim().optional(),
  /** The last reader's id of the previous page. */
  cursor: text({ max: 100 }).trim().min(1).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUserStatus = z.enum(['active', 'locked', 'suspended']);
export type AdminUserStatus = z.infer<typeof AdminUserStatus>;

export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  /** Null for a guest. */
  email: z.string().nullable(),
  role: z.enum(['guest', 'user', 'admin']),
  status: AdminUserStatus,
  /** When a sign-in lock or a suspension ends; null: none, or a suspension for good. */
  statusUntil: z.string().nullable(),
  joinedAt: z.string(),
  lastSignIn: z.string().nullable(),
  points: z.number(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersResponse = z.object({
  users: z.array(AdminUser),
  nextCursor: z.string().nullable(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const UserParams = z.object({ userId: text({ max: 100 }).trim().min(1) });

/** A reason the audit log keeps beside an action; optional where the action says enough. */
const reason = text({ max: 500 }).trim();

export const SetRoleBody = z.object({
  role: z.enum(['user', 'admin'], { error: 'The role must be user or admin.' }),
  reason: reason.optional(),
});
export type SetRoleBody = z.infer<typeof SetRoleBody>;

export const AdminActionResponse = z.object({ message: z.string() });
export type AdminActionResponse = z.infer<typeof AdminActionResponse>;

/** Books only a reader's import knows, waiting for an admin (decision 008). */
export const UnconfirmedBook = z.object({
  isbn: z.string(),
  title: z.string(),
  authors: z.string(),
  coverUrl: z.string().nullable(),
  /** Readers who have it on a list. */
  readers: z.number(),
  addedAt: z.string(),
});
export type UnconfirmedBook = z.infer<typeof UnconfirmedBook>;

export const UnconfirmedBooksResponse = z.object({
  books: z.array(UnconfirmedBook),
  nextCursor: z.string().nullable(),
});
export type UnconfirmedBooksResponse = z.infer<typeof UnconfirmedBooksResponse>;

export const UnconfirmedBooksQuery = z.object({
  cursor: text({ max: 20 }).trim().min(1).optional(),
});

export const CellParams = z.object({
  gridId: text({ max: 100 }).trim().min(1),
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(CELL_COUNT - 1),
});

/** Correcting one square while nobody has placed a book on it (issue 23). */
export const EditCellBody = z.object({
  challenge: z
    .string()
    .trim()
    .min(1, 'Every challenge needs some text.')
    .max(CHALLENGE_MAX, `A challenge must be at most ${CHALLENGE_MAX} characters.`),
  rule: ChallengeRule.nullable().optional(),
  /** The square's short label (issue 22); blank or missing: derived from the new text. */
  label: text({ tooLong: messages.admin.challengeLabelTooLong(CHALLENGE_LABEL_MAX) })
    .trim()
    .max(CHALLENGE_LABEL_MAX, messages.admin.challengeLabelTooLong(CHALLENGE_LABEL_MAX))
    .nullable()
    .optional(),
  reason: reason.optional(),
});
export type EditCellBody = z.infer<typeof EditCellBody>;

export const GridParams = z.object({ gridId: text({ max: 100 }).trim().min(1) });

export const EndGridBody = z.object({
  reason: reason.min(1, messages.admin.reasonRequired),
});
export type EndGridBody = z.infer<typeof EndGridBody>;
