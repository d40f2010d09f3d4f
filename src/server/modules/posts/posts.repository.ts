import { PostgresAdapter, sql, type CompiledQuery, type InferResult, type Kysely } from 'kysely';
import { runCompiled } from '../../db/compiled-once';
import type { Database } from '../../db/schema';
import { notSuspendedSql } from '../moderation/suspension';
import type { FeedCursor } from './feed-cursor';

export interface FeedPageOptions {
  /**
   * Everyone's posts, the viewer's own, or (issue 12) those of a club's members; friends'
   * posts come from `friendsPageQuery`.
   */
  filter: 'all' | 'mine' | 'club';
  /** With filter 'club': the club whose current members' posts to show. */
  clubId?: string;
  viewerId: string;
  /** Only posts after this one in feed order (older, or as old with a smaller id). */
  after: FeedCursor | null;
  limit: number;
  /** Authors left out: those in a block with the viewer (issue 12); usually none. */
  excludeAuthors?: readonly string[];
  /**
   * Issue 23: with filter 'club', keep the posts its owners hid from it (the viewer is one of
   * the club's owners, who are shown them marked, to show them again).
   */
  includeClubHidden?: boolean;
}

/**
 * Friends per friends-page statement: one UNION ALL term each, and SQLite refuses a compound
 * SELECT of more than 500 terms (SQLITE_MAX_COMPOUND_SELECT).
 */
export const FRIENDS_PER_STATEMENT = 200;

/** A post's own columns, every feed's (its author's names are joined apart). */
const POST_COLUMNS = [
  'p.id',
  'p.userId',
  'p.bookIsbn',
  'p.bookTitle',
  'p.coverUrl',
  'p.body',
  'p.rating',
  'p.createdAt',
  'p.hiddenAt',
] as const;

/**
 * Blog posts. The feed reads in (created_at desc, id desc) order straight from an index:
 * blog_posts_feed_idx for everyone's posts, blog_posts_user_feed_idx for one author's (the
 * viewer's own, or each friend's in turn), so a page costs its size, not the table's
 * (tests/api/posts.test.ts EXPLAINs them).
 */
