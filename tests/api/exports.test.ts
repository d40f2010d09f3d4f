import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { parseCsv } from '../../src/lib/csv';
import { messages } from '../../src/lib/messages';
import type { ClubResponse } from '../../src/lib/schemas/clubs';
import { FINISHED_BOOKS_CSV_COLUMNS, type ReaderExport } from '../../src/lib/schemas/exports';
import type { CreateShareResponse } from '../../src/lib/schemas/share';
import { addBooks, HOBBIT } from '../helpers/books';
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
let reader: TestUser;
let friend: TestUser;
let stranger: TestUser;
let gridId: string;

const TRICKY_TITLE = 'Notes, "Quotes" and\nLines';

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app);
  const admin = await createUser(t.app, { role: 'admin' });
  [reader, friend, stranger] = [
    await createUser(t.app),
    await createUser(t.app),
    await createUser(t.app),
  ];
  const grid = await call(t.app, 'POST', '/api/admin/grids', {
    cookie: admin.cookie,
    body: { title: 'Export Challenge', challenges: [...DEFAULT_CHALLENGES] },
  });
  gridId = grid.json<{ grid: { id: string } }>().grid.id;

  const { db } = t.app.deps.database;
  const cell = await db
    .selectFrom('cells')
    .select('id')
    .where('gridId', '=', gridId)
    .where('position', '=', 5)
    .executeTakeFirstOrThrow();
  const now = '2024-04-01T10:00:00.000Z';
  await db
    .updateTable('users')
    .set({ displayUsername: 'Prickles', username: 'prickles', bio: 'Reads at night', points: 10 })
    .where('id', '=', reader.id)
    .execute();
  await db
    .updateTable('users')
    .set({ displayUsername: 'Bramble', username: 'bramble' })
    .where('id', '=', friend.id)
    .execute();
  await db
    .insertInto('placements')
    .values({
      id: randomUUID(),
      userId: reader.id,
      gridId,
      cellId: cell.id,
      bookIsbn: HOBBIT.isbn13,
      bookTitle: HOBBIT.title,
      isWildcard: 0,
      points: 10,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const finished = (userId: string, isbn: string, title: string, extra: object = {}) => ({
    id: randomUUID(),
    userId,
    bookIsbn: isbn,
    title,
    author: 'Someone',
    finishedAt: now,
    createdAt: now,
    ...extra,
  });
  await db
    .insertInto('finishedBooks')
    .values([
      finished(reader.id, HOBBIT.isbn13, HOBBIT.title, {
        author: 'J.R.R. Tolkien',
        rating: 5,
        review: 'Second <b>breakfast</b>, please.',
        ratingDate: '2024-04-02T08:00:00.000Z',
      }),
      finished(reader.id, '9780141439518', TRICKY_TITLE, {
        author: 'Jane Austen',
        review: '=HYPERLINK("http://evil.example")',
        finishedAt: '2023-01-05T00:00:00.000Z',
      }),
      finished(stranger.id, '9780441013593', 'Dune'),
    ])
    .execute();
  await db
    .insertInto('wantToRead')
    .values([
      {
        id: randomUUID(),
        userId: reader.id,
        bookIsbn: '9780141441146',
        title: 'Jane Eyre',
        author: 'Charlotte Brontë',
        addedAt: now,
      },
      {
        id: randomUUID(),
        userId: stranger.id,
        bookIsbn: '9780747532699',
        title: 'Harry Potter',
        addedAt: now,
      },
    ])
    .execute();
  await db
    .insertInto('blogPosts')
    .values({
      id: 'post-1',
      userId: reader.id,
      bookIsbn: HOBBIT.isbn13,
      bookTitle: HOBBIT.title,
      body: 'Loved it',
      rating: 5,
      createdAt: now,
    })
    .execute();
  await db
    .insertInto('friendships')
    .values([
      {
        id: randomUUID(),
        senderId: reader.id,
        receiverId: friend.id,
        status: 'accepted',
        createdAt: '2024-01-01T00:00:00.000Z',
        acceptedAt: '2024-01-02T00:00:00.000Z',
      },
      {
        id: randomUUID(),
        senderId: stranger.id,
        receiverId: reader.id,
        status: 'pending',
        createdAt: '2024-02-01T00:00:00.000Z',
      },
      {
        id: randomUUID(),
        senderId: stranger.id,
        receiverId: friend.id,
        status: 'accepted',
        createdAt: '2024-03-01T00:00:00.000Z',
        acceptedAt: '2024-03-02T00:00:00.000Z',
      },
    ])
    .execute();
});
afterAll(() => t.close());

