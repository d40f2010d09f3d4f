import { BLOG_PAGE_SIZE } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import { shownNameFor } from '../../../lib/privacy';
import type { FeedFilter, FeedResponse } from '../../../lib/schemas/posts';
import type { DatabaseHandle } from '../../db/database';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createClubsService } from '../clubs/clubs.service';
import { createPrivacyService } from '../privacy/privacy.service';
import { decodeFeedCursor, encodeFeedCursor, type FeedCursor } from './feed-cursor';
import { cursorTimeOf, toFeedPost } from './posts.mapper';
import { createPostsRepository, FRIENDS_PER_STATEMENT, type FeedRow } from './posts.repository';

/**
 * Feed order, newest first, as the databases sort: the cursor time (the text SQLite compares,
 * or PostgreSQL's time as ISO text, which sorts as the time does), then the id. Ids are UUIDs,
 * which sort the same bytewise as under any collation.
 */
function byFeedOrder(a: FeedRow, b: FeedRow): number {
  const timeA = cursorTimeOf(a);
  const timeB = cursorTimeOf(b);
  if (timeA !== timeB) return timeA < timeB ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/** The blog feed (SPEC.md section 2) and deleting one's own post (SPEC.md section 6). */
export function createPostsService(database: DatabaseHandle) {
  const posts = createPostsRepository(database.db);
  const privacy = createPrivacyService(database);
  const clubs = createClubsService(database);

  /**
   * The first `limit` posts of the viewer's friends after the cursor: each friend's own first
   * `limit` from their index, a statement per FRIENDS_PER_STATEMENT friends, the statements'
   * pages merged here. The cost follows friends x page size, never the table's size.
   */
  async function friendsPage(
    viewerId: string,
    after: FeedCursor | null,
    limit: number,
    excludeAuthors: readonly string[],
  ) {
    // A block ends the friendship; leaving blocked ids out holds even for one made in a race.
    const accepted = (await posts.acceptedFriendIds(viewerId)).filter(
      (id) => !excludeAuthors.includes(id),
    );
    // Issue 23: a suspended friend's posts are gone while the suspension lasts.
    const suspended = await posts.suspendedAmong(accepted);
    const friendIds = accepted.filter((id) => !suspended.has(id));
    let rows: FeedRow[] = [];
    for (let i = 0; i < friendIds.length; i += FRIENDS_PER_STATEMENT) {
      const batch = friendIds.slice(i, i + FRIENDS_PER_STATEMENT);
      const found = await posts.listFriendsPage(batch, after, limit);
      rows = i === 0 ? found : [...rows, ...found].sort(byFeedOrder).slice(0, limit);
    }
    return rows;
  }

  return {
    /** One page of ten, newest first, with keyset paging: stable while posts arrive. */
    async feed(
      viewer: Viewer,
      filter: FeedFilter,
      cursor: string | undefined,
      clubId?: string,
    ): Promise<FeedResponse> {
      // Issue 12: a club's posts are for its members (403 membersOnly; unknown club 404).
      // Issue 23: its owners also get the posts they hid from it, marked, to show them again.
      let ownsClub = false;
      if (filter === 'club') {
        if (!clubId) throw badRequest(messages.generic.badRequest);
        ownsClub = (await clubs.requireMember(viewer, clubId)).isOwner;
      }
      const after = cursor === undefined ? null : decodeFeedCursor(cursor);
      // One extra row tells whether another page exists.
      const limit = BLOG_PAGE_SIZE + 1;
      // A blocked pair sees none of each other's posts (issue 12, decision 014).
      const excludeAuthors = filter === 'mine' ? [] : await privacy.blockedWith(viewer.id);
      const rows =
        filter === 'friends'
          ? await friendsPage(viewer.id, after, limit, excludeAuthors)
          : await posts.listFeedPage({
              filter,
              viewerId: viewer.id,
              after,
              limit,
              excludeAuthors,
              includeClubHidden: ownsClub,
              ...(clubId !== undefined ? { clubId } : {}),
            });
      const page = rows.slice(0, BLOG_PAGE_SIZE);
      const last = page.at(-1);
      const nextCursor =
        rows.length > BLOG_PAGE_SIZE && last
          ? encodeFeedCursor({ createdAt: cursorTimeOf(last), id: last.id })
          : null;
      // An author whose profile the viewer may not see is 'A reader' (decision 014).
      const relationOf = await privacy.relationsTo(
        viewer.id,
        page.map((row) => ({ id: row.userId, visibility: row.profileVisibility })),
      );
      const hiddenInClub =
        ownsClub && clubId
          ? await posts.clubHiddenAmong(
              clubId,
              page.map((row) => row.id),
            )
          : null;
      const shown = page.map((row) => {
        const post = toFeedPost(row, viewer.id);
        return {
          ...post,
          username: shownNameFor(post.username, row.profileVisibility, relationOf(row.userId)),
          ...(hiddenInClub ? { hiddenInClub: hiddenInClub.has(row.id) } : {}),
        };
      });
      return { posts: shown, nextCursor };
    },

    /** Only the author deletes a post (SPEC.md section 6). */
    async remove(viewer: Viewer, id: string) {
      if (await posts.deleteOwn(id, viewer.id)) return { message: messages.blog.deleted };
      const post = await posts.findAuthor(id);
      if (!post) throw notFound(messages.blog.notFound);
      throw forbidden(messages.access.permissionDenied);
    },
  };
}
