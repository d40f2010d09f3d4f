import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { BookResponse } from '../../src/lib/schemas/books';
import { isbn13 } from '../helpers/books';
import { createTestCluster, redisServer, useThrowawayRedis } from '../helpers/cluster';
import { FakeProviders, googleVolume, googleVolumes } from '../helpers/fake-providers';
import {
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  TEST_ORIGIN,
  type TestApp,
} from '../helpers/test-app';

// Security review: guests are free, so the per-reader limits on search and lookup do not bound
// one address; and an ISBN no provider knows went out again on every lookup.

const fake = new FakeProviders();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.reset());
afterEach(() => expect(fake.unexpected).toEqual([]));

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app on the fake providers whose per-address ceilings are `searches` and `lookups`. */
async function appWithCeilings(
  ceilings: { searches?: number; lookups?: number; refills?: number },
  env: Record<string, string> = {},
) {
  const t = await createTestApp(
    { ...fake.env(), ...env },
    {
      config: {
        providerAddressLimits: {
          ...(ceilings.searches ? { bookSearches: { max: ceilings.searches } } : {}),
          ...(ceilings.lookups ? { bookLookups: { max: ceilings.lookups } } : {}),
          ...(ceilings.refills ? { recommendationRefills: { max: ceilings.refills } } : {}),
        },
      },
    },
  );
  apps.push(t);
  return t;
}

/** A GET from `address` (the app does not trust a proxy, so this is request.ip). */
function getFrom(
  t: TestApp,
  url: string,
  cookie: string,
  address = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: address,
    headers: { origin: TEST_ORIGIN, cookie },
  });
}

const searchUrl = (n: number) => `/api/books/search?q=${encodeURIComponent(`nothing ${n}`)}`;

describe('the per-address ceiling on book searches', () => {
  it('counts every guest of one address together: past it, 429 with the search text, no provider call', async () => {
    const t = await appWithCeilings({ searches: 5 });
    const guests = [await createGuest(t.app), await createGuest(t.app), await createGuest(t.app)];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await getFrom(t, searchUrl(i), guests[i % 3]!)).statusCode);
    }
    // Each guest is far below its own 60: only the address's ceiling refuses.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const asked = fake.requests.length;
    expect(asked).toBe(10); // both providers, for each of the 5 searches that went through

    const refused = await getFrom(t, searchUrl(99), await createGuest(t.app));
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.rateLimit.bookSearches);
    expect(fake.requests.length).toBe(asked);

    // Another address is not held back by this one, even with one of these guests.
    expect((await getFrom(t, searchUrl(100), guests[0]!, '203.0.113.7')).statusCode).toBe(200);
  });

  it('covers onboarding search too, which goes through the same providers', async () => {
    const t = await appWithCeilings({ searches: 3 });
    const member = await createUser(t.app);
    const guest = await createGuest(t.app);
    for (let i = 0; i < 3; i += 1) {
      expect((await getFrom(t, searchUrl(i), guest)).statusCode).toBe(200);
    }
    const asked = fake.requests.length;
    const refused = await getFrom(
      t,
      '/api/recommendations/onboarding-search?q=hedgehogs',
      member.cookie,
    );
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.rateLimit.bookSearches);
    expect(fake.requests.length).toBe(asked);
  });

  it('follows RATE_LIMIT_SCALE: doubled at 2, lifted at 0', async () => {
    const doubled = await appWithCeilings({ searches: 2 }, { RATE_LIMIT_SCALE: '2' });
    const guest = await createGuest(doubled.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await getFrom(doubled, searchUrl(i), guest)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);

    const lifted = await appWithCeilings({ searches: 2 }, { RATE_LIMIT_SCALE: '0' });
    const another = await createGuest(lifted.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await getFrom(lifted, searchUrl(i), another)).statusCode).toBe(200);
    }
  });
});