export function createPostsRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const unionShapes = new Map<
    string,
    { query: CompiledQuery<FriendsPageRow>; slots: (string | null)[] }
  >();
  /** Posts with their author's names, every feed's columns. */
  const postsWithAuthors = () =>
    db
      .selectFrom('blogPosts as p')
      .innerJoin('users as u', 'u.id', 'p.userId')
      .select(POST_COLUMNS)
      .select(['u.name', 'u.displayUsername', 'u.profileVisibility']);

  /** The first `limit` posts of `query` after the cursor, in feed order. */
  const pageOf = (
    query: ReturnType<typeof postsWithAuthors>,
    after: FeedCursor | null,
    limit: number,
  ) => {
    const later = after
      ? query.where((eb) =>
          eb(eb.refTuple('p.createdAt', 'p.id'), '<', eb.tuple(after.createdAt, after.id)),
        )
      : query;
    return later.orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').limit(limit);
  };

  /** The query of one 'all' or 'mine' page, unexecuted, so a test can EXPLAIN exactly this SQL. */
  const feedPageQuery = ({
    filter,
    viewerId,
    after,
    limit,
    excludeAuthors = [],
    clubId,
    includeClubHidden = false,
  }: FeedPageOptions) => {
    const query =
      filter === 'mine'
        ? postsWithAuthors().where('p.userId', '=', viewerId)
        : filter === 'club'
          ? postsWithAuthors().where('p.userId', 'in', (eb) =>
              eb
                .selectFrom('clubMembers as cm')
                .select('cm.userId')
                .where('cm.clubId', '=', clubId ?? ''),
            )
          : postsWithAuthors();
    // Issue 23: others never see a post a moderator hid, nor a suspended reader's posts; a
    // club's feed leaves out what its owners hid from it.
    const moderated =
      filter === 'mine'
        ? query
        : query
            .where((eb) => eb.or([eb('p.hiddenAt', 'is', null), eb('p.userId', '=', viewerId)]))
            .where(notSuspendedSql('u'));
    const inClub =
      filter === 'club' && !includeClubHidden
        ? moderated.where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('clubHiddenPosts as h')
                  .select('h.postId')
                  .where('h.clubId', '=', clubId ?? '')
                  .whereRef('h.postId', '=', 'p.id'),
              ),
            ),
          )
        : moderated;
    return pageOf(
      excludeAuthors.length > 0 ? inClub.where('p.userId', 'not in', excludeAuthors) : inClub,
      after,
      limit,
    );
  };

  /**
   * The viewer's accepted friends, whichever side sent the request: one branch reads the
   * (sender_id, receiver_id) unique index, the other friendships_receiver_idx.
   */
  const friendIdsQuery = (viewerId: string) =>
    db
      .selectFrom('friendships')
      .select('receiverId as friendId')
      .where('senderId', '=', viewerId)
      .where('status', '=', 'accepted')
      .unionAll(
        db
          .selectFrom('friendships')
          .select('senderId as friendId')
          .where('receiverId', '=', viewerId)
          .where('status', '=', 'accepted'),
      );

  /** A friend's posts after the cursor, in feed order: one friend's page, before its limit. */
  const friendPosts = <Q extends ReturnType<typeof postsOf>>(query: Q, after: FeedCursor | null) =>
    (after
      ? query.where((eb) =>
          eb(eb.refTuple('p.createdAt', 'p.id'), '<', eb.tuple(after.createdAt, after.id)),
        )
      : query
    )
      // Issue 23: a post a moderator hid is its author's alone.
      .where('p.hiddenAt', 'is', null);
  const postsOf = () => db.selectFrom('blogPosts as p').select(POST_COLUMNS);

  /**
   * SQLite: each friend's page a term of a UNION ALL. A term of a compound SELECT cannot carry
   * its own ORDER BY and LIMIT: each friend's page is a subquery, selected from.
   */
  const unionCandidates = (
    friendIds: readonly string[],
    after: FeedCursor | null,
    limit: number,
  ) => {
    const [first, ...rest] = friendIds.map((friendId) => {
      const page = friendPosts(postsOf().where('p.userId', '=', friendId), after)
        .orderBy('p.createdAt', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit);
      return db.selectFrom(page.as('b')).selectAll();
    });
    return rest.reduce((union, term) => union.unionAll(term), first!);
  };

  /**
   * PostgreSQL: the friends as one array parameter, each friend's page read by a LATERAL
   * subquery. One statement text for any number of friends, planned in a fraction of a
   * millisecond; a UNION ALL of 50 terms took PostgreSQL 40-80 ms to plan on every call
   * (issue 27's page-scale bench), far more than reading the posts.
   */
  const lateralCandidates = (
    friendIds: readonly string[],
    after: FeedCursor | null,
    limit: number,
  ) =>
    db
      .selectFrom(
        sql<{ friendId: string }>`unnest(cast(${[...friendIds]} as text[]))`.as<'fr'>(
          sql`fr(friend_id)`,
        ),
      )
      .innerJoinLateral(
        (eb) =>
          friendPosts(
            eb
              .selectFrom('blogPosts as p')
              .select(POST_COLUMNS)
              .whereRef('p.userId', '=', 'fr.friendId'),
            after,
          )
            .orderBy('p.createdAt', 'desc')
            .orderBy('p.id', 'desc')
            .limit(limit)
            .as('b'),
        (join) => join.onTrue(),
      )
      .selectAll('b');

  /**
   * One page of these friends' posts (at most FRIENDS_PER_STATEMENT of them), unexecuted: each
   * friend's first `limit` posts after the cursor, read in order from blog_posts_user_feed_idx
   * (a UNION ALL term per friend on SQLite, a LATERAL subquery on PostgreSQL); the candidates (at most friends x limit rows, however many posts
   * the table holds) sorted and cut to `limit` again; then the authors' names. Every author is
   * a friend, whose users row exists (friendships references users), so joining after the cut
   * keeps what the per-post inner join of the other feeds keeps, in `limit` lookups.
   */
  const friendsPageQuery = (
    friendIds: readonly string[],
    after: FeedCursor | null,
    limit: number,
  ) => {
    if (friendIds.length === 0 || friendIds.length > FRIENDS_PER_STATEMENT) {
      throw new Error(`friendsPageQuery takes 1 to ${FRIENDS_PER_STATEMENT} friends`);
    }
    const candidates = postgres
      ? lateralCandidates(friendIds, after, limit)
      : unionCandidates(friendIds, after, limit);
    const page = db
      .selectFrom(candidates.as('c'))
      .selectAll()
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit);
    // The join may lose the order (a hash join on PostgreSQL): it is said again, over `limit`
    // rows at most.
    return db
      .selectFrom(page.as('f'))
      .innerJoin('users as u', 'u.id', 'f.userId')
      .selectAll('f')
      .select(['u.name', 'u.displayUsername', 'u.profileVisibility'])
      .orderBy('f.createdAt', 'desc')
      .orderBy('f.id', 'desc');
  };

  return {
    feedPageQuery,
    friendIdsQuery,
    friendsPageQuery,
    listFeedPage(options: FeedPageOptions) {
      return feedPageQuery(options).execute();
    },

    /** The ids of the viewer's accepted friends, each once. */
    async acceptedFriendIds(viewerId: string): Promise<string[]> {
      const rows = await friendIdsQuery(viewerId).execute();
      return [...new Set(rows.map((row) => row.friendId))];
    },

    /** Issue 23: which of these readers are suspended now (their posts are left out). */
    async suspendedAmong(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('users as u')
        .select('u.id')
        .where('u.id', 'in', ids)
        .where((eb) => eb.not(notSuspendedSql('u')))
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Issue 23: which of these posts the club's owners hid from its feed. */
    async clubHiddenAmong(clubId: string, postIds: readonly string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('clubHiddenPosts')
        .select('postId')
        .where('clubId', '=', clubId)
        .where('postId', 'in', postIds)
        .execute();
      return new Set(rows.map((row) => row.postId));
    },

    /** See friendsPageQuery: one statement's share of a friends page. */
    listFriendsPage(friendIds: readonly string[], after: FeedCursor | null, limit: number) {
      if (postgres) return friendsPageQuery(friendIds, after, limit).execute();
      // SQLite: building the union costs Kysely about half a millisecond a friend (its
      // builders copy the growing tree at each term: 23 ms for 50 friends on a busy machine),
      // so each shape (friends, cursor or not, limit) is built once, with stand-ins for the
      // values, and run again with the real ones.
      const key = `${friendIds.length}:${after ? 1 : 0}:${limit}`;
      let shape = unionShapes.get(key);
      if (!shape) {
        const stand = (name: string) => `\u0000friends page ${name}\u0000`;
        const query = friendsPageQuery(
          friendIds.map((_, i) => stand(String(i))),
          after ? { createdAt: stand('createdAt'), id: stand('id') } : null,
          limit,
        ).compile();
        const names = new Map<unknown, string>(
          friendIds.map((_, i) => [stand(String(i)), String(i)]),
        );
        names.set(stand('createdAt'), 'createdAt').set(stand('id'), 'id');
        shape = { query, slots: query.parameters.map((p) => names.get(p) ?? null) };
        if (unionShapes.size >= FRIENDS_PER_STATEMENT * 4) unionShapes.clear();
        unionShapes.set(key, shape);
      }
      const { query, slots } = shape;
      const parameters = slots.map((slot, i) =>
        slot === null
          ? query.parameters[i]
          : slot === 'createdAt'
            ? after!.createdAt
            : slot === 'id'
              ? after!.id
              : friendIds[Number(slot)],
      );
      return runCompiled(db, query, parameters);
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
/** A row of a friends page. */
type FriendsPageRow = InferResult<
  ReturnType<ReturnType<typeof createPostsRepository>['friendsPageQuery']>
>[number];

export type FeedRow = Awaited<ReturnType<PostsRepository['listFeedPage']>>[number];
