import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig, type AppConfig } from '../src/server/config';
import { migrateToLatest } from '../src/server/db/migrate';
import { send, signUpAndIn, type BenchAccount } from './accounts';
import { isbnForIndex } from './generate-books';
import { seededRandom, summarize, type LatencySummary } from './stats';

export interface FeedSettings {
  users: number;
  /** Accepted friends each reader has (half sent, half received). */
  friendsEach: number;
  posts: number;
  /**
   * The posts of the small dataset page 1 is compared against: the viewer's and a friend's in
   * turn, so with 20 every filter's page 1 is a full page of 10, as at `posts` (a page of
   * fewer posts would cost less to send, whatever the query).
   */
  smallPosts: number;
  /** The signed-in reader's own posts among `posts` (so My Posts has pages to follow). */
  viewerPosts: number;
  requestsEach: number;
  /** Requests of the one-friend reader's friends feed (the case a walk down the whole feed index once made slow). */
  lonerRequests: number;
}

export const DEFAULT_FEED_SETTINGS: FeedSettings = {
  users: 10_000,
  friendsEach: 20,
  posts: 100_000,
  smallPosts: 20,
  viewerPosts: 100,
  requestsEach: 200,
  lonerRequests: 20,
};

export interface FeedScenario {
  name: string;
  latency: LatencySummary;
  /** Posts (or leaderboard entries) the response held. */
  items: number;
  non2xx: number;
}

export interface FeedFigures {
  settings: FeedSettings;
  /** Bulk-inserting users, friendships and posts into the big dataset. */
  generateMs: number;
  big: FeedScenario[];
  small: FeedScenario[];
  /** Page 1 at `posts` over page 1 at `smallPosts`, by p50 and by p95, per filter. */
  pageOneRatios: { filter: string; p50: number; p95: number }[];
}

interface Dataset {
  app: FastifyInstance;
  /** The signed-in reader of the probes: about `friendsEach` friends. */
  viewer: BenchAccount;
  /** A reader with one friend (a newcomer): the friends feed's hardest case. */
  loner: BenchAccount;
  close(): Promise<void>;
}

// prettier-ignore
const WORDS = [
  'loved', 'hedgehog', 'slow', 'start', 'but', 'the', 'ending', 'made', 'me', 'cry', 'a', 'quiet',
  'book', 'about', 'grief', 'and', 'gardens', 'perfect', 'for', 'winter', 'evenings',
  'characters', 'felt', 'real', 'plot', 'twist', 'I', 'did', 'not', 'see', 'coming', 'would',
  'read', 'again',
] as const;

/**
 * A fresh app on its own SQLite file with `posts` posts: the signed-in reader comes through
 * the real sign-up and sign-in routes; the other readers, their friendships and every post
 * are written straight to the tables (columns as migration 001/002 define them), in one
 * transaction on a second connection.
 */
