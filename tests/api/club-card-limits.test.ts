import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import {
  CLUB_CARDS_CREATED_PER_DAY,
  CLUB_LIVE_CARDS_MAX,
  GRIDS_LISTED_PER_SCOPE,
  PAST_GRIDS_PAGE_SIZE,
} from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { GridListResponse, GridSummary, PastGridsResponse } from '../../src/lib/schemas/admin';
import { createGridsRepository } from '../../src/server/modules/grids/grids.repository';
import { createClub, joinClub } from '../helpers/clubs';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 22, defect 4: club cards had no rate limit and the grid list had no end. Card creation
 * is limited per reader, a club holds a few live cards at most, and GET /api/grids lists each
 * scope's newest cards with a cursor to the rest (GET /api/grids/past).
 */
let t: TestApp;

const refusal = (response: Parameters<typeof errorOf>[0]) => ({
  status: response.statusCode,
  message: errorOf(response).message,
});
/** Long squares, as the report's 40 cards had. */
const LONG_CHALLENGES = DEFAULT_CHALLENGES.map((text, i) => `${text} `.repeat(6).slice(0, 190) + i);
const cardBody = (title: string, resetDate = '2099-12-31') => ({
  title,
  challenges: LONG_CHALLENGES,
  resetDate,
});
const postCard = (app: TestApp, owner: TestUser, clubId: string, title: string) =>
  call(app.app, 'POST', `/api/clubs/${clubId}/cards`, {
    cookie: owner.cookie,
    body: cardBody(title),
  });
const endCards = (app: TestApp, clubId: string) =>
  app.app.deps.database.db
    .updateTable('grids')
    .set({ resetDate: '2000-01-01' })
    .where('clubId', '=', clubId)
    .execute();

beforeAll(async () => {
  t = await createTestApp({}, { config: { clubRateLimits: { clubCardCreations: { max: 1000 } } } });
});
afterAll(() => t.close());

