import { BLOG_PAGE_SIZE } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import type { FeedFilter, FeedResponse } from '../../../lib/schemas/posts';
import type { DatabaseHandle } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor';
import { cursorTimeOf, toFeedPost } from './posts.mapper';
import { createPostsRepository } from './posts.repository';

/** The blog feed (SPEC.md section 2) and deleting one's own post (SPEC.md section 6). */
export function createPostsService(database: DatabaseHandle) {
  const posts = createPostsRepository(database.db);
  return {
    /** One page of ten, newest first, with keyset paging: stable while posts arrive. */
    async feed(
      viewer: Viewer,
      filter: FeedFilter,
      cursor: string | undefined,
    ): Promise<FeedResponse> {
      const after = cursor === undefined ? null : decodeFeedCursor(cursor);
      // One extra row tells whether another page exists.
      const rows = await posts.listFeedPage({
        filter,
        viewerId: viewer.id,
        after,
        limit: BLOG_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, BLOG_PAGE_SIZE);
      const last = page.at(-1);
      const nextCursor =
        rows.length > BLOG_PAGE_SIZE && last
          ? encodeFeedCursor({ createdAt: cursorTimeOf(last), id: last.id })
          : null;
      return { posts: page.map((row) => toFeedPost(row, viewer.id)), nextCursor };
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
