import { messages } from '../../../lib/messages';
import type { FriendListResponse, FriendResponse } from '../../../lib/schemas/friends';
import type { DatabaseHandle } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import type { MessageBus } from '../../shared/bus';
import { createPrivacyRepository } from '../privacy/privacy.repository';
import { createPrivacyService } from '../privacy/privacy.service';
import { publishRelationsChanged } from '../privacy/relations-cache';
import { compareFriends, toFriend, type FriendViewRow } from './friends.mapper';
import { createFriendsRepository, type FriendsRepository } from './friends.repository';

type Friendship = NonNullable<Awaited<ReturnType<FriendsRepository['findById']>>>;

/** Why an existing friendship stops a new request (SPEC.md section 5, Friend add). */
function existingFriendshipError(existing: Friendship, viewerId: string): AppError {
  if (existing.status === 'accepted') {
    return conflict(messages.friends.alreadyFriends, 'ALREADY_FRIENDS');
  }
  return existing.senderId === viewerId
    ? conflict(messages.friends.requestAlreadySent, 'REQUEST_ALREADY_SENT')
    : conflict(messages.friends.pendingFromUser, 'PENDING_FROM_USER');
}

/**
 * Friend requests and the friends list (SPEC.md sections 4 and 6): anyone may ask, only the
 * receiver of a pending request accepts or rejects it, either side removes an accepted friend.
 */
export function createFriendsService(database: DatabaseHandle, bus?: MessageBus) {
  const friends = createFriendsRepository(database.db, database.kind);
  const privacy = createPrivacyService(database);
  // Accepted friendships feed the leaderboards' relations cache: both readers are forgotten.
  const changed = (a: string, b: string) => {
    if (bus) publishRelationsChanged(bus, a, b);
  };

  /** The rows as the viewer may see them (decision 014): names, ids and points. */
  const asSeenBy = async (viewer: Viewer, rows: readonly FriendViewRow[]) => {
    const relationOf = await privacy.relationsTo(
      viewer.id,
      rows.map((row) => ({ id: row.userId, visibility: row.profileVisibility })),
    );
    return rows.map((row) => toFriend(row, relationOf(row.userId)));
  };

  const viewOf = async (id: string, viewer: Viewer) => {
    const row = await friends.findView(id, viewer.id);
    if (!row) throw notFound(messages.friends.requestNotFound);
    const [friend] = await asSeenBy(viewer, [{ ...row, isReceived: row.receiverId === viewer.id }]);
    return { friend: friend!, otherId: row.userId };
  };

  /** The refusal for an answer to a request the viewer may not answer, or that is gone. */
  const answerRefusal = async (id: string, viewer: Viewer): Promise<AppError> => {
    const row = await friends.findById(id);
    const isParty = row && (row.senderId === viewer.id || row.receiverId === viewer.id);
    if (!row || !isParty) return notFound(messages.friends.requestNotFound);
    if (row.status === 'accepted')
      return conflict(messages.friends.alreadyFriends, 'ALREADY_FRIENDS');
    // The sender of a pending request sees 'Request sent', never Accept or Reject.
    return forbidden(messages.access.permissionDenied);
  };

  return {
    async list(viewer: Viewer): Promise<FriendListResponse> {
      const rows = await friends.listForUser(viewer.id);
      return { friends: (await asSeenBy(viewer, rows)).sort(compareFriends) };
    },

    /** Sends a request to the reader with this email or username (any case). */
    async sendRequest(viewer: Viewer, query: string): Promise<FriendResponse> {
      const wanted = query.trim();
      // The client closes the modal on an empty query (SPEC.md section 5); the code says so.
      if (wanted === '') throw badRequest(messages.friends.emptyQuery, 'EMPTY_QUERY');
      // Usernames hold no '@', so the query is one or the other.
      const target = wanted.includes('@')
        ? await friends.findMemberByEmail(wanted)
        : await friends.findMemberByUsername(wanted);
      if (!target) throw notFound(messages.friends.userNotFound);
      if (target.id === viewer.id) throw badRequest(messages.friends.lonely, 'SELF_REQUEST');

      let id: string;
      try {
        // One transaction: the reverse pair is checked while both rows are locked; the unique
        // (sender, receiver) constraint settles a race in the same direction.
        id = await database.db.transaction().execute(async (trx) => {
          const tx = createFriendsRepository(trx, database.kind);
          await tx.lockPair(viewer.id, target.id);
          // A block refuses requests both ways (issue 12, decision 014). The blocked reader is
          // told what an unknown name gets, so a block is not announced.
          const privacy = createPrivacyRepository(trx);
          if (await privacy.hasBlocked(viewer.id, target.id)) {
            throw conflict(messages.privacy.youBlockedThem, 'YOU_BLOCKED_USER');
          }
          if (await privacy.hasBlocked(target.id, viewer.id)) {
            throw notFound(messages.friends.userNotFound);
          }
          const existing = await tx.findBetween(viewer.id, target.id);
          if (existing) throw existingFriendshipError(existing, viewer.id);
          return tx.insertRequest(viewer.id, target.id, new Date().toISOString());
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict(messages.friends.requestAlreadySent, 'REQUEST_ALREADY_SENT');
        }
        throw error;
      }
      // The answer confirms the request; it names the reader only as the viewer may see them.
      const { friend } = await viewOf(id, viewer);
      return { friend, message: messages.friends.requestSent };
    },

    async accept(viewer: Viewer, id: string): Promise<FriendResponse> {
      const accepted = await friends.acceptPending(id, viewer.id, new Date().toISOString());
      if (!accepted) throw await answerRefusal(id, viewer);
      const { friend, otherId } = await viewOf(id, viewer);
      changed(viewer.id, otherId);
      return { friend, message: messages.friends.accepted };
    },

    /** Rejecting deletes the request (SPEC.md section 4). */
    async reject(viewer: Viewer, id: string) {
      const rejected = await friends.deletePendingReceived(id, viewer.id);
      if (!rejected) throw await answerRefusal(id, viewer);
      return { message: messages.friends.rejected };
    },

    /** Either side may remove an accepted friend; the record is deleted (SPEC.md section 4). */
    async remove(viewer: Viewer, id: string) {
      const before = await friends.findById(id);
      if (before && (await friends.deleteAccepted(id, viewer.id))) {
        changed(before.senderId, before.receiverId);
        return { message: messages.friends.removed };
      }
      const row = await friends.findById(id);
      const isParty = row && (row.senderId === viewer.id || row.receiverId === viewer.id);
      if (!row || !isParty) throw notFound(messages.friends.friendNotFound);
      throw conflict(messages.friends.notFriendsYet, 'NOT_FRIENDS_YET');
    },
  };
}