describe('the per-address ceiling on book lookups', () => {
  it('counts every guest of one address together: past it, 429 with the generic text, no provider call', async () => {
    const t = await appWithCeilings({ lookups: 4 });
    const guests = [await createGuest(t.app), await createGuest(t.app)];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const isbn = isbn13(`97855500000${i}`);
      statuses.push((await getFrom(t, `/api/books/${isbn}`, guests[i % 2]!)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    expect(fake.requests.length).toBe(8);
    const refused = await getFrom(t, `/api/books/${isbn13('978555000009')}`, guests[0]!);
    expect(errorOf(refused).message).toBe(messages.rateLimit.generic);
    expect(fake.requests.length).toBe(8);
  });
});

describe('the per-address ceiling on recommendation refills', () => {
  it('counts every reader of one address together: past it, 429 with the recommendations text, no provider call', async () => {
    const t = await appWithCeilings({ refills: 3 });
    // Each reader's own throttle allows one refill every 5 s: three readers, one refill each.
    const readers = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (const reader of readers) {
      expect((await getFrom(t, '/api/recommendations/queue', reader.cookie)).statusCode).toBe(200);
    }
    const asked = fake.requests.length;
    expect(asked).toBeGreaterThan(0); // an empty catalogue: every refill went out to the providers

    const refused = await getFrom(
      t,
      '/api/recommendations/queue',
      (await createUser(t.app)).cookie,
    );
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.rateLimit.recommendationUpdates);
    expect(fake.requests.length).toBe(asked);

    // Another address is not held back by this one.
    const elsewhere = await createUser(t.app);
    expect(
      (await getFrom(t, '/api/recommendations/queue', elsewhere.cookie, '203.0.113.7')).statusCode,
    ).toBe(200);
  });
});

describe('the refill ceiling and the reader throttle', () => {
  it("counts only the refills a reader's own throttle let through", async () => {
    const t = await appWithCeilings({ refills: 2 });
    const eager = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await getFrom(t, '/api/recommendations/queue', eager.cookie)).statusCode);
    }
    // Sooner than 5 s after the first: the reader's throttle refuses, the address keeps its share.
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    const second = await createUser(t.app);
    expect((await getFrom(t, '/api/recommendations/queue', second.cookie)).statusCode).toBe(200);
    const third = await getFrom(t, '/api/recommendations/queue', (await createUser(t.app)).cookie);
    expect(third.statusCode).toBe(429);
    expect(errorOf(third).message).toBe(messages.rateLimit.recommendationUpdates);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('an ISBN no provider knows', () => {
  let t: TestApp;
  let guest: string;
  beforeAll(async () => {
    t = await createTestApp(fake.env());
    guest = await createGuest(t.app);
  });
  afterAll(() => t.close());

  const lookUp = (isbn: string) => getFrom(t, `/api/books/${isbn}`, guest);

  it('is asked about once: the next lookups answer 404 from memory', async () => {
    const isbn = isbn13('978777000001');
    for (let i = 0; i < 20; i += 1) {
      const response = await lookUp(isbn);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(messages.book.notFound);
    }
    expect(fake.requestsTo('google')).toHaveLength(1);
    expect(fake.requestsTo('openlibrary')).toHaveLength(1);
  });

  it('is asked about again after a provider failed (a 500 is not "not found")', async () => {
    const isbn = isbn13('978777000002');
    fake.google = () => ({ status: 500 });
    expect((await lookUp(isbn)).statusCode).toBe(404);
    fake.google = (query) =>
      query.get('q') === `isbn:${isbn}`
        ? googleVolumes([
            googleVolume('late', {
              title: 'Late Bloomer',
              authors: ['Sam Hedge'],
              industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn }],
            }),
          ])
        : googleVolumes([]);
    const found = await lookUp(isbn);
    expect(found.statusCode).toBe(200);
    expect(found.json<BookResponse>().book.title).toBe('Late Bloomer');
    expect(fake.requestsTo('google')).toHaveLength(2);
  });

  it('is asked about again after the other provider failed or timed out', async () => {
    const failed = isbn13('978777000003');
    fake.openLibrary = () => ({ status: 503 });
    expect((await lookUp(failed)).statusCode).toBe(404);
    fake.reset();
    expect((await lookUp(failed)).statusCode).toBe(404);
    expect(fake.requestsTo('google')).toHaveLength(1);
    expect(fake.requestsTo('openlibrary')).toHaveLength(1);

    const slow = isbn13('978777000004');
    fake.reset();
    fake.openLibrary = () => ({ body: { numFound: 0, docs: [] }, delayMs: 1000 });
    expect((await lookUp(slow)).statusCode).toBe(404);
    fake.reset();
    expect((await lookUp(slow)).statusCode).toBe(404);
    expect(fake.requestsTo('openlibrary')).toHaveLength(1);
  });
});

// With REDIS_URL, the ceiling counts in the shared store like every other limit.
describe.skipIf(!redisServer)('the per-address ceiling with two instances sharing Redis', () => {
  const redis = useThrowawayRedis();

  it('trips at the same count whichever instance serves each request', async () => {
    const cluster = await createTestCluster(redis.current.url, {
      env: fake.env(),
      config: { providerAddressLimits: { bookSearches: { max: 4 } } },
    });
    try {
      const [a, b] = cluster.apps as [TestApp['app'], TestApp['app']];
      const guests = [await createGuest(a), await createGuest(b)];
      const searchOn = (app: TestApp['app'], n: number) =>
        app.inject({
          method: 'GET',
          url: searchUrl(n),
          headers: { origin: TEST_ORIGIN, cookie: guests[n % 2]! },
        });
      const statuses: number[] = [];
      for (const [n, app] of [a, b, a, b, a, b].entries()) {
        statuses.push((await searchOn(app, n)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await cluster.close();
    }
  });
});
