import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  DEFAULT_CHALLENGE_RULES,
  evaluateRule,
  type BookFacts,
  type ChallengeRule,
  type ReaderFacts,
} from '../../lib/challenge-rules';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../../lib/challenges';
import { CreateClubCardBody } from '../../lib/schemas/clubs';
import { computePlacementPoints } from '../../lib/scoring';
import { endOfDayUtc } from '../../lib/dates';
import type { DatabaseHandle } from '../db/database';
import type { FinishedBooksTable, FriendshipsTable, PlacementsTable } from '../db/schema';
import type { Viewer } from '../http/viewer';
import { parseStoredCategories } from '../modules/books/books.mapper';
import { ruleMetOf } from '../modules/bingo/bingo.service';
import { createClubsService } from '../modules/clubs/clubs.service';
import { createGridsRepository } from '../modules/grids/grids.repository';
import { createSettingsRepository, RESET_DATE_KEY } from '../modules/settings/settings.repository';
import { createReviewsService } from '../modules/reviews/reviews.service';
import {
  CLUB_CARD,
  COMMUNITY_READERS,
  COMMUNITY_REVIEWS,
  DEMO_CLUB,
  DEMO_READER_FRIEND_REQUEST_FROM,
  DEMO_READER_FRIENDS,
  DEMO_READER_SQUARES,
  FREE_SQUARE_BOOKS,
  SQUARE_FAVOURITES,
} from './community-data';

/** The shared card before the current one: read-only now, with its history. */
export const PAST_GRID_TITLE = 'April Reading Challenge';
export const COMMUNITY_EMAIL_DOMAIN = 'hedgehog-bingo.local';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** When each card began and ended, in days before now; the shared reset date is a month ahead. */
const PAST_CARD_DAYS_AGO = 58;
const CURRENT_CARD_DAYS_AGO = 24;
const CLUB_DAYS_AGO = 40;
const CLUB_CARD_DAYS_AGO = 12;
const RESET_DAYS_AHEAD = 30;
const CLUB_RESET_DAYS_AHEAD = 21;
/** Rows per insert statement: well under SQLite's and PostgreSQL's bound parameters. */
const INSERT_BATCH = 200;
/** The random picks' seed: the same community on every empty database. */
const PICK_SEED = 20_221_122;

/** A small seeded random (mulberry32): deterministic picks without a dependency. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

interface CatalogueBook extends BookFacts {
  isbn: string;
}

/** One square of a card as the picker sees it. */
interface Square {
  position: number;
  challenge: string;
  rule: ChallengeRule | null;
}

/** Rules whose answer depends on the reader, not only the book. */
const READER_RULES = new Set<ChallengeRule['kind']>(['birth-year', 'author-first-name']);

/**
 * Picks the books of each reader's squares: a book that meets the square's rule (or, for a
 * free-text square, one of FREE_SQUARE_BOOKS), never one the reader has used on any card, the
 * books the reader reviews first where they fit. Seeded, so every run picks the same.
 */
