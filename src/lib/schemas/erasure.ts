import { z } from 'zod';
import { auditReason } from './moderation';
import { text } from './text';

/** Issue 23: erasing an account, by its reader or by an admin. */

/** What becomes of one club the reader owns when they erase their account. */
export const ClubHandOver = z.object({
  clubId: z.string(),
  name: z.string(),
  /** transferred: to `newOwnerName` (a co-owner, else the longest-standing member); deleted: nobody is left. */
  outcome: z.enum(['transferred', 'deleted']),
  newOwnerName: z.string().nullable(),
});
export type ClubHandOver = z.infer<typeof ClubHandOver>;

/** GET /api/me/erasure: what erasing the account will do, shown before the reader confirms. */
export const ErasurePreviewResponse = z.object({
  clubs: z.array(ClubHandOver),
  /** A guest has no password to confirm with. */
  passwordRequired: z.boolean(),
});
export type ErasurePreviewResponse = z.infer<typeof ErasurePreviewResponse>;

/** POST /api/me/erase: the reader's own erasure; the password asked again (not for a guest). */
export const EraseMeBody = z.object({
  password: text({ max: 200 }).optional(),
});
export type EraseMeBody = z.infer<typeof EraseMeBody>;

/** POST /api/admin/users/:userId/erase: an admin's erasure, with the reason the log keeps. */
export const AdminEraseBody = z.object({
  reason: auditReason,
});
export type AdminEraseBody = z.infer<typeof AdminEraseBody>;

/** POST /api/me/erase: the account is gone and the session cookie cleared. */
export const ErasedResponse = z.object({ message: z.string() });
export type ErasedResponse = z.infer<typeof ErasedResponse>;
