import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import {
  SOCIAL_RATE_LIMITS,
  type SocialRateLimitFeature,
  type SocialRateLimitOverrides,
} from '../../src/server/http/social-rate-limits';
import { createBook, createFinishedBook, createMemberRow, createPost } from '../helpers/factories';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

const MAX = 2;

let t: TestApp;
beforeAll(async () => {
  // Every social limit lowered to 2 a minute, so each can be tripped in three requests.
  const overrides = Object.fromEntries(
    Object.keys(SOCIAL_RATE_LIMITS).map((feature) => [feature, { max: MAX }]),
  ) as SocialRateLimitOverrides;
  t = await createTestApp({}, { config: { socialRateLimits: overrides } });
});
afterAll(() => t.close());

interface LimitCase {
  feature: SocialRateLimitFeature;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The request, built for one reader; `changed` says whether the refused one wrote anyway. */
  prepare(
    user: TestUser,
  ): Promise<{ url: string; body?: unknown; changed?: () => Promise<boolean> }>;
}

const db = () => t.app.deps.database.db;

const cases: LimitCase[] = [
  {
    feature: 'friendRequests',
    method: 'POST',
    async prepare(user) {
      const targets: { username: string }[] = [];
      for (let i = 0; i <= MAX; i += 1) targets.push(await createMemberRow(t.app));
      let n = 0;
      return {
        url: '/api/friends',
        get body() {
          return { query: targets[n++]!.username };
        },
        changed: async () =>
          (
            await db()
              .selectFrom('friendships')
              .select('id')
              .where('senderId', '=', user.id)
              .execute()
          ).length > MAX,
      };
    },
  },
  {
    feature: 'friendListRefreshes',
    method: 'GET',
    prepare: () => Promise.resolve({ url: '/api/friends' }),
  },
  {
    feature: 'blogRefreshes',
    method: 'GET',
    prepare: () => Promise.resolve({ url: '/api/posts' }),
  },
  {
    feature: 'profileRefreshes',
    method: 'GET',
    prepare: () => Promise.resolve({ url: '/api/profile' }),
  },
  {
    feature: 'profileUpdates',
    method: 'PATCH',
    prepare(user) {
      let n = 0;
      return Promise.resolve({
        url: '/api/profile',
        get body() {
          n += 1;
          return { bio: `Bio number ${n}` };
        },
        changed: async () =>
          (
            await db()
              .selectFrom('users')
              .select('bio')
              .where('id', '=', user.id)
              .executeTakeFirstOrThrow()
          ).bio === `Bio number ${MAX + 1}`,
      });
    },
  },
  {
    feature: 'ratingUpdates',
    method: 'PATCH',
    async prepare(user) {
      const book = await createFinishedBook(t.app, user.id);
      let rating = 0;
      return {
        url: `/api/finished-books/${book.isbn}`,
        get body() {
          rating += 1;
          return { rating };
        },
        changed: async () =>
          (
            await db()
              .selectFrom('finishedBooks')
              .select('rating')
              .where('userId', '=', user.id)
              .executeTakeFirstOrThrow()
          ).rating ===
          MAX + 1,
      };
    },
  },
  {
    feature: 'bookUpdates',
    method: 'POST',
    async prepare(user) {
      const books = [await createBook(t.app), await createBook(t.app), await createBook(t.app)];
      let n = 0;
      return {
        url: '/api/want-to-read',
        get body() {
          return { isbn: books[n++]!.isbn };
        },
        changed: async () =>
          (await db().selectFrom('wantToRead').select('id').where('userId', '=', user.id).execute())
            .length > MAX,
      };
    },
  },
  {
    feature: 'postDeletes',
    method: 'DELETE',
    async prepare(user) {
      const posts: { id: string }[] = [];
      for (let i = 0; i <= MAX; i += 1) posts.push(await createPost(t.app, user.id));
      let n = 0;
      return {
        get url() {
          return `/api/posts/${posts[n++]!.id}`;
        },
        changed: async () =>
          (await db().selectFrom('blogPosts').select('id').where('userId', '=', user.id).execute())
            .length < 1,
      };
    },
  },
];

describe('social rate limits', () => {
  for (const limit of cases) {
    it(`answers ${limit.feature} past its limit with the spec's text, changing nothing`, async () => {
      const user = await createUser(t.app);
      const request = await limit.prepare(user);
      for (let i = 0; i < MAX; i += 1) {
        const allowed = await call(t.app, limit.method, request.url, {
          cookie: user.cookie,
          body: request.body,
        });
        expect(allowed.statusCode).not.toBe(429);
      }
      const refused = await call(t.app, limit.method, request.url, {
        cookie: user.cookie,
        body: request.body,
      });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toEqual({
        code: 'RATE_LIMITED',
        message: SOCIAL_RATE_LIMITS[limit.feature].message,
      });
      if (request.changed) expect(await request.changed()).toBe(false);
      // Counted per reader: someone else is not held back.
      const other = await createUser(t.app);
      const otherRequest = await limit.prepare(other);
      const fine = await call(t.app, limit.method, otherRequest.url, {
        cookie: other.cookie,
        body: otherRequest.body,
      });
      expect(fine.statusCode).not.toBe(429);
    });
  }

  it('uses the spec texts for each feature', () => {
    expect(SOCIAL_RATE_LIMITS.friendRequests.message).toBe(messages.rateLimit.friendRequests);
    expect(SOCIAL_RATE_LIMITS.friendListRefreshes.message).toBe(
      messages.rateLimit.friendListRefreshes,
    );
    expect(SOCIAL_RATE_LIMITS.blogRefreshes.message).toBe(messages.rateLimit.blogRefreshes);
    expect(SOCIAL_RATE_LIMITS.profileRefreshes.message).toBe(messages.rateLimit.profileRefreshes);
    expect(SOCIAL_RATE_LIMITS.profileUpdates.message).toBe(messages.rateLimit.profileUpdates);
    expect(SOCIAL_RATE_LIMITS.ratingUpdates.message).toBe(messages.rateLimit.ratingUpdates);
    expect(SOCIAL_RATE_LIMITS.bookUpdates.message).toBe(messages.rateLimit.bookUpdates);
  });
});

describe('the default numbers', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('allows 20 friend requests a minute and refuses the 21st', async () => {
    const user = await createUser(plain.app);
    const { max } = SOCIAL_RATE_LIMITS.friendRequests;
    expect(max).toBe(20);
    for (let i = 0; i < max; i += 1) {
      const response = await call(plain.app, 'POST', '/api/friends', {
        cookie: user.cookie,
        body: { query: `nobody_${i}` },
      });
      expect(response.statusCode).toBe(404);
    }
    const target = await createMemberRow(plain.app);
    const refused = await call(plain.app, 'POST', '/api/friends', {
      cookie: user.cookie,
      body: { query: target.username },
    });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.rateLimit.friendRequests);
  });
});
