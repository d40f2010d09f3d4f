import { sql, type Kysely } from 'kysely';
import type { FeedFilter } from '../../../lib/schemas/posts';
import type { Database } from '../../db/schema';
import type { FeedCursor } from './feed-cursor';

export interface FeedPageOptions {
  filter: FeedFilter;
  viewerId: string;
  /** Only posts after this one in feed order (older, or as old with a smaller id). */
  after: FeedCursor | null;
  limit: number;
}

/**
 * Blog posts. The feed reads in (created_at desc, id desc) order straight from an index:
 * blog_posts_feed_idx for everyone's and friends' posts, blog_posts_user_feed_idx for one
 * author's, so a page costs its size, not the table's (tests/api/posts.test.ts EXPLAINs them).
 */
export function createPostsRepository(db: Kysely<Database>) {
  /** The query of one feed page, unexecuted, so a test can EXPLAIN exactly this SQL. */
  const feedPageQuery = ({ filter, viewerId, after, limit }: FeedPageOptions) => {
    let query = db
      .selectFrom('blogPosts as p')
      .innerJoin('users as u', 'u.id', 'p.userId')
      .select(['p.id', 'p.userId', 'p.bookIsbn', 'p.bookTitle', 'p.coverUrl', 'p.body'])
      .select(['p.rating', 'p.createdAt', 'u.name', 'u.displayUsername']);
    if (filter === 'mine') query = query.where('p.userId', '=', viewerId);
    if (filter === 'friends') {
      // Every accepted friend, in either direction (DESIGN.md: no limit of 10 friends). Two
      // correlated EXISTS, each a point lookup in the (sender, receiver) unique index, keep the
      // walk down the feed index in order; an IN list would gather all friends' posts and sort.
      query = query.where((outer) => {
        const author = outer.ref('p.userId');
        const accepted = (sender: string | typeof author, receiver: string | typeof author) =>
          outer.exists(
            outer
              .selectFrom('friendships as f')
              .select(sql.lit(1).as('one'))
              .where('f.senderId', '=', sender)
              .where('f.receiverId', '=', receiver)
              .where('f.status', '=', 'accepted'),
          );
        return outer.or([accepted(viewerId, author), accepted(author, viewerId)]);
      });
    }
    if (after) {
      query = query.where((eb) =>
        eb(eb.refTuple('p.createdAt', 'p.id'), '<', eb.tuple(after.createdAt, after.id)),
      );
    }
    return query.orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').limit(limit);
  };

  return {
    feedPageQuery,
    listFeedPage(options: FeedPageOptions) {
      return feedPageQuery(options).execute();
    },

    findAuthor(id: string) {
      return db
        .selectFrom('blogPosts')
        .select(['id', 'userId'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Deletes the post only when `userId` wrote it. */
    async deleteOwn(id: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('blogPosts')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
export type FeedRow = Awaited<ReturnType<PostsRepository['listFeedPage']>>[number];
