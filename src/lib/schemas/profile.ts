import { z } from 'zod';
import { AVATAR_IDS } from '../avatars';
import { BIO_MAX, BIRTH_YEAR_MIN, FIRST_NAME_MAX } from '../limits';
import { messages } from '../messages';
import { isValidUsername } from '../username';
import { FriendBook, WantToReadBook } from './library';
import { ProfileVisibility } from './privacy';
import { text } from './text';

export const AvatarId = z.enum(AVATAR_IDS, { error: messages.profile.avatarInvalid });

/** What any signed-in reader may see of another (the friend profile, SPEC.md section 2). */
export const PublicProfile = z.object({
  id: z.string(),
  /** The username as typed, else the account name, else 'User'. */
  username: z.string(),
  /** Plain text; null shows 'No bio available'. */
  bio: z.string().nullable(),
  /** One of the four presets, or null for the generated placeholder. */
  avatar: AvatarId.nullable(),
  points: z.number().int(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/** The reader's own profile card. */
export const Profile = PublicProfile.extend({
  name: z.string(),
  /** Private (issue 11): read only by the squares' rules, never shown to other readers. */
  birthYear: z.number().int().nullable(),
  firstName: z.string().nullable(),
  /** Issue 12: who sees this profile (decision 014). */
  visibility: ProfileVisibility,
});
export type Profile = z.infer<typeof Profile>;

/** The Stats tab (SPEC.md section 2); lastReadAt null reads 'Never'. */
export const ReadingStats = z.object({
  booksRead: z.number().int(),
  /** Consecutive ISO weeks with a finished book, ending with the latest one (SPEC.md section 9). */
  readingStreakWeeks: z.number().int(),
  lastReadAt: z.string().nullable(),
});
export type ReadingStats = z.infer<typeof ReadingStats>;

export const ProfileCounts = z.object({
  wantToRead: z.number().int(),
  friends: z.number().int(),
  /** Requests waiting for this reader's Accept or Reject. */
  pendingRequests: z.number().int(),
});
export type ProfileCounts = z.infer<typeof ProfileCounts>;

export const ProfileResponse = z.object({
  profile: Profile,
  stats: ReadingStats,
  counts: ProfileCounts,
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/**
 * The Edit Profile form (SPEC.md section 5). Fields left out stay as they are; a null or empty
 * bio clears it, a null avatar returns to the placeholder. The username pattern admits no markup,
 * so a valid username is already sanitised; the server sanitises the bio to plain text.
 */
export const UpdateProfileBody = z.object({
  username: text({
    max: 100,
    error: messages.profile.usernameInvalid,
    tooLong: messages.profile.usernameInvalid,
  })
    .trim()
    .refine(isValidUsername, { error: messages.profile.usernameInvalid })
    .optional(),
  bio: text({ max: 10 * BIO_MAX, multiline: true, tooLong: messages.profile.bioTooLong })
    .trim()
    .max(BIO_MAX, messages.profile.bioTooLong)
    .nullable()
    .optional(),
  avatar: AvatarId.nullable().optional(),
  /** Issue 11: private facts for the birth-year and first-name squares; null clears them. */
  birthYear: z
    .number({ error: messages.fit.birthYearInvalid })
    .int(messages.fit.birthYearInvalid)
    .min(BIRTH_YEAR_MIN, messages.fit.birthYearInvalid)
    .max(new Date().getUTCFullYear(), messages.fit.birthYearInvalid)
    .nullable()
    .optional(),
  firstName: text({ max: 10 * FIRST_NAME_MAX, tooLong: messages.fit.firstNameTooLong })
    .trim()
    .max(FIRST_NAME_MAX, messages.fit.firstNameTooLong)
    .nullable()
    .optional(),
  /** Issue 12: who sees the profile, shelves, stats and want-to-read (decision 014). */
  visibility: ProfileVisibility.optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const UpdateProfileResponse = z.object({ profile: Profile, message: z.string() });
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponse>;

export const UserParams = z.object({ userId: text({ max: 100 }).min(1) });

/** A reader's read-only profile (`/friend/{userId}`): tabs Books, Want to Read and Stats. */
export const VisibleUserProfile = z.object({
  access: z.literal('full'),
  profile: PublicProfile,
  books: z.array(FriendBook),
  wantToRead: z.array(WantToReadBook),
  stats: ReadingStats,
});
export type VisibleUserProfile = z.infer<typeof VisibleUserProfile>;

/**
 * A profile the viewer may not see (issue 12, decision 014): its visibility leaves the viewer
 * out, or one of the two blocked the other. Nothing of it shows but 'A reader', or, to the
 * reader who blocked it, the name they would see without their own block ('A reader' when the
 * visibility leaves them out), and `blockedByYou` so they can unblock.
 */
export const HiddenUserProfile = z.object({
  access: z.literal('hidden'),
  profile: z.object({ id: z.string(), username: z.string() }),
  blockedByYou: z.boolean(),
});
export type HiddenUserProfile = z.infer<typeof HiddenUserProfile>;

export const UserProfileResponse = z.discriminatedUnion('access', [
  VisibleUserProfile,
  HiddenUserProfile,
]);
export type UserProfileResponse = z.infer<typeof UserProfileResponse>;
