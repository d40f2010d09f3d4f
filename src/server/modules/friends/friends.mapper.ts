import { profileNameOf } from '../../../lib/display-name';
import type { Friend } from '../../../lib/schemas/friends';
import { toIso } from '../../db/schema';

export interface FriendViewRow {
  id: string;
  userId: string;
  status: 'pending' | 'accepted';
  createdAt: Date | string;
  name: string;
  displayUsername: string | null;
  points: number;
  isReceived: boolean;
}

/** A row of the Friends tab: the other reader's public name and points, never their email. */
export function toFriend(row: FriendViewRow): Friend {
  return {
    id: row.id,
    userId: row.userId,
    username: profileNameOf(row),
    points: Number(row.points),
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