describe('making club cards', () => {
  it('is limited per reader, with the catalogue’s text', async () => {
    const limited = await createTestApp();
    try {
      const owner = await createUser(limited.app);
      const clubs = await Promise.all(
        [1, 2, 3, 4].map((n) => createClub(limited.app, owner, { name: `Busy Circle ${n}` })),
      );
      // Spread over clubs (and ended as made) so the live cap is never what answers.
      for (let i = 0; i < CLUB_CARDS_CREATED_PER_DAY; i += 1) {
        const club = clubs[i % clubs.length]!;
        expect((await postCard(limited, owner, club.id, `Card ${i}`)).statusCode).toBe(201);
        await endCards(limited, club.id);
      }
      expect(refusal(await postCard(limited, owner, clubs[0]!.id, 'One too many'))).toEqual({
        status: 429,
        message: messages.clubs.tooManyCards,
      });
      // Another owner is not held up by the first one's count.
      const other = await createUser(limited.app);
      const theirs = await createClub(limited.app, other, { name: 'Calm Circle' });
      expect((await postCard(limited, other, theirs.id, 'Calm card')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('keeps a club to a few live cards; an ended card makes room', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Capped Circle' });
    const made: string[] = [];
    for (let i = 0; i < CLUB_LIVE_CARDS_MAX; i += 1) {
      const response = await postCard(t, owner, club.id, `Live ${i}`);
      expect(response.statusCode).toBe(201);
      made.push(response.json<{ card: GridSummary }>().card.id);
    }
    expect(refusal(await postCard(t, owner, club.id, 'Too many'))).toEqual({
      status: 409,
      message: messages.clubs.tooManyLiveCards(CLUB_LIVE_CARDS_MAX),
    });
    // Nothing was made by the refusal.
    const cards = await call(t.app, 'GET', `/api/clubs/${club.id}/cards`, { cookie: owner.cookie });
    expect(cards.json<{ cards: GridSummary[] }>().cards).toHaveLength(CLUB_LIVE_CARDS_MAX);
    await t.app.deps.database.db
      .updateTable('grids')
      .set({ resetDate: '2000-01-01' })
      .where('id', '=', made[0]!)
      .execute();
    expect((await postCard(t, owner, club.id, 'Room again')).statusCode).toBe(201);
  });

  it('holds the cap when cards are made at once', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Racing Circle' });
    const answers = await Promise.all(
      Array.from({ length: CLUB_LIVE_CARDS_MAX + 3 }, (_, i) =>
        postCard(t, owner, club.id, `Race ${i}`),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(CLUB_LIVE_CARDS_MAX);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
  });
});

describe('the grid list', () => {
  let owner: TestUser;
  let member: TestUser;
  let clubId: string;
  let allCards: string[];
  let sharedIds: string[];

  beforeAll(async () => {
    [owner, member] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const admin = await createUser(t.app, { role: 'admin' });
    clubId = (await createClub(t.app, owner, { name: 'Prolific Circle' })).id;
    await joinClub(t.app, owner, member, clubId);
    // Forty club cards with long squares, as in the report, and a dozen shared grids; made
    // through the repository with a second between them, so the order is plain.
    const { db } = t.app.deps.database;
    const grids = createGridsRepository(db);
    const start = Date.parse('2030-01-01T00:00:00.000Z');
    const make = async (i: number, club: string | null) => {
      const made = await db.transaction().execute((trx) =>
        grids.insertWithCells(trx, {
          title: club ? `Club card ${i}` : `Shared card ${i}`,
          challenges: LONG_CHALLENGES,
          createdBy: club ? owner.id : admin.id,
          clubId: club,
          resetDate: club ? '2099-12-31' : null,
        }),
      );
      await db
        .updateTable('grids')
        .set({ createdAt: new Date(start + i * 1000).toISOString() })
        .where('id', '=', made.id)
        .execute();
      return made.id;
    };
    allCards = [];
    for (let i = 0; i < 40; i += 1) allCards.unshift(await make(i, clubId));
    sharedIds = [];
    for (let i = 0; i < 12; i += 1) sharedIds.unshift(await make(i, null));
  });

  it('lists each scope’s newest cards, the current one first, with a cursor to the rest', async () => {
    const response = await call(t.app, 'GET', '/api/grids', { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    // Measured for issue 22: 40 long club cards and 12 shared grids.
    console.info(
      `GET /api/grids, 40 club cards and 12 shared grids: ${response.body.length} bytes`,
    );
    const list = response.json<GridListResponse>();
    const clubCards = list.grids.filter((g) => g.club?.id === clubId);
    const shared = list.grids.filter((g) => !g.club);
    expect(clubCards.map((g) => g.id)).toEqual(allCards.slice(0, GRIDS_LISTED_PER_SCOPE));
    expect(clubCards.map((g) => g.isCurrent)).toEqual(
      Array.from({ length: GRIDS_LISTED_PER_SCOPE }, (_, i) => i === 0),
    );
    expect(shared.map((g) => g.id)).toEqual(sharedIds.slice(0, GRIDS_LISTED_PER_SCOPE));
    expect(shared[0]!.isCurrent).toBe(true);
    expect(list.more?.map((m) => m.clubId)).toEqual([null, clubId]);
    expect(list.more?.every((m) => m.cursor.length > 0)).toBe(true);
    expect(response.body.length).toBeLessThan(3_000);
  });

  it('reaches every past card a page at a time, each once, then says there are no more', async () => {
    const list = (
      await call(t.app, 'GET', '/api/grids', { cookie: member.cookie })
    ).json<GridListResponse>();
    for (const [scope, expected] of [
      [clubId, allCards],
      [null, sharedIds],
    ] as const) {
      const seen = list.grids.filter((g) => (g.club?.id ?? null) === scope).map((g) => g.id);
      let cursor: string | null = list.more!.find((m) => m.clubId === scope)!.cursor;
      let pages = 0;
      while (cursor) {
        const query = new URLSearchParams({ cursor, ...(scope ? { club: scope } : {}) });
        const page = await call(t.app, 'GET', `/api/grids/past?${query}`, {
          cookie: member.cookie,
        });
        expect(page.statusCode).toBe(200);
        const body = page.json<PastGridsResponse>();
        expect(body.grids.length).toBeLessThanOrEqual(PAST_GRIDS_PAGE_SIZE);
        expect(body.grids.every((g) => !g.isCurrent)).toBe(true);
        seen.push(...body.grids.map((g) => g.id));
        cursor = body.cursor;
        pages += 1;
      }
      expect(seen).toEqual(expected);
      expect(pages).toBe(
        Math.ceil((expected.length - GRIDS_LISTED_PER_SCOPE) / PAST_GRIDS_PAGE_SIZE),
      );
    }
  });

  it('shows a club’s past cards to its members only, and refuses a cursor it did not make', async () => {
    const list = (
      await call(t.app, 'GET', '/api/grids', { cookie: member.cookie })
    ).json<GridListResponse>();
    const cursor = list.more!.find((m) => m.clubId === clubId)!.cursor;
    const outsider = await createUser(t.app);
    const outsiderList = (
      await call(t.app, 'GET', '/api/grids', { cookie: outsider.cookie })
    ).json<GridListResponse>();
    expect(outsiderList.grids.some((g) => g.club)).toBe(false);
    expect(outsiderList.more?.map((m) => m.clubId)).toEqual([null]);
    const query = new URLSearchParams({ club: clubId, cursor });
    expect(
      refusal(await call(t.app, 'GET', `/api/grids/past?${query}`, { cookie: outsider.cookie })),
    ).toEqual({ status: 403, message: messages.clubs.membersOnly });
    const forged = new URLSearchParams({ club: clubId, cursor: 'not-a-cursor' });
    expect(
      refusal(await call(t.app, 'GET', `/api/grids/past?${forged}`, { cookie: member.cookie })),
    ).toEqual({ status: 400, message: messages.bingo.pastCardsInvalid });
    expect((await call(t.app, 'GET', `/api/grids/past?${query}`)).statusCode).toBe(401);
  });
});