function createPicker(books: readonly CatalogueBook[], year: number) {
  const random = seededRandom(PICK_SEED);
  const byIsbn = new Map(books.map((book) => [book.isbn, book]));
  const sharedPools = new Map<string, CatalogueBook[]>();

  function poolOf(square: Square, reader: ReaderFacts): CatalogueBook[] {
    const { rule } = square;
    if (!rule) {
      const listed = FREE_SQUARE_BOOKS[square.challenge];
      if (!listed) return [...books];
      return listed.flatMap((isbn) => byIsbn.get(isbn) ?? []);
    }
    const key = `${square.challenge}\n${JSON.stringify(rule)}`;
    const kept = READER_RULES.has(rule.kind) ? undefined : sharedPools.get(key);
    if (kept) return kept;
    const status = (book: CatalogueBook) => evaluateRule(rule, book, reader, year).status;
    let pool = books.filter((book) => status(book) === 'meets');
    // A reader without the fact (no birth year, say) places what they like: unknown, not a miss.
    if (pool.length === 0) pool = books.filter((book) => status(book) !== 'fails');
    if (pool.length === 0) pool = [...books];
    if (!READER_RULES.has(rule.kind)) sharedPools.set(key, pool);
    return pool;
  }

  return function pick(
    squares: readonly Square[],
    positions: readonly number[],
    reader: ReaderFacts,
    used: Set<string>,
    wanted: readonly string[],
    favourites: readonly { position: number; isbn: string }[] = [],
  ): { position: number; isbn: string }[] {
    const chosen = new Map<number, string>();
    const pools = new Map(positions.map((p) => [p, poolOf(squares[p]!, reader)]));
    /** Whether a reviewed book truly fits a square: it meets its rule, or is listed for it. */
    const meets = (position: number, isbn: string) => {
      const square = squares[position]!;
      const book = byIsbn.get(isbn);
      if (!book) return false;
      if (!square.rule) return FREE_SQUARE_BOOKS[square.challenge]?.includes(isbn) ?? false;
      return evaluateRule(square.rule, book, reader, year).status === 'meets';
    };
    // Issue 25: the season's favourite of a square, when it fits and is not used yet.
    for (const { position, isbn } of favourites) {
      if (used.has(isbn) || chosen.has(position) || !positions.includes(position)) continue;
      if (!meets(position, isbn)) continue;
      chosen.set(position, isbn);
      used.add(isbn);
    }
    for (const isbn of wanted) {
      if (used.has(isbn)) continue;
      const fits = positions.find((p) => !chosen.has(p) && meets(p, isbn));
      if (fits === undefined) continue;
      chosen.set(fits, isbn);
      used.add(isbn);
    }
    for (const position of positions) {
      if (chosen.has(position)) continue;
      let free = pools.get(position)!.filter((book) => !used.has(book.isbn));
      if (free.length === 0) free = books.filter((book) => !used.has(book.isbn));
      const book = free[Math.floor(random() * free.length)]!;
      chosen.set(position, book.isbn);
      used.add(book.isbn);
    }
    return positions.map((position) => ({ position, isbn: chosen.get(position)! }));
  };
}

/** A seeded account as the services see it when it acts. */
function viewerOf(user: { id: string; email: string; name: string; username: string }): Viewer {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    role: 'user',
    isAnonymous: false,
    isAdmin: false,
  };
}

