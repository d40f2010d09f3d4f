import { profileNameOf } from '../../../lib/display-name';
import { messages } from '../../../lib/messages';
import { shownNameFor, type ViewerRelation } from '../../../lib/privacy';
import type { BlockedListResponse, ProfileVisibility } from '../../../lib/schemas/privacy';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createFriendsRepository } from '../friends/friends.repository';
import { createPrivacyRepository } from './privacy.repository';

/** A reader as the privacy rules need them: who, and whom they let see their profile. */
export interface Subject {
  id: string;
  visibility: ProfileVisibility;
}

/**
 * The name a blocker sees of a reader they blocked, on the blocked list and the hidden profile
 * (decision 014, addendum): what they would see if they lifted their own block, never more.
 * Their own block is set aside; the visibility, the friendship and the other's block on them
 * count as everywhere else. A block ends any friendship, so a friends-only reader is 'A reader'.
 */
export function nameBehindOwnBlock(
  reader: { name: string; displayUsername: string | null; profileVisibility: ProfileVisibility },
  relation: { isFriend: boolean; blocksViewer: boolean },
): string {
  return shownNameFor(profileNameOf(reader), reader.profileVisibility, {
    isSelf: false,
    isFriend: relation.isFriend,
    isBlocked: relation.blocksViewer,
  });
}

/**
 * Profile visibility and blocking (issue 12, decision 014). `relationsTo` answers, for many
 * readers at once, how the viewer stands to each (self, friend, blocked either way), in at
 * most two indexed queries: the leaderboard and the feed call it per page.
 */
export function createPrivacyService(database: DatabaseHandle) {
  const privacy = createPrivacyRepository(database.db);

  return {
    async relationsTo(
      viewerId: string,
      subjects: readonly Subject[],
    ): Promise<(id: string) => ViewerRelation> {
      const others = [...new Set(subjects.map((s) => s.id).filter((id) => id !== viewerId))];
      // Friendship matters only to readers who show themselves to friends only.
      const friendsOnly = [
        ...new Set(subjects.filter((s) => s.visibility === 'friends').map((s) => s.id)),
      ].filter((id) => id !== viewerId);
      const [blocked, friends] = await Promise.all([
        privacy.blockedAmong(viewerId, others),
        privacy.friendsAmong(viewerId, friendsOnly),
      ]);
      return (id) => ({
        isSelf: id === viewerId,
        isFriend: friends.has(id),
        isBlocked: blocked.has(id),
      });
    },

    /** Everyone the viewer blocked or who blocked them. */
    blockedWith(viewerId: string): Promise<string[]> {
      return privacy.allBlockedWith(viewerId);
    },

    /** Whether `blockerId` blocked `blockedId`. */
    hasBlocked(blockerId: string, blockedId: string): Promise<boolean> {
      return privacy.hasBlocked(blockerId, blockedId);
    },

    /**
     * Blocks a reader: any friendship or request between the two goes in the same transaction,
     * with both readers' rows locked, so a friend request racing it either lands first (and is
     * removed) or sees the block (friends.service). Blocking again answers the same.
     */
    async block(viewer: Viewer, userId: string) {
      if (userId === viewer.id) throw badRequest(messages.privacy.blockSelf, 'BLOCK_SELF');
      const target = await privacy.findMember(userId);
      if (!target) throw notFound(messages.profile.notFound);
      await database.db.transaction().execute(async (trx) => {
        await createFriendsRepository(trx, database.kind).lockPair(viewer.id, userId);
        const tx = createPrivacyRepository(trx);
        await tx.insertBlock(viewer.id, userId, new Date().toISOString());
        await tx.deleteFriendshipsBetween(viewer.id, userId);
      });
      return { message: messages.privacy.blocked };
    },

    async unblock(viewer: Viewer, userId: string) {
      if (!(await privacy.deleteBlock(viewer.id, userId))) {
        throw notFound(messages.privacy.notBlocked);
      }
      return { message: messages.privacy.unblocked };
    },

    /**
     * The owner's own list, to unblock from: each reader named as the owner may see them, so
     * blocking an id taken from a leaderboard or the feed never unmasks 'A reader'.
     */
    async listBlocked(viewer: Viewer): Promise<BlockedListResponse> {
      const rows = await privacy.listBlocked(viewer.id);
      return {
        blocked: rows.map((row) => ({
          id: row.id,
          // No friendship outlives a block (block() deletes it; requests are refused).
          username: nameBehindOwnBlock(row, {
            isFriend: false,
            blocksViewer: row.blocksOwner !== null,
          }),
          blockedAt: toIso(row.createdAt),
        })),
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
