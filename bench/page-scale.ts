import { sql } from 'kysely';
import { DEFAULT_CHALLENGES } from '../src/lib/challenges';
import { createGridsRepository } from '../src/server/modules/grids/grids.repository';
import { send, signUpAndIn } from './accounts';
import { startBenchServer } from './bench-server';
import { insertBatched, insertReaders, newestSharedGridId, placeCrowd } from './crowd';
import { seededRandom, summarize, type LatencySummary } from './stats';

/**
 * Issue 27, "cost that stays flat as the data grows": every signed-in page's API answers at
 * 100,000 readers, 1,000,000 placements and 200,000 posts, p95 under 20 ms, on SQLite and (with
 * DATABASE_URL) PostgreSQL. `npm run bench -- page-scale`.
 */
export const SCALE_READERS = 100_000;
export const SCALE_PLACEMENTS = 1_000_000;
export const SCALE_POSTS = 200_000;
/** Friendships among the crowd (the measured reader's own 50 come on top). */
const SCALE_FRIENDSHIPS = 200_000;
export const PAGE_P95_TARGET_MS = 20;
const WARMUP = 10;
const TIMED = 100;
const DAY_MS = 86_400_000;

export interface PageScaleFigures {
  database: string;
  readers: number;
  placements: number;
  posts: number;
  insertMs: number;
  /** Per page, its API answers as the page asks for them. */
  pages: { page: string; url: string; latency: LatencySummary }[];
  targetMet: boolean;
}

