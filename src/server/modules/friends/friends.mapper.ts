import { profileNameOf } from '../../../lib/display-name';
import { messages } from '../../../lib/messages';
import { canSeeProfile, type ViewerRelation } from '../../../lib/privacy';
import type { Friend } from '../../../lib/schemas/friends';
import type { ProfileVisibility } from '../../../lib/schemas/privacy';
import { toIso } from '../../db/schema';

export interface FriendViewRow {
  id: string;
  userId: string;
  status: 'pending' | 'accepted';
  createdAt: Date | string;
  name: string;
  displayUsername: string | null;
  profileVisibility: ProfileVisibility;
  points: number;
  isReceived: boolean;
}

/**
 * The other reader of a friendship as the viewer may see them (decision 014, addendum), on the
 * Friends tab and in the export: a reader who asked the viewer, or accepted them, chose to be
 * known to them, and is named with their id; a reader the viewer asked, who has not answered
 * and whose profile is hidden from the viewer, is 'A reader' without an id, so asking by
 * username or email unmasks nobody. `profileVisible` says whether their points may show.
 */
export function friendAsSeen(
  row: Pick<FriendViewRow, 'userId' | 'status' | 'name' | 'displayUsername' | 'profileVisibility'>,
  sentByViewer: boolean,
  relation: ViewerRelation,
): { userId: string | null; username: string; profileVisible: boolean } {
  const profileVisible = canSeeProfile(row.profileVisibility, relation);
  return row.status === 'pending' && sentByViewer && !profileVisible
    ? { userId: null, username: messages.privacy.hiddenName, profileVisible }
    : { userId: row.userId, username: profileNameOf(row), profileVisible };
}

/** A row of the Friends tab: never an email; points only where the profile may be seen. */
export function toFriend(row: FriendViewRow, relation: ViewerRelation): Friend {
  const { userId, username, profileVisible } = friendAsSeen(row, !row.isReceived, relation);
  return {
    id: row.id,
    userId,
    username,
    points: profileVisible ? Number(row.points) : null,
    status: row.status,
    isReceived: row.isReceived,
    createdAt: toIso(row.createdAt),
  };
}

/** Received pending requests first (they want an answer), then newest first. */
export function compareFriends(a: Friend, b: Friend): number {
  const waiting = (f: Friend) => (f.status === 'pending' && f.isReceived ? 0 : 1);
  return (
    waiting(a) - waiting(b) || b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1)
  );
}
