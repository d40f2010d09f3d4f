import { messages } from '../../../lib/messages';
import { canSeeProfile } from '../../../lib/privacy';
import type {
  ProfileResponse,
  UpdateProfileBody,
  UpdateProfileResponse,
  UserProfileResponse,
} from '../../../lib/schemas/profile';
import type { DatabaseHandle } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createFriendsRepository } from '../friends/friends.repository';
import { toFriendBook, toWantToReadBook } from '../library/library.mapper';
import { createLibraryRepository } from '../library/library.repository';
import { createPrivacyService, nameBehindOwnBlock } from '../privacy/privacy.service';
import { toProfile, toPublicProfile, toReadingStats } from './profile.mapper';
import { createProfileRepository, type ProfileChanges } from './profile.repository';
import { toPlainText } from './plain-text';

const usernameTaken = () => conflict(messages.profile.usernameTaken, 'USERNAME_TAKEN');

/** Own profile, its edits, and other readers' read-only profiles (SPEC.md section 2). */
export function createProfileService(database: DatabaseHandle) {
  const profiles = createProfileRepository(database.db);
  const library = createLibraryRepository(database.db);
  const friends = createFriendsRepository(database.db, database.kind);
  const privacy = createPrivacyService(database);

  const ownProfileRow = async (viewer: Viewer) => {
    const row = await profiles.findMember(viewer.id);
    if (!row) throw notFound(messages.profile.notFound);
    return row;
  };

  return {
    async getOwn(viewer: Viewer): Promise<ProfileResponse> {
      const [row, finishedDates, wantToRead, friendCounts] = await Promise.all([
        ownProfileRow(viewer),
        library.listFinishedDates(viewer.id),
        library.countWantToRead(viewer.id),
        friends.countsFor(viewer.id),
      ]);
      return {
        profile: toProfile(row),
        stats: toReadingStats(finishedDates),
        counts: { wantToRead, ...friendCounts },
      };
    },

    /**
     * Applies the Edit Profile form (SPEC.md section 5). The username is unique regardless of
     * case: `username` keeps the lower-case form its unique index checks, `display_username`
     * the form as typed. The bio is stored as plain text.
     */
    async update(viewer: Viewer, body: UpdateProfileBody): Promise<UpdateProfileResponse> {
      const changes: ProfileChanges = {};
      if (body.username !== undefined) {
        if (await profiles.isUsernameTaken(body.username, viewer.id)) throw usernameTaken();
        changes.username = body.username.toLowerCase();
        changes.displayUsername = body.username;
      }
      if (body.bio !== undefined) {
        changes.bio = body.bio === null ? null : toPlainText(body.bio) || null;
      }
      if (body.avatar !== undefined) changes.avatar = body.avatar;
      if (body.birthYear !== undefined) changes.birthYear = body.birthYear;
      if (body.visibility !== undefined) changes.profileVisibility = body.visibility;
      if (body.firstName !== undefined) {
        changes.firstName = body.firstName === null ? null : toPlainText(body.firstName) || null;
      }
      try {
        await profiles.update(viewer.id, changes, new Date().toISOString());
      } catch (error) {
        // Someone took the name between the check and the write.
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      return { profile: toProfile(await ownProfileRow(viewer)), message: messages.profile.updated };
    },

    /**
     * A reader's read-only profile (`/friend/{userId}`). Any member may open it, as SPEC.md
     * section 2 gates the page only on being a signed-in non-guest, unless the reader's
     * visibility leaves the viewer out or either blocked the other (issue 12, decision 014):
     * then only 'A reader' shows, or to the blocker the name they would see without their own
     * block (a reader whose visibility leaves them out stays 'A reader'). Both hidden cases
     * answer alike, so a blocked reader cannot tell a block from a private profile. Guests have
     * no profile to show.
     */
    async getUserProfile(viewer: Viewer, userId: string): Promise<UserProfileResponse> {
      const row = await profiles.findMember(userId);
      if (!row) throw notFound(messages.profile.notFound);
      const relationOf = await privacy.relationsTo(viewer.id, [
        { id: row.id, visibility: row.profileVisibility },
      ]);
      if (!canSeeProfile(row.profileVisibility, relationOf(row.id))) {
        const [blockedByYou, blocksViewer] = await Promise.all([
          privacy.hasBlocked(viewer.id, row.id),
          privacy.hasBlocked(row.id, viewer.id),
        ]);
        return {
          access: 'hidden',
          profile: {
            id: row.id,
            // The blocker sees no more than lifting their own block would show them.
            username: blockedByYou
              ? nameBehindOwnBlock(row, { isFriend: relationOf(row.id).isFriend, blocksViewer })
              : messages.privacy.hiddenName,
          },
          blockedByYou,
        };
      }
      const [finished, wantToRead] = await Promise.all([
        library.listFinished(userId),
        library.listWantToRead(userId),
      ]);
      return {
        access: 'full',
        profile: toPublicProfile(row),
        books: finished.map(toFriendBook),
        wantToRead: wantToRead.map(toWantToReadBook),
        stats: toReadingStats(finished.map((book) => book.finishedAt)),
      };
    },
  };
}