export async function buildDataset(
  settings: FeedSettings,
  posts: number,
): Promise<Dataset & { ms: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bingo-feed-bench-'));
  const file = path.join(dir, 'feed.sqlite');
  const unlimited = { max: 1_000_000_000 };
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://127.0.0.1:3999',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      CAPTCHA_COST: '10',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent-static-dir',
      DATA_DIR: dir,
      SQLITE_PATH: file,
    }),
    socialRateLimits: { blogRefreshes: unlimited },
    readingRateLimits: { leaderboardUpdates: unlimited },
  };
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, logger: false });
    await migrateToLatest(app.deps.database);
    await app.ready();
    const viewer = await signUpAndIn(app, 'feedreader@example.com');
    const loner = await signUpAndIn(app, 'feedloner@example.com');
    const started = performance.now();
    fill(file, { viewerId: viewer.id, lonerId: loner.id }, settings, posts);
    const ms = performance.now() - started;
    const opened = app;
    return {
      app: opened,
      viewer,
      loner,
      ms,
      async close() {
        try {
          await opened.close();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Readers 1..n-1 after the viewer, friendships (a circulant graph: the same offsets for
 * everyone, so each reader has `friendsEach`), the loner's one friendship, and the posts.
 */
function fill(
  file: string,
  { viewerId, lonerId }: { viewerId: string; lonerId: string },
  settings: FeedSettings,
  posts: number,
) {
  const random = seededRandom(2024);
  const sqlite = new SqliteDatabase(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    const ids = [viewerId];
    const now = Date.now();
    const iso = (t: number) => new Date(t).toISOString();
    const insertUser = sqlite.prepare(
      `insert into users (id, name, email, email_verified, created_at, updated_at, is_anonymous,
        username, display_username, role, points)
       values (?, ?, ?, 0, ?, ?, 0, ?, ?, 'user', ?)`,
    );
    const insertFriendship = sqlite.prepare(
      `insert into friendships (id, sender_id, receiver_id, status, created_at, accepted_at)
       values (?, ?, ?, 'accepted', ?, ?)`,
    );
    const insertPost = sqlite.prepare(
      `insert into blog_posts (id, user_id, book_isbn, book_title, cover_url, body, rating, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const YEAR_MS = 365 * 24 * 3600 * 1000;
    sqlite.transaction(() => {
      for (let i = 1; i < settings.users; i += 1) {
        const id = random.uuid();
        const created = iso(now - random.next() * YEAR_MS);
        const username = `reader_${i}`;
        const points = random.int(40) * 10;
        insertUser.run(
          id,
          `Reader ${i}`,
          `reader${i}@example.com`,
          created,
          created,
          username,
          username,
          points,
        );
        ids.push(id);
      }
      // Offsets below n/2 never pair two readers twice (the unique (sender, receiver) rule).
      const offsets = new Set<number>();
      while (offsets.size < settings.friendsEach / 2) {
        offsets.add(1 + random.int(Math.floor(settings.users / 2) - 1));
      }
      for (let i = 0; i < ids.length; i += 1) {
        for (const offset of offsets) {
          const at = iso(now - random.next() * YEAR_MS);
          insertFriendship.run(random.uuid(), ids[i], ids[(i + offset) % ids.length], at, at);
        }
      }
      const lonerAt = iso(now);
      insertFriendship.run(random.uuid(), lonerId, ids[1], lonerAt, lonerAt);
      // Big: random authors (so about friendsEach/users of the posts are friends') with every
      // so many posts the viewer's. Small: the viewer and a friend in turn.
      const viewerEvery = Math.max(1, Math.floor(posts / settings.viewerPosts));
      const friends = [...offsets].flatMap((o) => [ids[o]!, ids[ids.length - o]!]);
      const authorOf = (p: number) => {
        if (posts < 1000) return p % 2 === 0 ? viewerId : random.pick(friends);
        return p % viewerEvery === 0 ? viewerId : ids[random.int(ids.length)]!;
      };
      for (let p = 0; p < posts; p += 1) {
        const author = authorOf(p);
        const book = random.int(5000);
        const body = Array.from({ length: 12 + random.int(30) }, () => random.pick(WORDS)).join(
          ' ',
        );
        insertPost.run(
          random.uuid(),
          author,
          isbnForIndex(book),
          `Book number ${book}`,
          random.int(3) === 0 ? null : `https://covers.example/${book}.jpg`,
          `<p>${body}.</p>`,
          1 + random.int(5),
          iso(now - random.next() * YEAR_MS),
        );
      }
    })();
  } finally {
    sqlite.close();
  }
}

interface Probe {
  name: string;
  url: string;
  /** Whose session asks. */
  as: BenchAccount;
  /** Fewer timed requests than the others (a slow probe that would blow the time budget). */
  requests?: number;
}

/** The URL of page `page` of a feed filter, following nextCursor from page 1 (null: no such page). */
async function feedPageUrl(dataset: Dataset, filter: string, page: number): Promise<string | null> {
  let url = `/api/posts?filter=${filter}`;
  for (let p = 1; p < page; p += 1) {
    const response = await send(dataset.app, 'GET', url, { cookie: dataset.viewer.cookie });
    const { nextCursor } = response.json<{ nextCursor: string | null }>();
    if (!nextCursor) return null;
    url = `/api/posts?filter=${filter}&cursor=${encodeURIComponent(nextCursor)}`;
  }
  return url;
}

