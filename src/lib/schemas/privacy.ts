import { z } from 'zod';
import { messages } from '../messages';
import { text } from './text';

/**
 * Who sees a reader's profile, shelves, stats and want-to-read, and their name on leaderboards
 * and posts (issue 12, decision 014). 'everyone' is the default, as before.
 */
export const PROFILE_VISIBILITIES = ['everyone', 'friends', 'only_me'] as const;
export const ProfileVisibility = z.enum(PROFILE_VISIBILITIES, {
  error: messages.privacy.visibilityInvalid,
});
export type ProfileVisibility = z.infer<typeof ProfileVisibility>;

export const BlockParams = z.object({ userId: text({ max: 100 }).min(1) });

/**
 * A reader on the owner's blocked list, named as the owner would see them without their own
 * block: 'A reader' when the visibility leaves the owner out (decision 014, addendum).
 */
export const BlockedReader = z.object({
  id: z.string(),
  username: z.string(),
  blockedAt: z.string(),
});
export type BlockedReader = z.infer<typeof BlockedReader>;

/** The owner's blocked readers, latest first. */
export const BlockedListResponse = z.object({ blocked: z.array(BlockedReader) });
export type BlockedListResponse = z.infer<typeof BlockedListResponse>;
