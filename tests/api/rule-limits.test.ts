import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES, deriveChallengeLabel } from '../../src/lib/challenges';
import { RULE_LIST_MAX } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { BingoCardResponse } from '../../src/lib/schemas/bingo';
import type { SuggestionsResponse } from '../../src/lib/schemas/suggestions';
import { loadDemoCatalogue } from '../../src/server/books/demo-catalogue';
import { createClub } from '../helpers/clubs';
import { addWantToRead } from '../helpers/factories';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 22, defect 3: one account could stall the server through a rule. A rule's lists are
 * capped and de-duplicated (case and spaces folded) on the way in, a stored rule from before
 * is read back capped and de-duplicated, and "books that fit" has a per-reader limit.
 */
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let clubId: string;

const freeRules = (): unknown[] => Array.from({ length: 16 }, () => null);
const cardBody = (rule: unknown) => {
  const rules = freeRules();
  rules[1] = rule;
  return {
    title: 'Rule Circle card',
    challenges: [...DEFAULT_CHALLENGES],
    rules,
    resetDate: '2099-12-31',
  };
};
const refusal = (response: Parameters<typeof errorOf>[0]) => ({
  status: response.statusCode,
  message: errorOf(response).message,
});

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      config: {
        clubRateLimits: { clubCardCreations: { max: 1000 } },
        readingRateLimits: { bookSuggestions: { max: 1000 } },
      },
    },
  );
  await loadDemoCatalogue(t.app.deps.database);
  [owner, admin] = await Promise.all([createUser(t.app), createUser(t.app, { role: 'admin' })]);
  clubId = (await createClub(t.app, owner, { name: 'Rule Circle' })).id;
});
afterAll(() => t.close());

async function storedRuleOf(gridId: string, position: number) {
  const row = await t.app.deps.database.db
    .selectFrom('cells')
    .select('rule')
    .where('gridId', '=', gridId)
    .where('position', '=', position)
    .executeTakeFirstOrThrow();
  return row.rule === null ? null : (JSON.parse(row.rule) as unknown);
}

/** Ends a club card now, so the club's cap on live cards leaves room for the next. */
async function endCard(gridId: string) {
  await t.app.deps.database.db
    .updateTable('grids')
    .set({ resetDate: '2000-01-01' })
    .where('id', '=', gridId)
    .execute();
}

describe('a rule’s lists on the way in', () => {
  it('refuses a subject list longer than the cap, on club cards and the shared grid alike', async () => {
    const flood = { kind: 'subject', subjects: Array.from({ length: 6000 }, () => 'poetry') };
    const club = await call(t.app, 'POST', `/api/clubs/${clubId}/cards`, {
      cookie: owner.cookie,
      body: cardBody(flood),
    });
    expect(refusal(club)).toEqual({
      status: 400,
      message: messages.fit.tooManySubjects(RULE_LIST_MAX),
    });
    const { challenges, rules } = cardBody(flood);
    const shared = await call(t.app, 'POST', '/api/admin/grids', {
      cookie: admin.cookie,
      body: { title: 'Flooded', challenges, rules },
    });
    expect(refusal(shared)).toEqual({
      status: 400,
      message: messages.fit.tooManySubjects(RULE_LIST_MAX),
    });
    // One past the cap is refused too; the cap itself is taken (and de-duplicated).
    const over = Array.from({ length: RULE_LIST_MAX + 1 }, () => 'drama');
    expect(
      refusal(
        await call(t.app, 'POST', `/api/clubs/${clubId}/cards`, {
          cookie: owner.cookie,
          body: cardBody({ kind: 'subject', subjects: over }),
        }),
      ).status,
    ).toBe(400);
    const atCap = await call(t.app, 'POST', `/api/clubs/${clubId}/cards`, {
      cookie: owner.cookie,
      body: cardBody({ kind: 'subject', subjects: over.slice(1) }),
    });
    expect(atCap.statusCode).toBe(201);
    const made = atCap.json<{ card: { id: string } }>().card.id;
    expect(await storedRuleOf(made, 1)).toEqual({ kind: 'subject', subjects: ['drama'] });
    await endCard(made);
  });

  it('de-duplicates subjects after trimming and folding case, and keeps their order', async () => {
    const created = await call(t.app, 'POST', `/api/clubs/${clubId}/cards`, {
      cookie: owner.cookie,
      body: cardBody({
        kind: 'subject',
        subjects: [' Poetry', 'drama', 'poetry ', 'POETRY', ' Drama ', 'fantasy'],
      }),
    });
    expect(created.statusCode).toBe(201);
    const made = created.json<{ card: { id: string } }>().card.id;
    expect(await storedRuleOf(made, 1)).toEqual({
      kind: 'subject',
      subjects: ['poetry', 'drama', 'fantasy'],
    });
    await endCard(made);
  });

  it('refuses an unknown subject and overlong text in a rule with the catalogue’s words', async () => {
    const post = (rule: unknown) =>
      call(t.app, 'POST', `/api/clubs/${clubId}/cards`, {
        cookie: owner.cookie,
        body: cardBody(rule),
      });
    expect(
      refusal(await post({ kind: 'subject', subjects: ['poetry', 'x'.repeat(5000)] })),
    ).toEqual({ status: 400, message: messages.fit.unknownSubject });
    expect(refusal(await post({ kind: 'subject', subjects: [] }))).toEqual({
      status: 400,
      message: messages.fit.noSubjects,
    });
    // Spaces around a code were trimmed before; thousands of them are refused now.
    expect(
      refusal(
        await post({ kind: 'language', language: `${' '.repeat(5000)}es`, translated: true }),
      ),
    ).toEqual({ status: 400, message: messages.fit.languageCodeInvalid });
    expect(
      refusal(await post({ kind: 'language', language: 'spanish', translated: true })),
    ).toEqual({ status: 400, message: messages.fit.languageCodeInvalid });
  });
});