describe('GET /api/exports/me.json', () => {
  it('hands over everything the reader owns, as a download', async () => {
    const response = await call(t.app, 'GET', '/api/exports/me.json', { cookie: reader.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="hedgehog-reading-bingo-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<ReaderExport>();
    expect(data.profile).toMatchObject({
      id: reader.id,
      email: reader.email.toLowerCase(),
      username: 'Prickles',
      bio: 'Reads at night',
      points: 10,
      role: 'user',
    });
    expect(data.placements).toEqual([
      {
        gridId,
        gridTitle: 'Export Challenge',
        position: 5,
        challenge: DEFAULT_CHALLENGES[5],
        bookIsbn: HOBBIT.isbn13,
        bookTitle: HOBBIT.title,
        isWildcard: false,
        points: 10,
        placedAt: '2024-04-01T10:00:00.000Z',
      },
    ]);
    expect(data.finishedBooks).toEqual([
      {
        isbn: HOBBIT.isbn13,
        title: HOBBIT.title,
        author: 'J.R.R. Tolkien',
        rating: 5,
        review: 'Second <b>breakfast</b>, please.',
        ratedAt: '2024-04-02T08:00:00.000Z',
        finishedAt: '2024-04-01T10:00:00.000Z',
      },
      expect.objectContaining({ isbn: '9780141439518', rating: null, ratedAt: null }),
    ]);
    expect(data.wantToRead).toEqual([
      {
        isbn: '9780141441146',
        title: 'Jane Eyre',
        author: 'Charlotte Brontë',
        addedAt: '2024-04-01T10:00:00.000Z',
      },
    ]);
    expect(data.posts).toEqual([
      {
        id: 'post-1',
        bookIsbn: HOBBIT.isbn13,
        bookTitle: HOBBIT.title,
        body: 'Loved it',
        rating: 5,
        createdAt: '2024-04-01T10:00:00.000Z',
      },
    ]);
    expect(data.friends).toEqual([
      {
        userId: friend.id,
        username: 'Bramble',
        status: 'accepted',
        direction: 'sent',
        createdAt: '2024-01-01T00:00:00.000Z',
        acceptedAt: '2024-01-02T00:00:00.000Z',
      },
      expect.objectContaining({
        userId: stranger.id,
        status: 'pending',
        direction: 'received',
        acceptedAt: null,
      }),
    ]);
  });

  it('lists the reader’s live share links and clubs, and nobody else’s (issue 12)', async () => {
    const revoked = await call(t.app, 'POST', '/api/shares', {
      cookie: reader.cookie,
      body: { gridId },
    });
    const live = await call(t.app, 'POST', '/api/shares', {
      cookie: reader.cookie,
      body: { gridId },
    });
    const othersShare = await call(t.app, 'POST', '/api/shares', {
      cookie: friend.cookie,
      body: { gridId },
    });
    const club = await call(t.app, 'POST', '/api/clubs', {
      cookie: reader.cookie,
      body: { name: 'Export Circle' },
    });
    const liveShare = live.json<CreateShareResponse>().share;
    const response = await call(t.app, 'GET', '/api/exports/me.json', { cookie: reader.cookie });
    const data = response.json<ReaderExport>();
    expect(data.shares).toEqual([
      {
        id: liveShare.id,
        gridId,
        gridTitle: 'Export Challenge',
        createdAt: liveShare.createdAt,
      },
    ]);
    expect(data.clubs).toEqual([
      {
        id: club.json<ClubResponse>().club.id,
        name: 'Export Circle',
        role: 'owner',
        joinedAt: club.json<ClubResponse>().club.createdAt,
      },
    ]);
    // Tokens are never stored, so none is handed over: not the reader's, not anyone's.
    for (const made of [revoked, live, othersShare]) {
      const token = new URL(made.json<CreateShareResponse>().share.url).pathname.split('/')[2]!;
      expect(response.body).not.toContain(token);
    }
    expect(response.body).not.toContain(othersShare.json<CreateShareResponse>().share.id);
  });

  it("never carries other readers' data or their emails", async () => {
    const response = await call(t.app, 'GET', '/api/exports/me.json', { cookie: reader.cookie });
    expect(response.body).not.toContain('9780441013593');
    expect(response.body).not.toContain('9780747532699');
    expect(response.body).not.toContain(friend.email.toLowerCase());
    expect(response.body).not.toContain(stranger.email.toLowerCase());
  });
});

describe('GET /api/exports/finished-books.csv', () => {
  it('writes the finished books as CSV with a header row, quoted properly', async () => {
    const response = await call(t.app, 'GET', '/api/exports/finished-books.csv', {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="finished-books-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFFISBN13,Title,')).toBe(true);
    expect(response.body).toContain('"Notes, ""Quotes"" and\nLines"');
    expect(parseCsv(response.body)).toEqual([
      [...FINISHED_BOOKS_CSV_COLUMNS],
      [
        HOBBIT.isbn13,
        HOBBIT.title,
        'J.R.R. Tolkien',
        '5',
        '2024-04-01',
        '2024-04-02',
        'Second <b>breakfast</b>, please.',
      ],
      // A formula in a review stays text when a spreadsheet opens the file.
      [
        '9780141439518',
        TRICKY_TITLE,
        'Jane Austen',
        '',
        '2023-01-05',
        '',
        `'=HYPERLINK("http://evil.example")`,
      ],
    ]);
  });

  it('is just the header row for a reader with no finished books', async () => {
    const response = await call(t.app, 'GET', '/api/exports/finished-books.csv', {
      cookie: friend.cookie,
    });
    expect(parseCsv(response.body)).toEqual([[...FINISHED_BOOKS_CSV_COLUMNS]]);
  });
});

describe('access', () => {
  it('is for signed-in readers only', async () => {
    const guest = await createGuest(t.app);
    for (const url of ['/api/exports/me.json', '/api/exports/finished-books.csv']) {
      const signedOut = await call(t.app, 'GET', url);
      expect(signedOut.statusCode).toBe(401);
      expect(errorOf(signedOut).message).toBe(messages.access.loginRequired);
      const asGuest = await call(t.app, 'GET', url, { cookie: guest });
      expect(asGuest.statusCode).toBe(403);
    }
  });
});
