import { GRIDS_LISTED_PER_SCOPE, PAST_GRIDS_PAGE_SIZE } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import type {
  GridListResponse,
  GridSummary,
  PastGridsLink,
  PastGridsQuery,
  PastGridsResponse,
} from '../../../lib/schemas/admin';
import type { DatabaseHandle } from '../../db/database';
import type { Viewer } from '../../http/viewer';
import { isCurrentCard } from '../clubs/club-cards';
import { createClubsService } from '../clubs/clubs.service';
import { decodeFeedCursor, encodeFeedCursor } from '../posts/feed-cursor';
import { createGridsRepository } from './grids.repository';

/** The cursor after a listed card: its time and id, the order every scope's cards keep. */
const cursorAfter = (grid: GridSummary) =>
  encodeFeedCursor({ createdAt: grid.createdAt, id: grid.id });

/**
 * The grid selector's list (issue 22): every scope (the shared card, each of the viewer's
 * clubs) lists its newest GRIDS_LISTED_PER_SCOPE cards, the current one among them, and a
 * cursor when it has older ones; those come PAST_GRIDS_PAGE_SIZE at a time. Before, the list
 * held every card of every club, so one club's owner could grow every member's list at will.
 */
export function createGridListService(database: DatabaseHandle) {
  const grids = createGridsRepository(database.db);
  const clubs = createClubsService(database);

  return {
    async list(viewer: Viewer): Promise<GridListResponse> {
      const [shared, clubCards] = await Promise.all([
        grids.list(GRIDS_LISTED_PER_SCOPE + 1),
        clubs.recentCardsOf(viewer.id, GRIDS_LISTED_PER_SCOPE + 1),
      ]);
      const listed: GridSummary[] = shared
        .slice(0, GRIDS_LISTED_PER_SCOPE)
        .map(({ resetDate, ...g }, i) => ({
          ...g,
          // An admin may have ended the newest early (issue 23): its own end date says so.
          isCurrent: isCurrentCard({ isNewest: i === 0, clubId: null, resetDate }),
          club: null,
          resetDate: null,
        }));
      const more: PastGridsLink[] = [];
      if (shared.length > GRIDS_LISTED_PER_SCOPE) {
        more.push({ clubId: null, cursor: cursorAfter(listed.at(-1)!) });
      }
      for (const { card, newness } of clubCards) {
        if (newness <= GRIDS_LISTED_PER_SCOPE) {
          listed.push(card);
        } else {
          // The row past the listed ones says the club has more; the cursor is its last listed.
          const last = listed.findLast((g) => g.club?.id === card.club?.id);
          if (last) more.push({ clubId: card.club!.id, cursor: cursorAfter(last) });
        }
      }
      return { grids: listed, more };
    },

    /** A page of one scope's older cards; a club's only for its members. */
    async past(viewer: Viewer, query: PastGridsQuery): Promise<PastGridsResponse> {
      const after = decodeFeedCursor(query.cursor, messages.bingo.pastCardsInvalid);
      let page: GridSummary[];
      if (query.club) {
        page = await clubs.pastCardsOf(viewer, query.club, after, PAST_GRIDS_PAGE_SIZE + 1);
      } else {
        const [rows, currentId] = await Promise.all([
          grids.list(PAST_GRIDS_PAGE_SIZE + 1, after),
          grids.findCurrentId(),
        ]);
        page = rows.map(({ resetDate, ...g }) => ({
          ...g,
          isCurrent: isCurrentCard({ isNewest: g.id === currentId, clubId: null, resetDate }),
          club: null,
          resetDate: null,
        }));
      }
      const shown = page.slice(0, PAST_GRIDS_PAGE_SIZE);
      return {
        grids: shown,
        cursor: page.length > PAST_GRIDS_PAGE_SIZE ? cursorAfter(shown.at(-1)!) : null,
      };
    },
  };
}
