import { isAvatarId } from '../../../lib/avatars';
import { readingStreakWeeks } from '../../../lib/dates';
import { profileNameOf } from '../../../lib/display-name';
import type { Profile, PublicProfile, ReadingStats } from '../../../lib/schemas/profile';
import { toIso } from '../../db/schema';
import type { ProfileRow } from './profile.repository';

/** What any member may see of a reader: no email, no account name. */
export function toPublicProfile(row: ProfileRow): PublicProfile {
  return {
    id: row.id,
    username: profileNameOf(row),
    bio: row.bio?.trim() ? row.bio : null,
    // An unknown stored value falls back to the generated placeholder.
    avatar: isAvatarId(row.avatar) ? row.avatar : null,
    points: Number(row.points),
  };
}

/** The reader's own profile card. */
export function toProfile(row: ProfileRow): Profile {
  return {
    ...toPublicProfile(row),
    name: row.name,
    birthYear: row.birthYear === null ? null : Number(row.birthYear),
    firstName: row.firstName,
    visibility: row.profileVisibility,
  };
}

/** The Stats tab from the dates books were finished (SPEC.md sections 2 and 9). */
export function toReadingStats(finishedDates: readonly (Date | string)[]): ReadingStats {
  const dates = finishedDates.map(toIso);
  const lastReadAt = dates.reduce<string | null>(
    (latest, date) => (latest === null || date > latest ? date : latest),
    null,
  );
  return { booksRead: dates.length, readingStreakWeeks: readingStreakWeeks(dates), lastReadAt };
}