export async function measurePageScale(
  options: {
    postgresServer?: string;
    /** A fraction of the sizes above, for a quick run (PAGE_SCALE=0.01); the whole by default. */
    scale?: number;
  } = {},
): Promise<PageScaleFigures> {
  const scale = options.scale ?? 1;
  const sized = (n: number) => Math.max(100, Math.round(n * scale));
  const readers = sized(SCALE_READERS);
  const posts = sized(SCALE_POSTS);
  const server = await startBenchServer(
    { RATE_LIMIT_SCALE: '0' },
    {},
    options.postgresServer ? { postgresServer: options.postgresServer } : {},
  );
  try {
    const { app } = server;
    const { db, kind } = app.deps.database;
    const reader = await signUpAndIn(app, 'page-scale@example.com');
    const random = seededRandom(2700);
    const now = Date.now();
    const iso = new Date(now).toISOString();
    const started = performance.now();

    // ---- 100,000 readers, a fifth hidden ----
    const ids = Array.from({ length: readers }, (_, i) => `scale-${i}`);
    await insertReaders(db, kind, {
      ids,
      name: (n) => `Scale Reader ${n}`,
      username: (n) => `scale_reader_${n}`,
    });

    // ---- the current shared card and a past one ----
    const current = { id: await newestSharedGridId(db) };
    const past = await db.transaction().execute((trx) =>
      createGridsRepository(db).insertWithCells(trx, {
        title: 'Last season',
        challenges: [...DEFAULT_CHALLENGES],
        createdBy: reader.id,
      }),
    );
    // Last season's: older than the current card, which stays the current one.
    await db
      .updateTable('grids')
      .set({ createdAt: new Date(now - 365 * DAY_MS).toISOString() })
      .where('id', '=', past.id)
      .execute();
    const cellsOf = async (gridId: string) =>
      (
        await db
          .selectFrom('cells')
          .select(['id', 'position'])
          .where('gridId', '=', gridId)
          .orderBy('position')
          .execute()
      ).map((cell) => cell.id);
    const cards = [
      { id: past.id, cells: await cellsOf(past.id) },
      { id: current.id, cells: await cellsOf(current.id) },
    ];
    const books = await db.selectFrom('books').select(['isbn', 'title']).limit(64).execute();
    if (books.length < 32) throw new Error('the bench catalogue holds fewer than 32 books');

    // ---- 1,000,000 placements: each reader 1-16 squares on the current card, the rest past ----
    const { placements } = await placeCrowd(db, kind, {
      readerIds: ids,
      current: cards[1]!,
      past: [cards[0]!],
      total: sized(SCALE_PLACEMENTS),
      random,
      rows: (card, _c, userId, squares) => {
        const first = random.int(16);
        return Array.from({ length: squares }, (_, s) => {
          const position = (first + s) % 16;
          // Two books of its own per square: no reader holds one book twice.
          const book = books[position * 2 + random.int(2)]!;
          const at = new Date(now - random.next() * 60 * DAY_MS).toISOString();
          return {
            id: `${userId}-${card.id}-${position}`,
            userId,
            gridId: card.id,
            cellId: card.cells[position]!,
            bookIsbn: book.isbn,
            bookTitle: book.title,
            points: 10,
            ruleMet: null,
            createdAt: at,
            updatedAt: at,
          };
        });
      },
    });
    // Totals as placing keeps them (a reader's points are the sum of their placements').
    await sql`update users set points = coalesce((select sum(p.points) from placements p where p.user_id = users.id), 0)`.execute(
      db,
    );

    // ---- 200,000 posts (each a finished book), spread over a year ----
    await insertBatched(
      db,
      kind,
      'blogPosts',
      Array.from({ length: posts }, (_, n) => {
        const book = books[n % books.length]!;
        return {
          id: `scale-post-${n}`,
          userId: ids[n % ids.length]!,
          bookIsbn: book.isbn,
          bookTitle: book.title,
          coverUrl: null,
          body: `Review ${n}: a hedgehog of a book, prickly and warm.`,
          rating: 1 + (n % 5),
          createdAt: new Date(now - random.next() * 365 * DAY_MS).toISOString(),
        };
      }),
    );

    // ---- friendships: the crowd's, and the measured reader's 50 ----
    await insertBatched(
      db,
      kind,
      'friendships',
      Array.from({ length: sized(SCALE_FRIENDSHIPS) }, (_, n) => {
        const a = n % ids.length;
        const b = (a + 1 + Math.floor(n / ids.length) * 7919) % ids.length;
        return {
          id: `scale-friend-${n}`,
          senderId: ids[a]!,
          receiverId: ids[b]!,
          status: 'accepted' as const,
          createdAt: iso,
          acceptedAt: iso,
        };
      }),
    );
    await db
      .insertInto('friendships')
      .values(
        Array.from({ length: 50 }, (_, n) => ({
          id: `scale-own-friend-${n}`,
          senderId: reader.id,
          receiverId: ids[(n * 1999) % ids.length]!,
          status: 'accepted' as const,
          createdAt: iso,
          acceptedAt: iso,
        })),
      )
      .execute();
    // The measured reader: 12 squares on the current card, 40 finished books, 20 wanted.
    for (const [position, cell] of cards[1]!.cells.slice(0, 12).entries()) {
      const book = books[position * 2]!;
      const placed = await send(app, 'POST', '/api/bingo/placements', {
        cookie: reader.cookie,
        body: { cellId: cell, isbn: book.isbn },
      });
      if (placed.statusCode !== 200 && placed.statusCode !== 201) {
        throw new Error(`placement: ${placed.statusCode} ${placed.body.slice(0, 200)}`);
      }
    }
    for (const book of books.slice(32, 52)) {
      await send(app, 'POST', '/api/want-to-read', {
        cookie: reader.cookie,
        body: { isbn: book.isbn },
      });
    }
    await sql`analyze`.execute(db);
    const insertMs = performance.now() - started;

    // ---- every signed-in page's API answers ----
    const friendId = ids[1999 % ids.length]!;
    const pages: { page: string; url: string }[] = [
      { page: '/bingo', url: '/api/me' },
      { page: '/bingo', url: '/api/grids' },
      { page: '/bingo', url: `/api/bingo/grids/${current.id}` },
      { page: '/bingo', url: '/api/leaderboard?scope=global' },
      { page: '/bingo', url: '/api/leaderboard?scope=friends' },
      { page: '/bingo', url: '/api/bingo/fitting-books' },
      { page: '/blog', url: '/api/posts?filter=all' },
      { page: '/blog', url: '/api/posts?filter=friends' },
      { page: '/profile', url: '/api/profile' },
      { page: '/profile', url: '/api/finished-books' },
      { page: '/profile', url: '/api/want-to-read' },
      { page: '/profile', url: '/api/friends' },
      { page: '/profile', url: '/api/shares' },
      { page: "a friend's profile", url: `/api/users/${friendId}/profile` },
      { page: '/clubs', url: '/api/clubs' },
      { page: '/recommendations', url: '/api/recommendations/state' },
    ];
    const get = async (url: string) => {
      const response = await send(app, 'GET', url, { cookie: reader.cookie });
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    };
    for (let i = 0; i < WARMUP; i += 1) for (const { url } of pages) await get(url);
    const times = pages.map(() => [] as number[]);
    // Interleaved, a page after another, as readers move between them.
    for (let i = 0; i < TIMED; i += 1) {
      for (const [n, { url }] of pages.entries()) {
        const at = performance.now();
        await get(url);
        times[n]!.push(performance.now() - at);
      }
    }
    const measured = pages.map((p, n) => ({ ...p, latency: summarize(times[n]!) }));
    return {
      database: kind,
      readers,
      placements: placements + 12,
      posts,
      insertMs,
      pages: measured,
      targetMet: measured.every((p) => p.latency.p95 < PAGE_P95_TARGET_MS),
    };
  } finally {
    await server.close();
  }
}