describe('a stored rule from before the cap', () => {
  it('is read back capped and de-duplicated, so its suggestions stay small and quick', async () => {
    const reader = await createUser(t.app);
    // A card made before the fix: its poetry square's rule lists 'poetry' 6,000 times.
    const gridId = randomUUID();
    const { db } = t.app.deps.database;
    await db
      .insertInto('grids')
      .values({
        id: gridId,
        title: 'Old flooded card',
        createdBy: admin.id,
        createdAt: new Date().toISOString(),
        clubId: null,
        resetDate: null,
      })
      .execute();
    const flooded = JSON.stringify({
      kind: 'subject',
      subjects: Array.from({ length: 6000 }, () => 'poetry'),
    });
    await db
      .insertInto('cells')
      .values(
        DEFAULT_CHALLENGES.map((challenge, position) => ({
          id: randomUUID(),
          gridId,
          position,
          challenge,
          label: deriveChallengeLabel(challenge),
          rule: position === 1 ? flooded : null,
        })),
      )
      .execute();
    const card = (
      await call(t.app, 'GET', `/api/bingo/grids/${gridId}`, { cookie: reader.cookie })
    ).json<BingoCardResponse>();
    const poetryCell = card.cells.find((c) => c.position === 1)!.id;
    const nightSky = await db
      .selectFrom('books')
      .select(['isbn', 'title', 'authors', 'coverUrl'])
      .where('title', '=', 'Night Sky with Exit Wounds')
      .executeTakeFirstOrThrow();
    await addWantToRead(t.app, reader.id, { book: nightSky });

    const response = await call(t.app, 'GET', `/api/bingo/cells/${poetryCell}/suggestions`, {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(200);
    const [square] = response.json<SuggestionsResponse>().squares;
    expect(square!.suggestions[0]).toMatchObject({
      isbn: nightSky.isbn,
      reason: messages.fit.meets(messages.fit.subject('Poetry'), 'poetry'),
    });
    expect(square!.suggestions.every((s) => s.reason.length < 200)).toBe(true);
    // A normal card's suggestions are about 3 kB; the flooded rule's were 363 kB.
    expect(response.body.length).toBeLessThan(10_000);

    // The fit check reads the same capped rule: one 'poetry', not 6,000.
    const fit = await call(
      t.app,
      'GET',
      `/api/bingo/cells/${poetryCell}/fit?isbn=${encodeURIComponent(nightSky.isbn)}`,
      { cookie: reader.cookie },
    );
    expect(fit.json<{ reason: string }>().reason).toBe(
      messages.fit.meets(messages.fit.subject('Poetry'), 'poetry'),
    );
  });
});

describe('the limit on books that fit', () => {
  it('answers 429 with the catalogue’s text past the reader’s limit, and only for that reader', async () => {
    const limited = await createTestApp(
      {},
      { config: { readingRateLimits: { bookSuggestions: { max: 2 } } } },
    );
    try {
      // The shared grid first: finished books that fit read the current one.
      const adminUser = await createUser(limited.app, { role: 'admin' });
      const shared = await call(limited.app, 'POST', '/api/admin/grids', {
        cookie: adminUser.cookie,
        body: { title: 'Shared', challenges: [...DEFAULT_CHALLENGES] },
      });
      const sharedId = shared.json<{ grid: { id: string } }>().grid.id;
      const club = await createUser(limited.app);
      const clubCard = await createClub(limited.app, club, { name: 'Quick Circle' });
      const made = await call(limited.app, 'POST', `/api/clubs/${clubCard.id}/cards`, {
        cookie: club.cookie,
        body: cardBody({ kind: 'subject', subjects: ['poetry'] }),
      });
      const gridId = made.json<{ card: { id: string } }>().card.id;
      const cells = (
        await call(limited.app, 'GET', `/api/bingo/grids/${gridId}`, { cookie: club.cookie })
      ).json<BingoCardResponse>().cells;
      const ask = (user: TestUser, url: string) =>
        call(limited.app, 'GET', url, { cookie: user.cookie });
      const gridUrl = `/api/bingo/grids/${gridId}/suggestions`;
      const cellUrl = `/api/bingo/cells/${cells[1]!.id}/suggestions`;
      for (const url of [gridUrl, cellUrl]) {
        expect((await ask(club, url)).statusCode).toBe(200);
        expect((await ask(club, url)).statusCode).toBe(200);
        const third = await ask(club, url);
        expect(refusal(third)).toEqual({
          status: 429,
          message: messages.rateLimit.bookSuggestions,
        });
      }
      // Finished books that fit read every finished book against every square: limited too.
      for (let i = 0; i < 2; i += 1) {
        expect((await ask(club, '/api/bingo/fitting-books')).statusCode).toBe(200);
      }
      expect(refusal(await ask(club, '/api/bingo/fitting-books'))).toEqual({
        status: 429,
        message: messages.rateLimit.bookSuggestions,
      });
      // Another reader's count is their own (the shared grid needs no club).
      const other = await createUser(limited.app);
      expect((await ask(other, `/api/bingo/grids/${sharedId}/suggestions`)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is lifted by RATE_LIMIT_SCALE=0, like every other limit', async () => {
    const lifted = await createTestApp(
      { RATE_LIMIT_SCALE: '0' },
      { config: { readingRateLimits: { bookSuggestions: { max: 1 } } } },
    );
    try {
      const reader = await createUser(lifted.app);
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await call(lifted.app, 'GET', '/api/bingo/fitting-books', { cookie: reader.cookie }))
            .statusCode,
        ).not.toBe(429);
      }
    } finally {
      await lifted.close();
    }
  });
});
