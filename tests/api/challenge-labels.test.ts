import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHALLENGE_LABELS,
  DEFAULT_CHALLENGES,
  deriveChallengeLabel,
} from '../../src/lib/challenges';
import { CELL_COUNT, CHALLENGE_LABEL_MAX } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { BingoCardResponse } from '../../src/lib/schemas/bingo';
import type { GridSummary } from '../../src/lib/schemas/admin';
import { challengeLabelsMigration } from '../../src/server/db/migrations/012-challenge-labels';
import { createClub } from '../helpers/clubs';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 22, defect 7: every challenge carries a short label the phone card shows. Labels are
 * stored with the cells, returned by the card, derived by the server when left blank, refused
 * when too long, and backfilled for cells made before they existed.
 */
let t: TestApp;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  reader = await createUser(t.app);
});
afterAll(() => t.close());

const CUSTOM = Array.from(
  { length: CELL_COUNT },
  (_, i) => `A book with a blue cover, part ${i + 1}`,
);
const gridCount = async () =>
  (await t.app.deps.database.db.selectFrom('grids').select('id').execute()).length;

async function cardOf(gridId: string, user: TestUser = reader) {
  const response = await call(t.app, 'GET', `/api/bingo/grids/${gridId}`, { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json<BingoCardResponse>();
}

async function storedLabels(gridId: string) {
  const rows = await t.app.deps.database.db
    .selectFrom('cells')
    .select(['position', 'label'])
    .where('gridId', '=', gridId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.label);
}

async function createSharedGrid(body: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/admin/grids', { cookie: admin.cookie, body });
}

describe('the shared grid', () => {
  it('stores each challenge label as written and the card returns it', async () => {
    const labels = DEFAULT_CHALLENGE_LABELS.map((label, i) =>
      i === 3 ? '  Old classic  ' : label,
    );
    const response = await createSharedGrid({
      title: 'Labelled',
      challenges: [...DEFAULT_CHALLENGES],
      labels,
    });
    expect(response.statusCode).toBe(201);
    const { grid } = response.json<{ grid: GridSummary }>();
    const expected = labels.map((label) => label.trim());
    expect(await storedLabels(grid.id)).toEqual(expected);
    const card = await cardOf(grid.id);
    expect(card.cells.map((cell) => cell.label)).toEqual(expected);
    expect(card.cells.map((cell) => cell.challenge)).toEqual([...DEFAULT_CHALLENGES]);
  });

  it('derives a label for every challenge left blank, or sent without labels', async () => {
    const blank = await createSharedGrid({
      title: 'Blank labels',
      challenges: [...DEFAULT_CHALLENGES.slice(0, 8), ...CUSTOM.slice(8)],
      labels: Array.from({ length: CELL_COUNT }, (_, i) => (i % 2 === 0 ? '' : '   ')),
    });
    expect(blank.statusCode).toBe(201);
    const blankCard = await cardOf(blank.json<{ grid: GridSummary }>().grid.id);
    expect(blankCard.cells.map((cell) => cell.label)).toEqual([
      ...DEFAULT_CHALLENGE_LABELS.slice(0, 8),
      ...CUSTOM.slice(8).map((text) => deriveChallengeLabel(text)),
    ]);

    const none = await createSharedGrid({ title: 'No labels', challenges: CUSTOM });
    expect(none.statusCode).toBe(201);
    const noneCard = await cardOf(none.json<{ grid: GridSummary }>().grid.id);
    for (const cell of noneCard.cells) {
      expect(cell.label).toBe(deriveChallengeLabel(CUSTOM[cell.position]!));
      expect(cell.label.length).toBeGreaterThan(0);
      expect(cell.label.length).toBeLessThanOrEqual(CHALLENGE_LABEL_MAX);
    }
  });

  it('refuses a label longer than the limit with the catalogue message, creating nothing', async () => {
    const before = await gridCount();
    const labels = [...DEFAULT_CHALLENGE_LABELS] as string[];
    labels[5] = 'x'.repeat(CHALLENGE_LABEL_MAX + 1);
    const response = await createSharedGrid({
      title: 'Too long',
      challenges: [...DEFAULT_CHALLENGES],
      labels,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(
      messages.admin.challengeLabelTooLong(CHALLENGE_LABEL_MAX),
    );
    expect(await gridCount()).toBe(before);

    // Exactly the limit is fine.
    labels[5] = 'y'.repeat(CHALLENGE_LABEL_MAX);
    const atLimit = await createSharedGrid({
      title: 'At the limit',
      challenges: [...DEFAULT_CHALLENGES],
      labels,
    });
    expect(atLimit.statusCode).toBe(201);
  });

  it('refuses a label list of the wrong length or with control characters', async () => {
    const before = await gridCount();
    const short = await createSharedGrid({
      title: 'Short',
      challenges: [...DEFAULT_CHALLENGES],
      labels: DEFAULT_CHALLENGE_LABELS.slice(0, 3),
    });
    expect(short.statusCode).toBe(400);
    const control = await createSharedGrid({
      title: 'Control',
      challenges: [...DEFAULT_CHALLENGES],
      labels: DEFAULT_CHALLENGE_LABELS.map((label, i) => (i === 0 ? 'Birth\u0000year' : label)),
    });
    expect(control.statusCode).toBe(400);
    expect(errorOf(control).message).toBe(messages.generic.controlCharacters);
    expect(await gridCount()).toBe(before);
  });
});

describe('a club card', () => {
  it('stores labels, derives blank ones and refuses a too-long one', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Label Circle' });
    const labels = Array.from({ length: CELL_COUNT }, (_, i) => (i < 4 ? `Club ${i + 1}` : ''));
    const created = await call(t.app, 'POST', `/api/clubs/${club.id}/cards`, {
      cookie: owner.cookie,
      body: { title: 'Club labels', challenges: CUSTOM, labels, resetDate: '2099-12-31' },
    });
    expect(created.statusCode).toBe(201);
    const { card } = created.json<{ card: GridSummary }>();
    const shown = await cardOf(card.id, owner);
    expect(shown.cells.map((cell) => cell.label)).toEqual([
      'Club 1',
      'Club 2',
      'Club 3',
      'Club 4',
      ...CUSTOM.slice(4).map((text) => deriveChallengeLabel(text)),
    ]);
    expect(await storedLabels(card.id)).toEqual(shown.cells.map((cell) => cell.label));

    const before = await gridCount();
    const tooLong = await call(t.app, 'POST', `/api/clubs/${club.id}/cards`, {
      cookie: owner.cookie,
      body: {
        title: 'Club too long',
        challenges: CUSTOM,
        labels: labels.map((label, i) => (i === 15 ? 'z'.repeat(CHALLENGE_LABEL_MAX + 1) : label)),
        resetDate: '2099-12-31',
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).message).toBe(
      messages.admin.challengeLabelTooLong(CHALLENGE_LABEL_MAX),
    );
    expect(await gridCount()).toBe(before);
  });
});

describe('derived labels', () => {
  it('are a few whole words of the text, within the limit, never empty', () => {
    expect(deriveChallengeLabel('A book of poetry')).toBe('Poetry');
    expect(deriveChallengeLabel('A book by a debut author')).toBe('Debut author');
    expect(deriveChallengeLabel('An award-winning thriller')).toBe('Award-winning thriller');
    expect(deriveChallengeLabel('Read something gothic')).toBe('Read something gothic');
    expect(deriveChallengeLabel('A book set in a city you have never visited')).toBe(
      'Set in a city you have…',
    );
    expect(deriveChallengeLabel('  A   book of poetry ')).toBe('Poetry');
    expect(deriveChallengeLabel(DEFAULT_CHALLENGES[10])).toBe(DEFAULT_CHALLENGE_LABELS[10]);
    expect(deriveChallengeLabel('A book')).toBe('A book');
    const long = deriveChallengeLabel('Supercalifragilisticexpialidocious adventures');
    expect(long.length).toBeLessThanOrEqual(CHALLENGE_LABEL_MAX);
    expect(long.endsWith('…')).toBe(true);
    for (const text of [...DEFAULT_CHALLENGES, ...CUSTOM, 'x', '  spaced   out  words ']) {
      const label = deriveChallengeLabel(text);
      expect(label.length).toBeGreaterThan(0);
      expect(label.length).toBeLessThanOrEqual(CHALLENGE_LABEL_MAX);
    }
  });

  it('the 16 defaults each carry a hand-written label within the limit', () => {
    expect(DEFAULT_CHALLENGE_LABELS).toHaveLength(DEFAULT_CHALLENGES.length);
    for (const label of DEFAULT_CHALLENGE_LABELS) {
      expect(label.length).toBeGreaterThan(0);
      expect(label.length).toBeLessThanOrEqual(CHALLENGE_LABEL_MAX);
    }
    expect(new Set(DEFAULT_CHALLENGE_LABELS).size).toBe(DEFAULT_CHALLENGE_LABELS.length);
  });
});

describe('migration 012', () => {
  it('backfills cells made before labels: defaults by hand, others derived', async () => {
    const fresh = await createTestApp();
    try {
      const { db, kind } = fresh.app.deps.database;
      const migration = challengeLabelsMigration(kind);
      await migration.down(db as never);
      const gridId = randomUUID();
      const texts = [...DEFAULT_CHALLENGES.slice(0, 10), ...CUSTOM.slice(10)];
      await db
        .insertInto('grids')
        .values({
          id: gridId,
          title: 'Before labels',
          createdBy: null,
          createdAt: new Date().toISOString(),
          clubId: null,
          resetDate: null,
        })
        .execute();
      // The cells table as it was before 012: no label column yet.
      for (const [position, challenge] of texts.entries()) {
        await sql`insert into cells (id, grid_id, position, challenge)
          values (${randomUUID()}, ${gridId}, ${position}, ${challenge})`.execute(db);
      }
      await migration.up(db as never);
      const rows = await db
        .selectFrom('cells')
        .select(['position', 'label'])
        .where('gridId', '=', gridId)
        .orderBy('position')
        .execute();
      expect(rows.map((row) => row.label)).toEqual([
        ...DEFAULT_CHALLENGE_LABELS.slice(0, 10),
        ...CUSTOM.slice(10).map((text) => deriveChallengeLabel(text)),
      ]);
    } finally {
      await fresh.close();
    }
  });
});
