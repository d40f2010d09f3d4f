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
 * Who the other reader of a friendship is to the viewer (decision 014, addendum): a reader
 * who asked the viewer, or accepted them, chose to be known to them, and is named with their
 * id; a reader the viewer asked, who has not answered and whose profile is hidden from the
 * viewer, is 'A reader' without an id, so asking by username or email unmasks nobody.
 */
export function askedReaderHidden(
  row: { status: 'pending' | 'accepted'; sentByViewer: boolean },
  profileVisible: boolean,
): boolean {
  return row.status === 'pending' && row.sentByViewer && !profileVisible;
}

/**
 * A row of the Friends tab: the other reader's public name, never their email. Their points
 * only when the viewer may see their profile, as on the profile page.
 */
export function toFriend(row: FriendViewRow, relation: ViewerRelation): Friend {
  const visible = canSeeProfile(row.profileVisibility, relation);
  const hidden = askedReaderHidden({ ...row, sentByViewer: !row.isReceived }, visible);
  return {
    id: row.id,
    userId: hidden ? null : row.userId,
    username: hidden ? messages.privacy.hiddenName : profileNameOf(row),
    points: visible ? Number(row.points) : null,
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