async function probesFor(
  dataset: Dataset,
  pages: readonly number[],
  lonerRequests: number,
): Promise<Probe[]> {
  const as = dataset.viewer;
  const probes: Probe[] = [];
  for (const filter of ['all', 'friends', 'mine']) {
    for (const page of pages) {
      const url = await feedPageUrl(dataset, filter, page);
      if (url) probes.push({ name: `GET /api/posts?filter=${filter} page ${page}`, url, as });
    }
  }
  probes.push({
    name: 'GET /api/leaderboard?scope=friends',
    url: '/api/leaderboard?scope=friends',
    as,
  });
  probes.push({ name: 'GET /api/me (session floor)', url: '/api/me', as });
  if (lonerRequests > 0) {
    probes.push({
      name: 'GET /api/posts?filter=friends page 1, reader with 1 friend',
      url: '/api/posts?filter=friends',
      as: dataset.loner,
      requests: lonerRequests,
    });
  }
  return probes;
}

const itemsOf = (body: unknown): number => {
  const b = body as { posts?: unknown[]; entries?: unknown[] };
  return b.posts?.length ?? b.entries?.length ?? 1;
};

/**
 * Times each probe in a block of its own, its requests alternating between the datasets that
 * have it (big, small, big, ...) after a warm-up, so both sides of a ratio see the same
 * neighbours: a slow probe run just before would otherwise leave SQLite's page cache cold for
 * whichever request follows it, and a noisy moment on the machine hits both sides alike.
 */
async function timeProbes(
  sets: { dataset: Dataset; probes: Probe[] }[],
  requestsEach: number,
): Promise<FeedScenario[][]> {
  const results = sets.map(() => [] as FeedScenario[]);
  const names = [...new Set(sets.flatMap((set) => set.probes.map((p) => p.name)))];
  for (const name of names) {
    const members = sets.flatMap((set, s) => {
      const probe = set.probes.find((p) => p.name === name);
      return probe
        ? [{ s, dataset: set.dataset, probe, samples: [] as number[], items: 0, non2xx: 0 }]
        : [];
    });
    const wanted = members[0]!.probe.requests ?? requestsEach;
    const warmup = members[0]!.probe.requests ? 2 : 20;
    for (let round = 0; round < warmup + wanted; round += 1) {
      for (const member of members) {
        const t0 = performance.now();
        const response = await send(member.dataset.app, 'GET', member.probe.url, {
          cookie: member.probe.as.cookie,
        });
        const elapsed = performance.now() - t0;
        if (round < warmup) continue;
        member.samples.push(elapsed);
        if (response.statusCode >= 300) member.non2xx += 1;
        else member.items = itemsOf(response.json());
      }
    }
    for (const member of members) {
      results[member.s]!.push({
        name,
        latency: summarize(member.samples),
        items: member.items,
        non2xx: member.non2xx,
      });
    }
  }
  return results;
}

/**
 * The blog feed and the friends leaderboard (issue 4) with 10,000 readers of about 20 friends
 * each and 100,000 posts over a year on SQLite, through app.inject with a real session; and
 * page 1 of a table of 20 posts against page 1 at 100,000 (the feed must cost the same).
 */
export async function measureFeedLatency(
  settings: FeedSettings = DEFAULT_FEED_SETTINGS,
): Promise<FeedFigures> {
  const big = await buildDataset(settings, settings.posts);
  try {
    const small = await buildDataset(settings, settings.smallPosts);
    try {
      const [bigScenarios, smallScenarios] = await timeProbes(
        [
          { dataset: big, probes: await probesFor(big, [1, 5], settings.lonerRequests) },
          { dataset: small, probes: await probesFor(small, [1], 0) },
        ],
        settings.requestsEach,
      );
      const pageOneRatios = ['all', 'friends', 'mine'].map((filter) => {
        const name = `GET /api/posts?filter=${filter} page 1`;
        const a = bigScenarios!.find((s) => s.name === name);
        const b = smallScenarios!.find((s) => s.name === name);
        return {
          filter,
          p50: a && b ? a.latency.p50 / b.latency.p50 : Number.NaN,
          p95: a && b ? a.latency.p95 / b.latency.p95 : Number.NaN,
        };
      });
      return {
        settings,
        generateMs: big.ms,
        big: bigScenarios!,
        small: smallScenarios!,
        pageOneRatios,
      };
    } finally {
      await small.close();
    }
  } finally {
    await big.close();
  }
}
