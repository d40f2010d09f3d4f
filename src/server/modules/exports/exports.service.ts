import { formatCsv } from '../../../lib/csv';
import { messages } from '../../../lib/messages';
import { FINISHED_BOOKS_CSV_COLUMNS, type ReaderExport } from '../../../lib/schemas/exports';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import {
  toExportFinishedBook,
  toExportFriend,
  toExportPlacement,
  toExportPost,
  toExportProfile,
  toExportWantToRead,
  toFinishedBookCsvRecord,
} from './exports.mapper';
import { createPrivacyService } from '../privacy/privacy.service';
import { createSharesRepository } from '../shares/shares.repository';
import { createExportsRepository } from './exports.repository';

/**
 * Taking a reader's history out (issue 5): everything they own as one JSON document, and
 * their finished books as CSV a spreadsheet (or another reading site) opens.
 */
export function createExportsService(database: DatabaseHandle) {
  const repository = createExportsRepository(database.db);
  const privacy = createPrivacyService(database);
  const shares = createSharesRepository(database.db);

  return {
    /**
     * The reader's profile (with its visibility), placements, finished books, want-to-read,
     * posts, friends and blocked readers.
     */
    async exportAll(viewer: Viewer): Promise<ReaderExport> {
      const account = await repository.findAccount(viewer.id);
      if (!account) throw notFound(messages.profile.notFound);
      const [placements, finished, wantToRead, posts, friendships, blocked, shareRows, clubs] =
        await Promise.all([
          repository.listPlacements(viewer.id),
          repository.listFinished(viewer.id),
          repository.listWantToRead(viewer.id),
          repository.listPosts(viewer.id),
          repository.listFriendships(viewer.id),
          privacy.listBlocked(viewer),
          shares.listLive(viewer.id),
          repository.listClubs(viewer.id),
        ]);
      const relationOf = await privacy.relationsTo(
        viewer.id,
        friendships.map((row) => ({ id: row.userId, visibility: row.profileVisibility })),
      );
      return {
        exportedAt: new Date().toISOString(),
        profile: toExportProfile(account),
        placements: placements.map(toExportPlacement),
        finishedBooks: finished.map(toExportFinishedBook),
        wantToRead: wantToRead.map(toExportWantToRead),
        posts: posts.map(toExportPost),
        friends: friendships.map((row) => toExportFriend(row, viewer.id, relationOf(row.userId))),
        blocked: blocked.blocked,
        shares: shareRows.map((row) => ({
          id: row.id,
          gridId: row.gridId,
          gridTitle: row.gridTitle,
          createdAt: toIso(row.createdAt),
        })),
        clubs: clubs.map((row) => ({
          id: row.id,
          name: row.name,
          role: row.role,
          joinedAt: toIso(row.joinedAt),
        })),
      };
    },

    /**
     * The finished books as CSV (RFC 4180, header row, latest first), after a byte order
     * mark so spreadsheet programs read it as UTF-8. Text cells that a spreadsheet would run
     * as a formula get a leading apostrophe.
     */
    async finishedBooksCsv(viewer: Viewer): Promise<string> {
      const finished = await repository.listFinished(viewer.id);
      const csv = formatCsv(
        [FINISHED_BOOKS_CSV_COLUMNS, ...finished.map(toFinishedBookCsvRecord)],
        { guardFormulas: true },
      );
      return `\uFEFF${csv}`;
    },
  };
}