interface AccountRow {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CommunityPeople {
  adminId: string;
  readerId: string;
}

/**
 * Seeds the demo community on a database that holds only the two demo accounts (issue 22):
 * about twenty readers with books on the shared card, a past card with its history, reviews
 * in the blog, friendships, a club with its own card and leaderboard, and a reset date a month
 * ahead. Books are placed through the bingo service, so every point is scored as a reader's
 * own placement would be; times are then moved back to spread over the weeks before `now`.
 */
export async function seedCommunity(
  database: DatabaseHandle,
  people: CommunityPeople,
  now: Date = new Date(),
): Promise<void> {
  const { db } = database;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const withAccounts = db.withTables<{ accounts: AccountRow }>();

  // Every community reader signs in with the demo reader's password: its hash is reused, since
  // hashing twenty passwords would take seconds.
  const credential = await withAccounts
    .selectFrom('accounts')
    .select('password')
    .where('userId', '=', people.readerId)
    .where('providerId', '=', 'credential')
    .executeTakeFirstOrThrow();
  const demoReader = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'displayUsername'])
    .where('id', '=', people.readerId)
    .executeTakeFirstOrThrow();

  const readers = COMMUNITY_READERS.map((reader, index) => ({
    ...reader,
    id: randomUUID(),
    email: `${reader.key}@${COMMUNITY_EMAIL_DOMAIN}`,
    joinedAt: at((90 - index * 2) * DAY_MS),
  }));
  const flag = (value: boolean) => (database.kind === 'postgres' ? value : Number(value));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(
        readers.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          emailVerified: flag(false),
          createdAt: r.joinedAt,
          updatedAt: r.joinedAt,
          username: r.username.toLowerCase(),
          displayUsername: r.username,
          role: 'user',
          bio: r.bio,
          birthYear: r.birthYear,
          firstName: r.firstName,
          profileVisibility: r.visibility,
        })),
      )
      .execute();
    await trx
      .withTables<{ accounts: AccountRow }>()
      .insertInto('accounts')
      .values(
        readers.map((r) => ({
          id: randomUUID(),
          accountId: r.id,
          providerId: 'credential',
          userId: r.id,
          password: credential.password,
          createdAt: r.joinedAt,
          updatedAt: r.joinedAt,
        })),
      )
      .execute();
  });

  const demo = {
    key: 'reader',
    id: demoReader.id,
    viewer: viewerOf({
      id: demoReader.id,
      email: demoReader.email,
      name: demoReader.name,
      username: demoReader.displayUsername ?? demoReader.name,
    }),
    facts: { birthYear: null, firstName: null } as ReaderFacts,
    ...DEMO_READER_SQUARES,
  };
  const everyone = [
    ...readers.map((r) => ({
      key: r.key,
      id: r.id,
      viewer: viewerOf(r),
      facts: { birthYear: r.birthYear, firstName: r.firstName },
      current: r.current,
      past: r.past,
      club: r.club,
    })),
    demo,
  ];
  const byKey = new Map(everyone.map((person) => [person.key, person]));
  const person = (key: string) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`the demo community has no reader ${key}`);
    return found;
  };

  const catalogue = await db
    .selectFrom('books')
    .select(['isbn', 'title', 'authors', 'subjects', 'pageCount', 'firstPublishedYear'])
    .select(['language', 'originalLanguage'])
    .where('source', '=', 'demo')
    .where('language', '=', 'en')
    .orderBy('isbn')
    .execute();
  const books: CatalogueBook[] = catalogue.map((row) => ({
    ...row,
    subjects: parseStoredCategories(row.subjects),
    pageCount: row.pageCount === null ? null : Number(row.pageCount),
    firstPublishedYear: row.firstPublishedYear === null ? null : Number(row.firstPublishedYear),
  }));
  const pick = createPicker(books, now.getUTCFullYear());
  const used = new Map(everyone.map((p) => [p.key, new Set<string>()]));
  const wanted = (key: string) =>
    COMMUNITY_REVIEWS.filter((r) => r.reader === key).map((r) => r.isbn);

  /** The season's favourites a reader takes on the shared card (SQUARE_FAVOURITES). */
  const favouritesOf = (squares: readonly Square[], key: string) =>
    squares.flatMap((square) =>
      (SQUARE_FAVOURITES[square.challenge] ?? [])
        .filter((favourite) => favourite.readers.includes(key))
        .map((favourite) => ({ position: square.position, isbn: favourite.isbn })),
    );

  const grids = createGridsRepository(db);
  const bookOf = new Map(books.map((book) => [book.isbn, book]));
  const covers = new Map(
    (
      await db
        .selectFrom('books')
        .select(['isbn', 'coverUrl'])
        .where('source', '=', 'demo')
        .where('coverUrl', 'is not', null)
        .execute()
    ).map((row) => [row.isbn, row.coverUrl]),
  );
  /** The placements and finished books the weeks would have left, written together at the end. */
  const placements: Insertable<PlacementsTable>[] = [];
  const finished = new Map<string, Insertable<FinishedBooksTable>>();
  const sharedPoints = new Map<string, number>();

  /**
   * Each reader's books on a card, placed between `fromMsAgo` and `toMsAgo` in the order the
   * plan lists them, each scored by src/lib/scoring as a real placement is: 10 a square, 50 a
   * line it completes, 100 when it fills the card (SPEC.md section 9).
   */
  async function fillCard(
    grid: { id: string; clubId: string | null },
    squares: readonly Square[],
    squaresOf: (p: (typeof everyone)[number]) => readonly number[] | undefined,
    fromMsAgo: number,
    toMsAgo: number,
    withFavourites = false,
  ) {
    const cells = await db
      .selectFrom('cells')
      .select(['id', 'position', 'rule'])
      .where('gridId', '=', grid.id)
      .orderBy('position')
      .execute();
    for (const [index, reader] of everyone.entries()) {
      const positions = squaresOf(reader) ?? [];
      if (positions.length === 0) continue;
      const picks = pick(
        squares,
        positions,
        reader.facts,
        used.get(reader.key)!,
        wanted(reader.key),
        withFavourites ? favouritesOf(squares, reader.key) : [],
      );
      const marked = new Set<number>();
      for (const [k, { position, isbn }] of picks.entries()) {
        const cell = cells[position]!;
        const book = bookOf.get(isbn)!;
        const points = computePlacementPoints(marked, position).total;
        marked.add(position);
        const share = (k + 1) / (picks.length + 1);
        const time = at(fromMsAgo - share * (fromMsAgo - toMsAgo) - index * 37 * 60 * 1000);
        placements.push({
          id: randomUUID(),
          userId: reader.id,
          gridId: grid.id,
          cellId: cell.id,
          bookIsbn: isbn,
          bookTitle: book.title,
          isWildcard: 0,
          points,
          ruleMet: ruleMetOf(cell.rule, book, reader.facts),
          createdAt: time,
          updatedAt: time,
        });
        // Issue 9: a placed book is a book read.
        finished.set(`${reader.id}_${isbn}`, {
          id: `${reader.id}_${isbn}`,
          userId: reader.id,
          bookIsbn: isbn,
          title: book.title,
          author: book.authors,
          coverUrl: covers.get(isbn) ?? null,
          finishedAt: time,
          createdAt: time,
        });
        if (grid.clubId === null) {
          sharedPoints.set(reader.id, (sharedPoints.get(reader.id) ?? 0) + points);
        }
      }
    }
  }

  const sharedSquares: Square[] = DEFAULT_CHALLENGES.map((challenge, position) => ({
    position,
    challenge,
    rule: DEFAULT_CHALLENGE_RULES[position] ?? null,
  }));
  const newSharedGrid = (title: string) =>
    db.transaction().execute((trx) =>
      grids.insertWithCells(trx, {
        title,
        challenges: DEFAULT_CHALLENGES,
        rules: DEFAULT_CHALLENGE_RULES,
        createdBy: people.adminId,
      }),
    );
  const past = await newSharedGrid(PAST_GRID_TITLE);
  const current = await newSharedGrid(DEFAULT_GRID_TITLE);
  // The current card first, so the reviews find their books there (and are recent).
  await fillCard(
    { id: current.id, clubId: null },
    sharedSquares,
    (p) => p.current,
    (CURRENT_CARD_DAYS_AGO - 1) * DAY_MS,
    3 * HOUR_MS,
    true,
  );
  await fillCard(
    { id: past.id, clubId: null },
    sharedSquares,
    (p) => p.past,
    (PAST_CARD_DAYS_AGO - 1) * DAY_MS,
    (CURRENT_CARD_DAYS_AGO + 2) * DAY_MS,
  );

  // The reset date as the admin's form stores it: the end of the day (SPEC.md section 9).
  await createSettingsRepository(database.db, database.kind).set(
    RESET_DATE_KEY,
    endOfDayUtc(dayOf(new Date(now.getTime() + RESET_DAYS_AHEAD * DAY_MS))),
    people.adminId,
  );

  // Friends: a ring of neighbours, a few across it, and the demo reader's own; one request
  // to the demo reader waits for an answer.
  const pairs: [string, string][] = [];
  for (const [i, reader] of readers.entries()) {
    pairs.push([reader.key, readers[(i + 1) % readers.length]!.key]);
    if (i % 3 === 0) pairs.push([reader.key, readers[(i + 7) % readers.length]!.key]);
  }
  for (const key of DEMO_READER_FRIENDS) pairs.push([key, 'reader']);
  const seenPairs = new Set<string>();
  const friendships: Insertable<FriendshipsTable>[] = pairs.map(([from, to], index) => {
    const pair = [from, to].sort().join(' ');
    if (seenPairs.has(pair)) throw new Error(`the demo community befriends ${pair} twice`);
    seenPairs.add(pair);
    return {
      id: randomUUID(),
      senderId: person(from).id,
      receiverId: person(to).id,
      status: 'accepted',
      createdAt: at((60 - index) * DAY_MS),
      acceptedAt: at((60 - index) * DAY_MS - 5 * HOUR_MS),
    };
  });
  friendships.push({
    id: randomUUID(),
    senderId: person(DEMO_READER_FRIEND_REQUEST_FROM).id,
    receiverId: demo.id,
    status: 'pending',
    createdAt: at(2 * DAY_MS),
  });

  // The club: the demo reader founded it, Margaret co-owns it, one reader asks to join.
  const clubs = createClubsService(database);
  const { club } = await clubs.create(demo.viewer, {
    name: DEMO_CLUB.name,
    description: DEMO_CLUB.description,
  });
  const members = everyone.filter((p) => p.club !== undefined && p.key !== 'reader');
  await db
    .insertInto('clubMembers')
    .values(
      members.map((member, index) => ({
        clubId: club.id,
        userId: member.id,
        role: member.key === DEMO_CLUB.coOwner ? ('co_owner' as const) : ('member' as const),
        joinedAt: at((CLUB_DAYS_AGO - 1 - index) * DAY_MS),
      })),
    )
    .execute();
  await clubs.requestToJoin(person(DEMO_CLUB.requester).viewer, club.id);
  const { card } = await clubs.createCard(
    demo.viewer,
    club.id,
    CreateClubCardBody.parse({
      title: DEMO_CLUB.cardTitle,
      challenges: CLUB_CARD.map((square) => square.challenge),
      rules: CLUB_CARD.map((square) => square.rule),
      resetDate: dayOf(new Date(now.getTime() + CLUB_RESET_DAYS_AHEAD * DAY_MS)),
    }),
  );
  const clubSquares: Square[] = CLUB_CARD.map((square, position) => ({ position, ...square }));
  await fillCard(
    { id: card.id, clubId: club.id },
    clubSquares,
    (p) => p.club,
    (CLUB_CARD_DAYS_AGO - 1) * DAY_MS,
    5 * HOUR_MS,
  );

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < placements.length; i += INSERT_BATCH) {
      await trx
        .insertInto('placements')
        .values(placements.slice(i, i + INSERT_BATCH))
        .execute();
    }
    const books = [...finished.values()];
    for (let i = 0; i < books.length; i += INSERT_BATCH) {
      await trx
        .insertInto('finishedBooks')
        .values(books.slice(i, i + INSERT_BATCH))
        .execute();
    }
    for (const [userId, points] of sharedPoints) {
      await trx.updateTable('users').set({ points }).where('id', '=', userId).execute();
    }
    await trx.insertInto('friendships').values(friendships).execute();
  });
  const bookTimes = new Map(
    placements.map((p) => [`${p.userId} ${p.bookIsbn}`, String(p.createdAt)]),
  );

  // Reviews in the blog, each an hour after its book was placed (or some days ago).
  const reviews = createReviewsService(database);
  const posted: { id: string; userId: string; isbn: string; at: string }[] = [];
  for (const [index, review] of COMMUNITY_REVIEWS.entries()) {
    const author = person(review.reader);
    const post = await reviews.postReview(author.viewer, {
      isbn: review.isbn,
      rating: review.rating,
      text: review.text,
    });
    const placed = bookTimes.get(`${author.id} ${review.isbn}`);
    const time = placed
      ? new Date(new Date(placed).getTime() + HOUR_MS).toISOString()
      : at((index % 20) * DAY_MS + 6 * HOUR_MS);
    posted.push({ id: post.id, userId: author.id, isbn: review.isbn, at: time });
  }

  // The times as the weeks would have left them; one transaction, so it costs one commit.
  await db.transaction().execute(async (trx) => {
    for (const p of posted) {
      await trx.updateTable('blogPosts').set({ createdAt: p.at }).where('id', '=', p.id).execute();
      await trx
        .updateTable('finishedBooks')
        .set({ ratingDate: p.at })
        .where('userId', '=', p.userId)
        .where('bookIsbn', '=', p.isbn)
        .execute();
      if (!bookTimes.has(`${p.userId} ${p.isbn}`)) {
        await trx
          .updateTable('finishedBooks')
          .set({ finishedAt: p.at, createdAt: p.at })
          .where('userId', '=', p.userId)
          .where('bookIsbn', '=', p.isbn)
          .execute();
      }
    }
    await trx
      .updateTable('grids')
      .set({ createdAt: at(PAST_CARD_DAYS_AGO * DAY_MS) })
      .where('id', '=', past.id)
      .execute();
    await trx
      .updateTable('grids')
      .set({ createdAt: at(CURRENT_CARD_DAYS_AGO * DAY_MS) })
      .where('id', '=', current.id)
      .execute();
    await trx
      .updateTable('grids')
      .set({ createdAt: at(CLUB_CARD_DAYS_AGO * DAY_MS) })
      .where('id', '=', card.id)
      .execute();
    await trx
      .updateTable('clubs')
      .set({ createdAt: at(CLUB_DAYS_AGO * DAY_MS) })
      .where('id', '=', club.id)
      .execute();
    await trx
      .updateTable('clubMembers')
      .set({ joinedAt: at(CLUB_DAYS_AGO * DAY_MS) })
      .where('clubId', '=', club.id)
      .where('userId', '=', demo.id)
      .execute();
  });
}
