import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import type { AppConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Viewer } from '../../src/server/http/viewer';
import { publishRelationsChanged } from '../../src/server/modules/privacy/relations-cache';
import { createTestApp, type TestApp } from './test-app';

/**
 * Rows for the social tests, written straight to the database where the module that normally
 * writes them (reviews, the catalogue) is not what is under test. Each takes overrides and
 * creates what it needs.
 */

/** A signed-in reader as the services see them, for calling a service without a request. */
export function viewerOf(user: { id: string; email: string }): Viewer {
  return {
    id: user.id,
    email: user.email,
    username: null,
    name: user.email.split('@')[0]!,
    role: 'user',
    isAnonymous: false,
    isAdmin: false,
  };
}

let sequence = 0;
const next = () => (sequence += 1);

/** A valid ISBN-13 (979 prefix) unique within the test run. */
export function uniqueIsbn(): string {
  const body = `979${String(next() + 100_000_000).slice(-9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

type Db = FastifyInstance['deps']['database']['db'];
const dbOf = (app: FastifyInstance): Db => app.deps.database.db;

export interface TestBook {
  isbn: string;
  title: string;
  authors: string;
  coverUrl: string | null;
}

/** A catalogue book. */
export async function createBook(
  app: FastifyInstance,
  overrides: Partial<TestBook> = {},
): Promise<TestBook> {
  const n = next();
  const book: TestBook = {
    isbn: overrides.isbn ?? uniqueIsbn(),
    title: overrides.title ?? `Hedgehog Tales ${n}`,
    authors: overrides.authors ?? `Author ${n}`,
    coverUrl:
      overrides.coverUrl === undefined ? `https://covers.example/${n}.jpg` : overrides.coverUrl,
  };
  const now = new Date().toISOString();
  await dbOf(app)
    .insertInto('books')
    .values({
      ...book,
      genre: 'General',
      categories: '[]',
      source: 'demo',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return book;
}

/** A registered reader's row without a session (authors of posts, people to befriend). */
export async function createMemberRow(
  app: FastifyInstance,
  overrides: { username?: string; name?: string; email?: string; role?: 'user' | 'guest' } = {},
): Promise<{ id: string; email: string; username: string }> {
  const n = next();
  const id = randomUUID();
  const username = overrides.username ?? `member_${n}`;
  const email = overrides.email ?? `member${n}-${id.slice(0, 8)}@example.com`;
  const now = new Date().toISOString();
  await dbOf(app)
    .insertInto('users')
    .values({
      id,
      name: overrides.name ?? `Member ${n}`,
      email,
      emailVerified: 0,
      createdAt: now,
      updatedAt: now,
      isAnonymous: overrides.role === 'guest' ? 1 : 0,
      username: username.toLowerCase(),
      displayUsername: username,
      role: overrides.role ?? 'user',
    })
    .execute();
  return { id, email, username };
}

/**
 * Many bare readers at once (rows only, named by their id), for tests that need a crowd: a
 * card's results past a page, a club at its member limit. Inserted 200 a statement.
 */
export async function insertBareUsers(app: FastifyInstance, ids: string[]): Promise<void> {
  const { kind } = app.deps.database;
  const now = new Date().toISOString();
  for (let i = 0; i < ids.length; i += 200) {
    await dbOf(app)
      .insertInto('users')
      .values(
        ids.slice(i, i + 200).map((id) => ({
          id,
          name: id,
          email: `${id}@example.test`,
          emailVerified: (kind === 'postgres' ? false : 0) as never,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
}

/** A blog post as the reviews module writes it; `createdAt` defaults to now. */
export async function createPost(
  app: FastifyInstance,
  userId: string,
  overrides: {
    id?: string;
    book?: TestBook;
    body?: string;
    rating?: number;
    createdAt?: string;
  } = {},
) {
  const book = overrides.book ?? (await createBook(app));
  const post = {
    id: overrides.id ?? randomUUID(),
    userId,
    bookIsbn: book.isbn,
    bookTitle: book.title,
    coverUrl: book.coverUrl,
    body: overrides.body ?? `<p>Loved it (${next()})</p>`,
    rating: overrides.rating ?? 4,
    createdAt: overrides.createdAt ?? new Date().toISOString(),
  };
  await dbOf(app).insertInto('blogPosts').values(post).execute();
  return post;
}

/** A finished book on a reader's shelf; `finishedAt` defaults to now. */
export async function createFinishedBook(
  app: FastifyInstance,
  userId: string,
  overrides: {
    book?: TestBook;
    rating?: number | null;
    review?: string | null;
    finishedAt?: string;
  } = {},
) {
  const book = overrides.book ?? (await createBook(app));
  const finishedAt = overrides.finishedAt ?? new Date().toISOString();
  await dbOf(app)
    .insertInto('finishedBooks')
    .values({
      id: `${userId}_${book.isbn}`,
      userId,
      bookIsbn: book.isbn,
      title: book.title,
      author: book.authors,
      coverUrl: book.coverUrl,
      rating: overrides.rating ?? null,
      review: overrides.review ?? null,
      ratingDate: overrides.rating ? finishedAt : null,
      finishedAt,
      createdAt: finishedAt,
    })
    .execute();
  return book;
}

/** A book on a reader's want-to-read list. */
export async function addWantToRead(
  app: FastifyInstance,
  userId: string,
  overrides: { book?: TestBook; addedAt?: string } = {},
) {
  const book = overrides.book ?? (await createBook(app));
  await dbOf(app)
    .insertInto('wantToRead')
    .values({
      id: randomUUID(),
      userId,
      bookIsbn: book.isbn,
      title: book.title,
      author: book.authors,
      coverUrl: book.coverUrl,
      addedAt: overrides.addedAt ?? new Date().toISOString(),
    })
    .execute();
  return book;
}

/** A friendship from `senderId` to `receiverId`, accepted unless asked otherwise; its id. */
export async function befriend(
  app: FastifyInstance,
  senderId: string,
  receiverId: string,
  status: 'pending' | 'accepted' = 'accepted',
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await dbOf(app)
    .insertInto('friendships')
    .values({
      id,
      senderId,
      receiverId,
      status,
      createdAt: now,
      acceptedAt: status === 'accepted' ? now : null,
    })
    .execute();
  // As accepting through the API does: every relations cache forgets the two (decision 017).
  if (status === 'accepted') publishRelationsChanged(app.deps.bus, senderId, receiverId);
  return id;
}

/** The friendship rows between two readers, in either direction. */
export function friendshipsBetween(app: FastifyInstance, a: string, b: string) {
  return dbOf(app)
    .selectFrom('friendships')
    .select(['id', 'senderId', 'receiverId', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('senderId', '=', a), eb('receiverId', '=', b)]),
        eb.and([eb('senderId', '=', b), eb('receiverId', '=', a)]),
      ]),
    )
    .execute();
}

/** `createTestApp` with parts of the config replaced; kept for the benchmarks in bench/. */
export function createTestAppWithConfig(patch: Partial<AppConfig>): Promise<TestApp> {
  return createTestApp({}, { config: patch });
}

/**
 * The app's database as a reader who cannot see `table`: every SELECT from it answers no rows,
 * writes go through. Built on a handle, it makes a service's check pass where its write then
 * hits the constraint, the way the loser of a race does.
 */
export function blindTo(handle: DatabaseHandle, table: string): DatabaseHandle {
  const hidden = new WeakSet<object>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes(`"${table}"`)) {
        hidden.add(queryId);
      }
      return node;
    },
    transformResult({ result, queryId }) {
      return Promise.resolve(hidden.has(queryId) ? { ...result, rows: [] } : result);
    },
  };
  return { ...handle, db: handle.db.withPlugin(plugin) };
}
