import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { FeedFilter, FeedResponse } from '../../src/lib/schemas/posts';
import {
  createPostsRepository,
  FRIENDS_PER_STATEMENT,
} from '../../src/server/modules/posts/posts.repository';
import { befriend, createBook, createMemberRow, createPost } from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const feed = (cookie: string, query = '') => call(t.app, 'GET', `/api/posts${query}`, { cookie });

async function feedOk(user: TestUser, filter: FeedFilter, cursor?: string | null) {
  const query = `?filter=${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const response = await feed(user.cookie, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedResponse>();
}

/** Every page of a feed, following nextCursor to the end (or `maxPages`). */
async function allPages(user: TestUser, filter: FeedFilter, maxPages = 20) {
  const pages: FeedResponse[] = [];
  let cursor: string | null = null;
  do {
    const page = await feedOk(user, filter, cursor);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < maxPages);
  return pages;
}

/** Posts in feed order: newest first, the larger id first among equal times. */
const inFeedOrder = <T extends { createdAt: string; id: string }>(posts: readonly T[]) =>
  [...posts].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (b.id < a.id ? -1 : 1));

const postExists = async (id: string) =>
  (await t.app.deps.database.db
    .selectFrom('blogPosts')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

describe('the feed', () => {
  it("shows everyone's posts newest first, with the author's name and the viewer's own flag", async () => {
    const reader = await createUser(t.app);
    const author = await createMemberRow(t.app, { username: 'Prickles' });
    const book = await createBook(t.app, { coverUrl: null });
    const older = await createPost(t.app, author.id, {
      book,
      rating: 5,
      createdAt: '2031-01-01T10:00:00.000Z',
    });
    const mine = await createPost(t.app, reader.id, { createdAt: '2031-01-02T10:00:00.000Z' });

    const { posts } = await feedOk(reader, 'all');
    expect(posts.slice(0, 2).map((p) => p.id)).toEqual([mine.id, older.id]);
    expect(posts[0]!.isOwn).toBe(true);
    expect(posts[1]).toEqual({
      id: older.id,
      userId: author.id,
      username: 'Prickles',
      bookIsbn: book.isbn,
      bookTitle: book.title,
      // No stored cover: the generated one.
      coverUrl: `/api/books/${book.isbn}/cover.svg`,
      body: older.body,
      rating: 5,
      createdAt: '2031-01-01T10:00:00.000Z',
      isOwn: false,
      hidden: false,
    });
  });

  it('never hands out markup that was not sanitised, whatever reached the table', async () => {
    const reader = await createUser(t.app);
    await createPost(t.app, reader.id, {
      body: '<p onclick="steal()">Great</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      createdAt: '2032-01-01T00:00:00.000Z',
    });
    const { posts } = await feedOk(reader, 'mine');
    expect(posts[0]!.body).toBe('<p>Great</p>');
  });

  it('pages 25 posts as 10, 10 and 5, without repeats, stable under equal timestamps', async () => {
    const reader = await createUser(t.app);
    // Five posts share each timestamp: the id decides their order.
    const created = [];
    for (let i = 0; i < 25; i += 1) {
      const minute = String(Math.floor(i / 5)).padStart(2, '0');
      created.push(
        await createPost(t.app, reader.id, { createdAt: `2030-05-01T12:${minute}:00.000Z` }),
      );
    }
    const pages = await allPages(reader, 'mine');
    expect(pages.map((p) => p.posts.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const ids = pages.flatMap((p) => p.posts.map((post) => post.id));
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual(inFeedOrder(created).map((p) => p.id));
  });

  it('keeps its place when new posts arrive between pages', async () => {
    const reader = await createUser(t.app);
    for (let i = 0; i < 12; i += 1) {
      await createPost(t.app, reader.id, {
        createdAt: `2029-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      });
    }
    const first = await feedOk(reader, 'mine');
    await createPost(t.app, reader.id, { createdAt: '2029-06-01T00:00:00.000Z' });
    const second = await feedOk(reader, 'mine', first.nextCursor);
    expect(second.posts).toHaveLength(2);
    const firstIds = new Set(first.posts.map((p) => p.id));
    expect(second.posts.some((p) => firstIds.has(p.id))).toBe(false);
    expect(second.nextCursor).toBeNull();
  });

  it("shows only the viewer's own posts under 'mine'", async () => {
    const reader = await createUser(t.app);
    const other = await createMemberRow(t.app);
    const own = await createPost(t.app, reader.id);
    await createPost(t.app, other.id);
    const { posts, nextCursor } = await feedOk(reader, 'mine');
    expect(posts.map((p) => p.id)).toEqual([own.id]);
    expect(nextCursor).toBeNull();
  });

  it("shows every accepted friend's posts under 'friends', more than ten friends included", async () => {
    const reader = await createUser(t.app);
    const friendIds: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const friend = await createMemberRow(t.app);
      // Half asked the reader, half were asked: both directions count.
      if (i % 2 === 0) await befriend(t.app, friend.id, reader.id);
      else await befriend(t.app, reader.id, friend.id);
      friendIds.push(friend.id);
    }
    const pending = await createMemberRow(t.app);
    await befriend(t.app, pending.id, reader.id, 'pending');
    const stranger = await createMemberRow(t.app);
    const expected = [];
    for (const [i, id] of friendIds.entries()) {
      expected.push(
        await createPost(t.app, id, {
          createdAt: `2028-02-01T00:00:${String(i).padStart(2, '0')}.000Z`,
        }),
      );
    }
    await createPost(t.app, pending.id);
    await createPost(t.app, stranger.id);
    await createPost(t.app, reader.id);

    const pages = await allPages(reader, 'friends');
    expect(pages.map((p) => p.posts.length)).toEqual([10, 2]);
    const ids = pages.flatMap((p) => p.posts.map((post) => post.id));
    expect(ids).toEqual(expected.reverse().map((p) => p.id));
    expect(pages.flatMap((p) => p.posts).every((p) => !p.isOwn)).toBe(true);
  });

  it("shows each reader their own friends' posts when their friends pages have the same shape", async () => {
    // Two readers with two friends each: the friends page's statement is built once per shape
    // (friends, cursor or not) and run with each reader's own friends.
    const readers = await Promise.all([1, 2].map(() => createUser(t.app)));
    const expected: string[][] = [];
    for (const reader of readers) {
      const ids: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const friend = await createMemberRow(t.app);
        await befriend(t.app, reader.id, friend.id);
        ids.push((await createPost(t.app, friend.id)).id);
      }
      expected.push(ids);
    }
    for (const [n, reader] of readers.entries()) {
      const { posts } = await feedOk(reader, 'friends');
      expect(posts.map((post) => post.id).sort()).toEqual([...expected[n]!].sort());
    }
  });

  it("finds a lone friend's one old post under many newer ones on page 1", async () => {
    const reader = await createUser(t.app);
    const friend = await createMemberRow(t.app);
    await befriend(t.app, friend.id, reader.id);
    const pending = await createMemberRow(t.app);
    await befriend(t.app, reader.id, pending.id, 'pending');
    const book = await createBook(t.app);
    const old = await createPost(t.app, friend.id, { book, createdAt: '2001-03-04T05:06:07.000Z' });
    // Newer posts by strangers, the pending reader and the reader, all ahead of it in the feed.
    const others = [
      ...(await Promise.all([1, 2, 3].map(() => createMemberRow(t.app)))).map((m) => m.id),
      pending.id,
      reader.id,
    ];
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: randomUUID(),
      userId: others[i % others.length]!,
      bookIsbn: book.isbn,
      bookTitle: book.title,
      coverUrl: null,
      body: '<p>Newer</p>',
      rating: 3,
      createdAt: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
    }));
    await t.app.deps.database.db.insertInto('blogPosts').values(rows).execute();

    const page = await feedOk(reader, 'friends');
    expect(page.posts.map((p) => p.id)).toEqual([old.id]);
    expect(page.posts[0]).toMatchObject({ userId: friend.id, isOwn: false });
    expect(page.posts[0]!.createdAt).toBe(old.createdAt);
    expect(page.nextCursor).toBeNull();
  });

  it("pages 30 friends' posts as 10, 10 and 10, without repeats, stable under equal timestamps", async () => {
    const reader = await createUser(t.app);
    const friends: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const friend = await createMemberRow(t.app);
      if (i % 2 === 0) await befriend(t.app, friend.id, reader.id);
      else await befriend(t.app, reader.id, friend.id);
      friends.push(friend.id);
    }
    const stranger = await createMemberRow(t.app);
    const book = await createBook(t.app);
    // Five posts share each timestamp: the id decides their order. The first friend writes
    // every other post (15, more than a page), the others share the rest.
    const created = [];
    for (let i = 0; i < 30; i += 1) {
      const createdAt = `2027-05-01T12:${String(Math.floor(i / 5)).padStart(2, '0')}:00.000Z`;
      const author = friends[i % 2 === 0 ? 0 : 1 + (((i - 1) / 2) % 4)]!;
      created.push(await createPost(t.app, author, { book, createdAt }));
      // Posts at the same times that the friends feed leaves out.
      if (i % 3 === 0) await createPost(t.app, stranger.id, { book, createdAt });
      if (i % 4 === 0) await createPost(t.app, reader.id, { book, createdAt });
    }

    const pages = await allPages(reader, 'friends');
    expect(pages.map((p) => p.posts.length)).toEqual([10, 10, 10]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const ids = pages.flatMap((p) => p.posts.map((post) => post.id));
    expect(new Set(ids).size).toBe(30);
    expect(ids).toEqual(inFeedOrder(created).map((p) => p.id));
  });

  it(`merges the statements of more than ${FRIENDS_PER_STATEMENT} friends without gaps or repeats`, async () => {
    const reader = await createUser(t.app);
    const book = await createBook(t.app);
    const friendCount = FRIENDS_PER_STATEMENT + 5;
    const friends = await Promise.all(
      Array.from({ length: friendCount }, () => createMemberRow(t.app)),
    );
    const now = new Date().toISOString();
    const { db } = t.app.deps.database;
    await db
      .insertInto('friendships')
      .values(
        friends.map((friend, i) => ({
          id: randomUUID(),
          // Half asked the reader, half were asked.
          senderId: i % 2 === 0 ? friend.id : reader.id,
          receiverId: i % 2 === 0 ? reader.id : friend.id,
          status: 'accepted' as const,
          createdAt: now,
          acceptedAt: now,
        })),
      )
      .execute();
    // One post each, five to a timestamp, so equal times fall in different statements.
    const created = friends.map((friend, i) => ({
      id: randomUUID(),
      userId: friend.id,
      bookIsbn: book.isbn,
      bookTitle: book.title,
      coverUrl: book.coverUrl,
      body: '<p>Hello</p>',
      rating: 4,
      createdAt: `2026-07-01T00:${String(Math.floor(i / 5)).padStart(2, '0')}:00.000Z`,
    }));
    await db.insertInto('blogPosts').values(created).execute();

    const pages = await allPages(reader, 'friends', 100);
    const pageCount = Math.ceil(friendCount / BLOG_PAGE_SIZE);
    expect(pages).toHaveLength(pageCount);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const ids = pages.flatMap((p) => p.posts.map((post) => post.id));
    expect(new Set(ids).size).toBe(friendCount);
    expect(ids).toEqual(inFeedOrder(created).map((p) => p.id));
  });

  it('answers an empty page when the reader has no friends', async () => {
    const reader = await createUser(t.app);
    expect(await feedOk(reader, 'friends')).toEqual({ posts: [], nextCursor: null });
  });

  it('refuses a cursor it did not make, and an unknown filter', async () => {
    const reader = await createUser(t.app);
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not-a-cursor',
      forged({ createdAt: '2030-01-01T00:00:00.000Z' }),
      forged(['yesterday', 'abc']),
      forged(['2030-02-31T00:00:00.000Z', 'abc']),
      forged(['2030-01-01T00:00:00.000Z', '']),
      forged(['2030-01-01T00:00:00.000Z', 7]),
    ]) {
      const response = await feed(reader.cookie, `?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'INVALID_CURSOR',
        message: messages.blog.invalidCursor,
      });
    }
    const badFilter = await feed(reader.cookie, '?filter=everyone');
    expect(badFilter.statusCode).toBe(400);
  });

  it('is for signed-in readers only: guests and signed-out visitors are turned away', async () => {
    const guest = await createGuest(t.app);
    const asGuest = await feed(guest);
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const signedOut = await call(t.app, 'GET', '/api/posts');
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).message).toBe(messages.access.loginRequired);
  });
});

describe('deleting a post', () => {
  const remove = (id: string, cookie?: string) =>
    call(t.app, 'DELETE', `/api/posts/${id}`, cookie ? { cookie } : {});

  it('lets the author delete their post', async () => {
    const author = await createUser(t.app);
    const post = await createPost(t.app, author.id);
    const response = await remove(post.id, author.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.blog.deleted });
    expect(await postExists(post.id)).toBe(false);
  });

  it("refuses another reader's post, even a friend's, and keeps it", async () => {
    const author = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, author.id, friend.id);
    const post = await createPost(t.app, author.id);
    const response = await remove(post.id, friend.cookie);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(messages.access.permissionDenied);
    expect(await postExists(post.id)).toBe(true);
  });

  it('answers an unknown post with the not-found text', async () => {
    const reader = await createUser(t.app);
    const response = await remove('no-such-post', reader.cookie);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.blog.notFound);
  });

  it('turns away guests and signed-out visitors, keeping the post', async () => {
    const author = await createUser(t.app);
    const post = await createPost(t.app, author.id);
    const asGuest = await remove(post.id, await createGuest(t.app));
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const signedOut = await remove(post.id);
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).message).toBe(messages.access.loginRequired);
    expect(await postExists(post.id)).toBe(true);
  });
});

describe('index-backed feed queries', () => {
  let big: TestApp;
  let viewerId: string;
  let friendIds: string[];
  /** The viewer's accepted friends: five the viewer asked, three who asked the viewer. */
  const FRIENDS = 8;

  beforeAll(async () => {
    big = await createTestApp();
    const { db } = big.app.deps.database;
    // Enough rows that a planner with statistics prefers an index to reading everything.
    const authors: { id: string }[] = [];
    for (let i = 0; i < 40; i += 1) authors.push(await createMemberRow(big.app));
    viewerId = authors[0]!.id;
    for (let i = 1; i <= 5; i += 1) await befriend(big.app, viewerId, authors[i]!.id);
    for (let i = 6; i <= 8; i += 1) await befriend(big.app, authors[i]!.id, viewerId);
    // Friendships among the other readers, so friendships is not a table worth scanning.
    const now = new Date().toISOString();
    const others = authors.slice(9);
    const pairs = others.flatMap((a, i) =>
      others.slice(i + 1).map((b, j) => ({
        id: randomUUID(),
        senderId: a.id,
        receiverId: b.id,
        status: j % 3 === 0 ? ('pending' as const) : ('accepted' as const),
        createdAt: now,
        acceptedAt: j % 3 === 0 ? null : now,
      })),
    );
    await db.insertInto('friendships').values(pairs).execute();
    const book = await createBook(big.app);
    const start = Date.UTC(2030, 0, 1);
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      id: `post-${String(i).padStart(5, '0')}`,
      userId: authors[i % authors.length]!.id,
      bookIsbn: book.isbn,
      bookTitle: book.title,
      coverUrl: null,
      body: 'Review',
      rating: 1 + (i % 5),
      createdAt: new Date(start + i * 60_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('blogPosts')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    await sql`analyze`.execute(db);
    friendIds = await createPostsRepository(db).acceptedFriendIds(viewerId);
  }, 60_000);
  afterAll(() => big.close());

  interface PlanNode extends Record<string, unknown> {
    'Node Type'?: string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  }

  /**
   * The plan of a query the repository builds: SQLite's rows (detail, with the tree as
   * id/parent), or PostgreSQL's nodes, flattened, and its root.
   */
  async function planOf(query: CompiledQuery) {
    const { raw, kind } = big.app.deps.database;
    if (kind === 'sqlite') {
      const result = await raw.executeQuery<{ id: number; parent: number; detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      const rows = result.rows;
      return { kind, rows, lines: rows.map((r) => r.detail), nodes: [], root: undefined };
    }
    const result = await raw.transaction().execute(async (trx) => {
      // Small test tables: forbid the sequential scan so only an index or a sort can serve.
      await sql`set local enable_seqscan = off`.execute(trx);
      return trx.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
    });
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    const planJson = result.rows[0]!['QUERY PLAN'];
    const parsed = (typeof planJson === 'string' ? JSON.parse(planJson) : planJson) as {
      Plan: PlanNode;
    }[];
    const root = parsed[0]!.Plan;
    walk(root);
    return { kind, rows: [], lines: [], nodes, root };
  }

  const repository = () => createPostsRepository(big.app.deps.database.db);
  const laterCursor = { createdAt: '2030-01-02T00:00:00.000Z', id: 'x' };
  const pages = ['first', 'later'] as const;
  const afterOf = (page: (typeof pages)[number]) => (page === 'first' ? null : laterCursor);

  const cases: ['all' | 'mine', string][] = [
    ['all', 'blog_posts_feed_idx'],
    ['mine', 'blog_posts_user_feed_idx'],
  ];

  for (const [filter, index] of cases) {
    for (const page of pages) {
      it(`reads the ${page} '${filter}' page from ${index}, with no sort and no table scan`, async () => {
        const plan = await planOf(
          repository()
            .feedPageQuery({ filter, viewerId, after: afterOf(page), limit: BLOG_PAGE_SIZE + 1 })
            .compile(),
        );
        if (plan.kind === 'sqlite') {
          const text = plan.lines.join('\n');
          expect(text).toContain(index);
          expect(text).not.toContain('USE TEMP B-TREE');
          // Every visit to a table (posts p, users u) goes through an index.
          const visits = plan.lines.filter((l) => /^(SCAN|SEARCH) [pu]\b/.test(l));
          expect(visits.length).toBeGreaterThan(0);
          for (const line of visits) expect(line).toMatch(/USING (COVERING |PRIMARY KEY )?INDEX/);
        } else {
          const types = plan.nodes.map((n) => n['Node Type']);
          expect(
            plan.nodes.some((n) => n['Index Name'] === index),
            JSON.stringify(types),
          ).toBe(true);
          expect(types).not.toContain('Sort');
          expect(types).not.toContain('Incremental Sort');
          // Sequential scans are switched off: one here would mean no index could serve.
          expect(types).not.toContain('Seq Scan');
        }
      });
    }
  }

  it("reads the viewer's friends from the friendships indexes, both directions", async () => {
    expect(friendIds).toHaveLength(FRIENDS);
    const plan = await planOf(repository().friendIdsQuery(viewerId).compile());
    if (plan.kind === 'sqlite') {
      const visits = plan.lines.filter((l) => /^(SCAN|SEARCH) friendships\b/.test(l));
      expect(visits, plan.lines.join('\n')).toHaveLength(2);
      for (const line of visits)
        expect(line).toMatch(/^SEARCH friendships USING (COVERING )?INDEX/);
    } else {
      const types = plan.nodes.map((n) => n['Node Type']);
      expect(types).not.toContain('Seq Scan');
      const indexes = plan.nodes.map((n) => n['Index Name']);
      expect(indexes).toContain('friendships_pair_unique');
      expect(indexes).toContain('friendships_receiver_idx');
    }
  });

  // The friends page: each friend's own page of 11 read in order from blog_posts_user_feed_idx
  // (never a walk down blog_posts_feed_idx), then the candidates, at most friends x 11 rows,
  // sorted and cut to 11. That final sort is expected; a sort of blog_posts rows is not.
  for (const page of pages) {
    it(`reads the ${page} 'friends' page per friend from blog_posts_user_feed_idx, sorting only the candidates`, async () => {
      const plan = await planOf(
        repository()
          .friendsPageQuery(friendIds, afterOf(page), BLOG_PAGE_SIZE + 1)
          .compile(),
      );
      if (plan.kind === 'sqlite') {
        const text = plan.lines.join('\n');
        // One index search per friend, and no scan of the posts at all.
        const postVisits = plan.lines.filter((l) => /^(SCAN|SEARCH) p\b/.test(l));
        expect(postVisits, text).toHaveLength(FRIENDS);
        for (const line of postVisits) {
          expect(line).toMatch(
            /^SEARCH p USING (COVERING )?INDEX blog_posts_user_feed_idx \(user_id=\?/,
          );
        }
        expect(text).not.toContain('blog_posts_feed_idx');
        for (const line of plan.lines.filter((l) => /^(SCAN|SEARCH) u\b/.test(l))) {
          expect(line).toMatch(/USING (COVERING |PRIMARY KEY )?INDEX/);
        }
        // Each sort orders what a subquery handed up (a friend's 11 rows, or the candidates),
        // never rows read from blog_posts.
        for (const sort of plan.rows.filter((r) => r.detail.startsWith('USE TEMP B-TREE'))) {
          const reads = plan.rows.filter(
            (r) => r.parent === sort.parent && /^(SCAN|SEARCH) /.test(r.detail),
          );
          expect(reads.length, text).toBeGreaterThan(0);
          for (const read of reads) expect(read.detail, text).toMatch(/^SCAN [bc]$/);
        }
      } else {
        const types = plan.nodes.map((n) => n['Node Type']);
        // One LATERAL subquery, run once per friend (the friends are one array parameter).
        const postScans = plan.nodes.filter((n) => n['Relation Name'] === 'blog_posts');
        expect(postScans, JSON.stringify(types)).toHaveLength(1);
        expect(types).toContain('Function Scan');
        for (const scan of postScans) {
          expect(['Index Scan', 'Index Only Scan']).toContain(scan['Node Type']);
          expect(scan['Index Name']).toBe('blog_posts_user_feed_idx');
        }
        expect(types).not.toContain('Seq Scan');
        // A sort may only see candidates already cut to a friend's page: a Limit stands
        // between any Sort and the blog_posts scans below it.
        const sortsUncutPosts = (node: PlanNode, sorting: boolean): boolean => {
          const type = node['Node Type'];
          const nowSorting =
            type === 'Limit' ? false : sorting || type === 'Sort' || type === 'Incremental Sort';
          if (nowSorting && node['Relation Name'] === 'blog_posts') return true;
          return (node.Plans ?? []).some((child) => sortsUncutPosts(child, nowSorting));
        };
        expect(sortsUncutPosts(plan.root, false), JSON.stringify(types)).toBe(false);
      }
    });
  }

  it('answers the same friends page as a plain query over all the posts', async () => {
    const { db } = big.app.deps.database;
    for (const after of [null, laterCursor]) {
      const page = await repository().listFriendsPage(friendIds, after, BLOG_PAGE_SIZE + 1);
      let plain = db.selectFrom('blogPosts').select('id').where('userId', 'in', friendIds);
      if (after) {
        plain = plain.where((eb) =>
          eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after.createdAt, after.id)),
        );
      }
      const expected = await plain
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(BLOG_PAGE_SIZE + 1)
        .execute();
      expect(page.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    }
  });

  it('answers the same first page the plan describes', async () => {
    const response = await big.app.deps.database.db
      .selectFrom('blogPosts')
      .select('id')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(response.id).toBe('post-03999');
  });
});
