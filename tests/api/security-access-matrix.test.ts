import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import type { CreateShareResponse } from '../../src/lib/schemas/share';
import { encodeFeedCursor } from '../../src/server/modules/posts/feed-cursor';
import { createGrid, type TestGrid } from '../helpers/bingo';
import { createClub, inviteToken, joinClub } from '../helpers/clubs';
import {
  addWantToRead,
  befriend,
  createBook,
  createFinishedBook,
  createMemberRow,
  createPost,
  type TestBook,
} from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 8: the access matrix. Every route of the OpenAPI document (/api/docs/json) is called
 * as each persona, and the status must be the one in EXPECTED. A route with no row fails the
 * test, so a new route cannot ship without someone deciding who may call it.
 *
 * Personas: signed out, a guest, another reader (who owns none of the reader's things), a
 * reader the reader has blocked (issue 12; as another reader, except where a block changes the
 * answer), an admin, and the reader who owns the fixtures; each route is called by them in that order, so
 * the owner's own call (which may delete what it names) comes last. Each route that adds a book
 * gets a book of its own, and creating a grid (which ends the fixture grid) runs last of all.
 */
type Persona = 'out' | 'guest' | 'other' | 'blocked' | 'admin' | 'reader';
const PERSONAS: Persona[] = ['out', 'guest', 'other', 'blocked', 'admin', 'reader'];
type Row = Record<Persona, number>;

/** Who may: 401 signed out, 403 the wrong role, 404 someone else's thing. */
const anyone = (ok: number): Row => ({
  out: ok,
  guest: ok,
  other: ok,
  blocked: ok,
  admin: ok,
  reader: ok,
});
const signedIn = (ok: number): Row => ({
  out: 401,
  guest: ok,
  other: ok,
  blocked: ok,
  admin: ok,
  reader: ok,
});
const members = (ok: number): Row => ({
  out: 401,
  guest: 403,
  other: ok,
  blocked: ok,
  admin: ok,
  reader: ok,
});
const adminOnly = (ok: number): Row => ({
  out: 401,
  guest: 403,
  other: 403,
  blocked: 403,
  admin: ok,
  reader: 403,
});
/** The reader's own thing: others (the admin too) are told it is not there. */
const ownerOnly = (ok: number, others = 404): Row => ({
  out: 401,
  guest: 403,
  other: others,
  blocked: others,
  admin: others,
  reader: ok,
});

/**
 * The reader's club (issue 12): to others it is members-only or owners-only (403), to the
 * reader's blocked reader it is not there (404).
 */
const clubOwners = (ok: number): Row => ({
  out: 401,
  guest: 403,
  other: 403,
  blocked: 404,
  admin: 403,
  reader: ok,
});

const EXPECTED: Record<string, Row> = {
  'GET /api/captcha/challenge': anyone(200),
  'GET /api/health': anyone(200),
  'GET /api/ready': anyone(200),
  'GET /api/me': anyone(200),
  'GET /api/settings/reset-date': signedIn(200),
  'GET /api/grids': signedIn(200),
  // Issue 22: older shared grids a page at a time (a club's: members only, tested beside it).
  'GET /api/grids/past': signedIn(200),
  'PUT /api/admin/reset-date': adminOnly(200),
  'POST /api/admin/grids': adminOnly(201),
  'POST /api/admin/books/{isbn}/confirm': adminOnly(200),
  'GET /api/admin/audit': adminOnly(200),
  'GET /api/admin/users': adminOnly(200),
  'PUT /api/admin/users/{userId}/role': adminOnly(200),
  // Nobody in the fixtures is locked out: the admin's call is allowed and answers so.
  'POST /api/admin/users/{userId}/unlock': adminOnly(409),
  'GET /api/admin/books/unconfirmed': adminOnly(200),
  // Issue 23: reports and moderation. Each persona reports the reader's post: the reader, its
  // author, may not (400); the blocked reader cannot see it (404); guests are refused (403).
  'POST /api/reports': { ...members(201), blocked: 404, reader: 400 },
  'GET /api/admin/reports': adminOnly(200),
  'POST /api/admin/reports/{targetType}/{targetId}/dismiss': adminOnly(200),
  'POST /api/admin/posts/{postId}/hide': adminOnly(200),
  'DELETE /api/admin/posts/{postId}/hide': adminOnly(200),
  'DELETE /api/admin/posts/{postId}': adminOnly(200),
  'POST /api/admin/users/{userId}/reset-profile': adminOnly(200),
  'POST /api/admin/clubs/{clubId}/reset': adminOnly(200),
  'POST /api/admin/users/{userId}/suspension': adminOnly(200),
  'DELETE /api/admin/users/{userId}/suspension': adminOnly(200),
  // The club's owners hide a member's post from their club's feed; the admin has no club powers.
  'POST /api/clubs/{clubId}/posts/{postId}/hide': clubOwners(200),
  'DELETE /api/clubs/{clubId}/posts/{postId}/hide': clubOwners(200),
  'POST /api/admin/books/{isbn}/reject': adminOnly(200),
  'PUT /api/admin/grids/{gridId}/cells/{position}': adminOnly(200),
  'POST /api/admin/grids/{gridId}/end': adminOnly(200),
  'GET /api/events': signedIn(200),
  'GET /api/books/search': signedIn(200),
  // Catalogue facts, as the search results guests see already show them.
  'GET /api/books/{isbn}': signedIn(200),
  // Public on purpose: an <img> asks for it (books.routes.ts).
  'GET /api/books/{isbn}/cover.svg': anyone(200),
  'GET /api/bingo/grids/{gridId}': signedIn(200),
  'POST /api/bingo/placements': members(200),
  'DELETE /api/bingo/grids/{gridId}/placements': members(200),
  'GET /api/bingo/grids/{gridId}/suggestions': signedIn(200),
  'GET /api/bingo/cells/{cellId}/suggestions': signedIn(200),
  'GET /api/bingo/cells/{cellId}/fit': signedIn(200),
  'GET /api/bingo/fitting-books': members(200),
  'POST /api/bingo/fitting-books': members(200),
  'GET /api/leaderboard': signedIn(200),
  'POST /api/reviews': members(201),
  'GET /api/profile': members(200),
  'PATCH /api/profile': members(200),
  // Issue 12: a profile hidden by its visibility or a block still answers 200, saying so.
  'GET /api/users/{userId}/profile': members(200),
  'GET /api/finished-books': members(200),
  'POST /api/finished-books': members(201),
  'PATCH /api/finished-books/{isbn}': ownerOnly(200),
  'DELETE /api/finished-books/{isbn}': ownerOnly(200),
  'GET /api/want-to-read': members(200),
  'POST /api/want-to-read': members(201),
  'DELETE /api/want-to-read/{isbn}': ownerOnly(200),
  'GET /api/friends': members(200),
  // The blocked reader asks the reader who blocked them: told no such reader (decision 014).
  'POST /api/friends': { ...members(201), blocked: 404 },
  'POST /api/friends/{id}/accept': ownerOnly(200),
  'POST /api/friends/{id}/reject': ownerOnly(200),
  'DELETE /api/friends/{id}': ownerOnly(200),
  'GET /api/posts': members(200),
  'DELETE /api/posts/{id}': ownerOnly(200, 403),
  'GET /api/recommendations/state': members(200),
  'GET /api/recommendations/onboarding-search': members(200),
  'POST /api/recommendations/favourites': members(201),
  'GET /api/recommendations/queue': members(200),
  'POST /api/recommendations/swipe': members(200),
  'POST /api/imports': members(200),
  'GET /api/exports/me.json': members(200),
  'GET /api/exports/finished-books.csv': members(200),
  // Issue 12: share links. Members make and list their own; only the owner revokes one.
  'POST /api/shares': members(201),
  'GET /api/shares': members(200),
  'DELETE /api/shares/{id}': ownerOnly(200),
  // Public on purpose: anyone holding the link sees the card (and nothing else of the reader).
  'GET /share/{token}': anyone(200),
  'GET /share/{token}/card.svg': anyone(200),
  'GET /share/{token}/card.png': anyone(200),
  'GET /api/blocks': members(200),
  'PUT /api/blocks/{userId}': members(200),
  'DELETE /api/blocks/{userId}': ownerOnly(200),
  // Issue 12: clubs. The reader owns the clubs; the others are not members, and the reader
  // blocked the blocked reader, to whom the club is not there. The admin has no club powers.
  // The full table (owner, co-owner, member, ...) is tests/api/clubs-access.test.ts.
  'POST /api/clubs': members(201),
  'GET /api/clubs': signedIn(200),
  'GET /api/clubs/{clubId}': { ...signedIn(200), blocked: 404 },
  'PATCH /api/clubs/{clubId}': clubOwners(200),
  'DELETE /api/clubs/{clubId}': clubOwners(200),
  'GET /api/clubs/{clubId}/members': clubOwners(200),
  'PUT /api/clubs/{clubId}/members/{userId}/role': clubOwners(200),
  'DELETE /api/clubs/{clubId}/members/{userId}': clubOwners(200),
  'POST /api/clubs/{clubId}/invites': clubOwners(201),
  'GET /api/clubs/{clubId}/invites': clubOwners(200),
  'DELETE /api/clubs/{clubId}/invites/{inviteId}': clubOwners(200),
  'GET /api/club-invites/{token}': { ...signedIn(200), blocked: 404 },
  // Others join by the link (another club's, so the rest of the table is unchanged); a reader
  // in a block with its owners is answered as a dead link (issue 22).
  'POST /api/club-invites/{token}': { ...members(200), blocked: 404, reader: 409 },
  'POST /api/clubs/{clubId}/requests': { ...members(200), blocked: 404, reader: 409 },
  'GET /api/clubs/{clubId}/requests': clubOwners(200),
  'POST /api/clubs/{clubId}/requests/{userId}/approve': clubOwners(200),
  'DELETE /api/clubs/{clubId}/requests/{userId}': clubOwners(200),
  'GET /api/clubs/{clubId}/cards': clubOwners(200),
  'POST /api/clubs/{clubId}/cards': clubOwners(201),
  'GET /api/clubs/{clubId}/leaderboard': clubOwners(200),
  // Issue 23: erasure. Anyone signed in sees what theirs would do and may erase their own
  // account: with their password (the others send a wrong one: 403), a guest with none. It runs
  // last of all (LAST_ROUTES), as the reader's own call erases them. An admin erases another.
  'GET /api/me/erasure': signedIn(200),
  'POST /api/me/erase': { out: 401, guest: 200, other: 403, blocked: 403, admin: 403, reader: 200 },
  'POST /api/admin/users/{userId}/erase': adminOnly(200),
  // Issue 24: the club's join code (owners; the reader's POST makes the code its
  // DELETE then revokes), and joining by a code (a club of the reader's the others join).
  'POST /api/clubs/{clubId}/join-code': clubOwners(201),
  'GET /api/clubs/{clubId}/join-code': clubOwners(200),
  'DELETE /api/clubs/{clubId}/join-code': clubOwners(200),
  'POST /api/club-codes': { ...members(200), blocked: 404, reader: 409 },
  // Issue 24: the shared card's results as CSV (admins; a club card's: its owners, tested in
  // tests/api/card-results.test.ts).
  'GET /api/grids/{gridId}/results.csv': adminOnly(200),
  // Issue 24: the shared card's season dashboard is the admins' (a club card's: its owners',
  // tested in tests/api/dashboard.test.ts).
  'GET /api/grids/{gridId}/dashboard': adminOnly(200),
  // Issue 25: your reading year and its share image (members, their own); another reader's
  // year answers as their profile does (a hidden one still 200, saying so; no such reader 404).
  'GET /api/profile/reading-year': members(200),
  'GET /api/profile/reading-year/{year}/share.svg': members(200),
  'GET /api/profile/reading-year/{year}/share.png': members(200),
  'GET /api/users/{userId}/reading-year': members(200),
  // Issue 25: what others read for a square and the season's statistics are for registered
  // readers (a club card's: its members only, 404 to others, tested in popular-books.test.ts
  // and season-stats.test.ts).
  'GET /api/bingo/cells/{cellId}/popular': members(200),
  'GET /api/grids/{gridId}/season-stats': members(200),
  'GET /api/grids/{gridId}/season-stats.svg': members(200),
  'GET /api/grids/{gridId}/season-stats.png': members(200),
};

/** Issue 23: what the moderation routes name, made in beforeAll (moderationFixtures). */
interface ModerationFixtures {
  /** The reader's post every persona reports. */
  reportedPost: string;
  /** A post with an open report, to dismiss; one to hide, a hidden one, one to remove. */
  dismissPost: string;
  hidePost: string;
  hiddenPost: string;
  removePost: string;
  /** A reader whose bio is reset, one to suspend, one suspended (to lift). */
  resetUser: string;
  suspendUser: string;
  suspendedUser: string;
  /** Someone else's club, reset by the admin; the reader's own post in the reader's club. */
  resetClub: string;
  clubPost: string;
}

function moderationParams(f: Fixtures): Record<string, Record<string, string>> {
  const m = f.moderation;
  return {
    'POST /api/admin/reports/{targetType}/{targetId}/dismiss': {
      targetType: 'post',
      targetId: m.dismissPost,
    },
    'POST /api/admin/posts/{postId}/hide': { postId: m.hidePost },
    'DELETE /api/admin/posts/{postId}/hide': { postId: m.hiddenPost },
    'DELETE /api/admin/posts/{postId}': { postId: m.removePost },
    'POST /api/admin/users/{userId}/reset-profile': { userId: m.resetUser },
    'POST /api/admin/clubs/{clubId}/reset': { clubId: m.resetClub },
    'POST /api/admin/users/{userId}/suspension': { userId: m.suspendUser },
    'DELETE /api/admin/users/{userId}/suspension': { userId: m.suspendedUser },
    'POST /api/clubs/{clubId}/posts/{postId}/hide': { clubId: f.club.id, postId: m.clubPost },
    'DELETE /api/clubs/{clubId}/posts/{postId}/hide': { clubId: f.club.id, postId: m.clubPost },
  };
}

function moderationBodies(f: Fixtures): Record<string, unknown> {
  return {
    'POST /api/reports': {
      targetType: 'post',
      targetId: f.moderation.reportedPost,
      reason: 'spam',
    },
    'POST /api/admin/users/{userId}/reset-profile': { fields: ['bio'], reason: 'Matrix' },
    'POST /api/admin/clubs/{clubId}/reset': { fields: ['description'] },
    'POST /api/admin/users/{userId}/suspension': { days: 1, reason: 'Matrix' },
  };
}

async function moderationFixtures(
  app: FastifyInstance,
  reader: TestUser,
  admin: TestUser,
): Promise<ModerationFixtures> {
  const { db } = app.deps.database;
  const writer = await createUser(app);
  const post = async (userId: string) => (await createPost(app, userId)).id;
  const dismissPost = await post(writer.id);
  const reported = await call(app, 'POST', '/api/reports', {
    cookie: admin.cookie,
    body: { targetType: 'post', targetId: dismissPost, reason: 'spam' },
  });
  if (reported.statusCode !== 201) throw new Error(`report failed: ${reported.body}`);
  const hiddenPost = await post(writer.id);
  await db
    .updateTable('blogPosts')
    .set({ hiddenAt: new Date().toISOString() })
    .where('id', '=', hiddenPost)
    .execute();
  const suspendedUser = (await createMemberRow(app)).id;
  await db
    .updateTable('users')
    .set({ banned: 1, banReason: 'Matrix', banExpires: null })
    .where('id', '=', suspendedUser)
    .execute();
  return {
    reportedPost: await post(reader.id),
    dismissPost,
    hidePost: await post(writer.id),
    hiddenPost,
    removePost: await post(writer.id),
    resetUser: (await createMemberRow(app)).id,
    suspendUser: (await createMemberRow(app)).id,
    suspendedUser,
    resetClub: (await createClub(app, writer, { name: 'Matrix Reset Circle' })).id,
    clubPost: await post(reader.id),
  };
}

/** Routes that add a book somewhere; each gets its own. */
const BOOK_ROUTES = [
  'POST /api/bingo/placements',
  'POST /api/reviews',
  'POST /api/finished-books',
  'POST /api/want-to-read',
  'POST /api/recommendations/favourites',
  'POST /api/recommendations/swipe',
];
/**
 * Ending the fixture grid, then a new grid (which becomes the current one): so the fixture
 * grid's other routes go first.
 */
const LAST_ROUTES = [
  'POST /api/admin/grids/{gridId}/end',
  'POST /api/admin/grids',
  // Issue 23: the guest's and the reader's own erasure end their sessions.
  'POST /api/me/erase',
];

interface Fixtures {
  /** Issue 23: what the moderation routes name. */
  moderation: ModerationFixtures;
  grid: TestGrid;
  book: TestBook;
  /** Issue 23: a book only an import knows, for the admin to turn down. */
  unconfirmedBook: TestBook;
  /** A catalogue book of its own for each route that adds one to a list. */
  books: Record<string, TestBook>;
  readerFinished: TestBook;
  readerWantToRead: TestBook;
  postId: string;
  toAccept: string;
  toReject: string;
  friendship: string;
  stranger: { id: string; email: string };
  reader: TestUser;
  /** The reader's share link to a past card (to revoke), and someone's link to look at. */
  shareId: string;
  shareToken: string;
  /** Someone every persona may block, and someone the reader blocked (to unblock). */
  blockTarget: { id: string };
  unblockTarget: { id: string };
  /** Issue 23: a reader for the admin to erase. */
  eraseTarget: { id: string };
  /** Issue 12: the reader's club and what its owner-only routes name. */
  club: {
    id: string;
    toDelete: string;
    memberForRole: string;
    memberToRemove: string;
    inviteId: string;
    requesterToApprove: string;
    requesterToDecline: string;
    /** A link to another club of the reader's, which the others join. */
    joinToken: string;
    ownToken: string;
  };
}

interface Call {
  url: string;
  body?: unknown;
}

/** How to call each route so that the owner's call succeeds; others must be refused. */
function requestFor(route: string, f: Fixtures, persona: Persona): Call {
  const [, path] = route.split(' ') as [string, string];
  const isbnFor = (name: string) => f.books[name]?.isbn ?? '';
  const bodies: Record<string, unknown> = {
    ...moderationBodies(f),
    'PUT /api/admin/reset-date': { date: '2030-12-31' },
    'PUT /api/admin/users/{userId}/role': { role: 'user' },
    'PUT /api/admin/grids/{gridId}/cells/{position}': { challenge: 'A book of poems' },
    'POST /api/admin/grids/{gridId}/end': { reason: 'Matrix' },
    'POST /api/admin/grids': { title: 'Matrix Challenge', challenges: [...DEFAULT_CHALLENGES] },
    'POST /api/bingo/placements': { cellId: f.grid.cells[0], isbn: isbnFor(route) },
    'POST /api/reviews': { isbn: isbnFor(route), text: 'A fine read.', rating: 4 },
    'POST /api/shares': { gridId: f.grid.id },
    'PATCH /api/profile': { bio: 'Reads under hedges.' },
    'POST /api/finished-books': { isbn: isbnFor(route) },
    'PATCH /api/finished-books/{isbn}': { rating: 5 },
    'POST /api/want-to-read': { isbn: isbnFor(route) },
    'POST /api/friends': { query: persona === 'blocked' ? f.reader.email : f.stranger.email },
    'POST /api/recommendations/favourites': { isbn: isbnFor(route) },
    'POST /api/recommendations/swipe': { isbn: isbnFor(route), direction: 'like' },
    'POST /api/imports': {
      csv: readFileSync('tests/fixtures/goodreads_library_export.csv', 'utf8'),
    },
    'POST /api/clubs': { name: `Matrix Club ${persona}`, description: '' },
    'PATCH /api/clubs/{clubId}': { name: 'Matrix Circle', description: 'Renamed.' },
    'PUT /api/clubs/{clubId}/members/{userId}/role': { role: 'co_owner' },
    'POST /api/clubs/{clubId}/invites': { expiresInDays: 7 },
    'POST /api/me/erase': {
      password: persona === 'reader' ? f.reader.password : 'Not-The-Password-1',
    },
    'POST /api/admin/users/{userId}/erase': { reason: 'Matrix' },
    'POST /api/clubs/{clubId}/join-code': { expiresInDays: 7 },
    'POST /api/club-codes': { code: issue24.joinCode },
    'POST /api/clubs/{clubId}/cards': {
      title: 'Matrix Club Card',
      challenges: [...DEFAULT_CHALLENGES],
      resetDate: '2099-12-31',
    },
  };
  const club = { clubId: f.club.id };
  const params: Record<string, Record<string, string>> = {
    ...moderationParams(f),
    'GET /api/books/{isbn}': { isbn: f.book.isbn },
    'GET /api/books/{isbn}/cover.svg': { isbn: f.book.isbn },
    'POST /api/admin/books/{isbn}/confirm': { isbn: f.book.isbn },
    'POST /api/admin/books/{isbn}/reject': { isbn: f.unconfirmedBook.isbn },
    'PUT /api/admin/users/{userId}/role': { userId: f.stranger.id },
    'POST /api/admin/users/{userId}/unlock': { userId: f.stranger.id },
    'PUT /api/admin/grids/{gridId}/cells/{position}': { gridId: f.grid.id, position: '15' },
    'POST /api/admin/grids/{gridId}/end': { gridId: f.grid.id },
    'GET /api/bingo/grids/{gridId}': { gridId: f.grid.id },
    'GET /api/bingo/grids/{gridId}/suggestions': { gridId: f.grid.id },
    'GET /api/bingo/cells/{cellId}/suggestions': { cellId: f.grid.cells[1]! },
    'GET /api/bingo/cells/{cellId}/fit': { cellId: f.grid.cells[1]! },
    'DELETE /api/bingo/grids/{gridId}/placements': { gridId: f.grid.id },
    'GET /api/users/{userId}/profile': { userId: f.reader.id },
    'PATCH /api/finished-books/{isbn}': { isbn: f.readerFinished.isbn },
    'DELETE /api/finished-books/{isbn}': { isbn: f.readerFinished.isbn },
    'DELETE /api/want-to-read/{isbn}': { isbn: f.readerWantToRead.isbn },
    'POST /api/friends/{id}/accept': { id: f.toAccept },
    'POST /api/friends/{id}/reject': { id: f.toReject },
    'DELETE /api/friends/{id}': { id: f.friendship },
    'DELETE /api/posts/{id}': { id: f.postId },
    'DELETE /api/shares/{id}': { id: f.shareId },
    'GET /share/{token}': { token: f.shareToken },
    'GET /share/{token}/card.svg': { token: f.shareToken },
    'GET /share/{token}/card.png': { token: f.shareToken },
    'PUT /api/blocks/{userId}': { userId: f.blockTarget.id },
    'DELETE /api/blocks/{userId}': { userId: f.unblockTarget.id },
    'GET /api/clubs/{clubId}': club,
    'PATCH /api/clubs/{clubId}': club,
    'DELETE /api/clubs/{clubId}': { clubId: f.club.toDelete },
    'GET /api/clubs/{clubId}/members': club,
    'PUT /api/clubs/{clubId}/members/{userId}/role': { ...club, userId: f.club.memberForRole },
    'DELETE /api/clubs/{clubId}/members/{userId}': { ...club, userId: f.club.memberToRemove },
    'POST /api/clubs/{clubId}/invites': club,
    'GET /api/clubs/{clubId}/invites': club,
    'DELETE /api/clubs/{clubId}/invites/{inviteId}': { ...club, inviteId: f.club.inviteId },
    'GET /api/club-invites/{token}': { token: f.club.ownToken },
    'POST /api/club-invites/{token}': { token: f.club.joinToken },
    'POST /api/clubs/{clubId}/requests': club,
    'GET /api/clubs/{clubId}/requests': club,
    'POST /api/clubs/{clubId}/requests/{userId}/approve': {
      ...club,
      userId: f.club.requesterToApprove,
    },
    'DELETE /api/clubs/{clubId}/requests/{userId}': { ...club, userId: f.club.requesterToDecline },
    'GET /api/clubs/{clubId}/cards': club,
    'POST /api/clubs/{clubId}/cards': club,
    'GET /api/clubs/{clubId}/leaderboard': club,
    'POST /api/admin/users/{userId}/erase': { userId: f.eraseTarget.id },
    'POST /api/clubs/{clubId}/join-code': club,
    'GET /api/clubs/{clubId}/join-code': club,
    'DELETE /api/clubs/{clubId}/join-code': club,
    'GET /api/grids/{gridId}/results.csv': { gridId: f.grid.id },
    'GET /api/grids/{gridId}/dashboard': { gridId: f.grid.id },
    // Issue 25.
    'GET /api/profile/reading-year/{year}/share.svg': { year: '2026' },
    'GET /api/profile/reading-year/{year}/share.png': { year: '2026' },
    'GET /api/users/{userId}/reading-year': { userId: f.reader.id },
    'GET /api/bingo/cells/{cellId}/popular': { cellId: f.grid.cells[1]! },
    'GET /api/grids/{gridId}/season-stats': { gridId: f.grid.id },
    'GET /api/grids/{gridId}/season-stats.svg': { gridId: f.grid.id },
    'GET /api/grids/{gridId}/season-stats.png': { gridId: f.grid.id },
  };
  const queries: Record<string, string> = {
    'GET /api/books/search': '?q=Hedgehog',
    'GET /api/recommendations/onboarding-search': '?q=Hedgehog',
    'GET /api/leaderboard': '?scope=global',
    'GET /api/posts': '?filter=all',
    'GET /api/bingo/cells/{cellId}/fit': `?isbn=${f.book.isbn}`,
    'GET /api/grids/past': `?cursor=${encodeFeedCursor({ createdAt: new Date().toISOString(), id: 'z' })}`,
  };
  const url =
    path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = params[route]?.[name];
      if (!value) throw new Error(`no value for {${name}} of ${route}`);
      return value;
    }) + (queries[route] ?? '');
  return { url, ...(route in bodies ? { body: bodies[route] } : {}) };
}

/** The status of a live-event stream: read the head over a real socket, then hang up. */
async function streamStatus(app: FastifyInstance, url: string, cookie?: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: url, headers: cookie ? { cookie } : {} },
      (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

/**
 * The reader's clubs (issue 12): one whose routes are called, one to delete, one whose link
 * the others join; members to promote and remove, an invite to revoke, requests to answer.
 */
async function clubFixtures(app: FastifyInstance, reader: TestUser) {
  const club = await createClub(app, reader, { name: 'Matrix Circle' });
  const toDelete = await createClub(app, reader, { name: 'Matrix Circle To Delete' });
  const joinable = await createClub(app, reader, { name: 'Matrix Circle To Join' });
  const [memberForRole, memberToRemove, approve, decline] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app),
    createUser(app),
  ]);
  await joinClub(app, reader, memberForRole, club.id);
  await joinClub(app, reader, memberToRemove, club.id);
  for (const requester of [approve, decline]) {
    const asked = await call(app, 'POST', `/api/clubs/${club.id}/requests`, {
      cookie: requester.cookie,
    });
    if (asked.statusCode !== 200) throw new Error(`request failed: ${asked.body}`);
  }
  return {
    id: club.id,
    toDelete: toDelete.id,
    memberForRole: memberForRole.id,
    memberToRemove: memberToRemove.id,
    inviteId: (await inviteToken(app, reader, club.id)).invite.id,
    requesterToApprove: approve.id,
    requesterToDecline: decline.id,
    joinToken: (await inviteToken(app, reader, joinable.id)).token,
    ownToken: (await inviteToken(app, reader, club.id)).token,
  };
}

/** A share link made through the API, as the reader's page makes one. */
async function makeShare(app: FastifyInstance, cookie: string, gridId: string) {
  const response = await call(app, 'POST', '/api/shares', { cookie, body: { gridId } });
  if (response.statusCode !== 201) throw new Error(`share failed: ${response.body}`);
  return response.json<CreateShareResponse>().share;
}

/** Issue 24: what the join-code and results routes name. */
const issue24 = { joinCode: '' };

/** Issue 24: a live join code of another club of the reader's, for the others to join by. */
async function issue24Fixtures(app: FastifyInstance, reader: TestUser) {
  const codeClub = await createClub(app, reader, { name: 'Matrix Circle By Code' });
  const made = await call(app, 'POST', `/api/clubs/${codeClub.id}/join-code`, {
    cookie: reader.cookie,
    body: { expiresInDays: 7 },
  });
  if (made.statusCode !== 201) throw new Error(`join code failed: ${made.body}`);
  issue24.joinCode = made.json<{ code: string }>().code;
}

let t: TestApp;
let routes: string[];
let cookies: Record<Persona, string | undefined>;
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.app, { role: 'admin' });
  const reader = await createUser(t.app);
  const other = await createUser(t.app);
  const blocked = await createUser(t.app);
  cookies = {
    out: undefined,
    guest: await createGuest(t.app),
    other: other.cookie,
    blocked: blocked.cookie,
    admin: admin.cookie,
    reader: reader.cookie,
  };
  // A past card first: the reader's link to it is the one the owner revokes, apart from the
  // current card's, which any member's new link would replace.
  const pastGrid = await createGrid(t.app, { admin, title: 'Past Matrix Challenge' });
  const grid = await createGrid(t.app, { admin });
  const sharer = await createUser(t.app);
  const book = await createBook(t.app, { title: 'Hedgehog Matrix' });
  const [first, second, third] = await Promise.all([
    createMemberRow(t.app),
    createMemberRow(t.app),
    createMemberRow(t.app),
  ]);
  const books: Record<string, TestBook> = {};
  for (const route of BOOK_ROUTES) books[route] = await createBook(t.app);
  const unconfirmedBook = await createBook(t.app, { title: 'Only In A File' });
  await t.app.deps.database.db
    .updateTable('books')
    .set({ confirmed: 0 })
    .where('isbn', '=', unconfirmedBook.isbn)
    .execute();
  fixtures = {
    moderation: await moderationFixtures(t.app, reader, admin),
    grid,
    book,
    unconfirmedBook,
    books,
    reader,
    readerFinished: await createFinishedBook(t.app, reader.id),
    readerWantToRead: await addWantToRead(t.app, reader.id),
    postId: (await createPost(t.app, reader.id)).id,
    toAccept: await befriend(t.app, first.id, reader.id, 'pending'),
    toReject: await befriend(t.app, second.id, reader.id, 'pending'),
    friendship: await befriend(t.app, reader.id, third.id, 'accepted'),
    stranger: await createMemberRow(t.app),
    shareId: (await makeShare(t.app, reader.cookie, pastGrid.id)).id,
    shareToken: new URL((await makeShare(t.app, sharer.cookie, grid.id)).url).pathname.split(
      '/',
    )[2]!,
    blockTarget: await createMemberRow(t.app),
    unblockTarget: await createMemberRow(t.app),
    eraseTarget: await createMemberRow(t.app),
    club: await clubFixtures(t.app, reader),
  };
  const now = new Date().toISOString();
  await t.app.deps.database.db
    .insertInto('blocks')
    .values([
      { blockerId: reader.id, blockedId: blocked.id, createdAt: now },
      { blockerId: reader.id, blockedId: fixtures.unblockTarget.id, createdAt: now },
    ])
    .execute();
  await issue24Fixtures(t.app, reader);
  const doc = (await call(t.app, 'GET', '/api/docs/json')).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  routes = Object.entries(doc.paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort((a, b) => LAST_ROUTES.indexOf(a) - LAST_ROUTES.indexOf(b));
});
afterAll(() => t.close());

describe('the access matrix', () => {
  it('has an expected row for every route of the OpenAPI document', () => {
    expect(routes.filter((route) => !(route in EXPECTED))).toEqual([]);
  });

  it('answers every route as the table says for every persona', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const persona of PERSONAS) {
        const expected = EXPECTED[route]?.[persona];
        if (expected === undefined) continue;
        const [method] = route.split(' ') as [string];
        const { url, body } = requestFor(route, fixtures, persona);
        const cookie = cookies[persona];
        const status =
          route === 'GET /api/events'
            ? await streamStatus(t.app, url, cookie)
            : (
                await call(t.app, method, url, {
                  ...(cookie ? { cookie } : {}),
                  ...(body !== undefined ? { body } : {}),
                  headers: { origin: TEST_ORIGIN },
                })
              ).statusCode;
        if (status !== expected)
          mismatches.push(`${persona} ${route}: ${status} (want ${expected})`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  // Issue 23: a suspended reader's cookie, valid until the suspension, is nobody's: every route
  // answers it as it answers the signed-out.
  it('answers a suspended reader on every route as it answers the signed-out', async () => {
    const suspended = await createUser(t.app);
    const cached = await call(t.app, 'GET', '/api/profile', { cookie: suspended.cookie });
    expect(cached.statusCode).toBe(200);
    const admin = await createUser(t.app, { role: 'admin' });
    const done = await call(t.app, 'POST', `/api/admin/users/${suspended.id}/suspension`, {
      cookie: admin.cookie,
      body: { days: 3, reason: 'Matrix' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const mismatches: string[] = [];
    for (const route of routes) {
      const expected = EXPECTED[route]?.out;
      if (expected === undefined) continue;
      const [method] = route.split(' ') as [string];
      const { url, body } = requestFor(route, fixtures, 'out');
      const status =
        route === 'GET /api/events'
          ? await streamStatus(t.app, url, suspended.cookie)
          : (
              await call(t.app, method, url, {
                cookie: suspended.cookie,
                ...(body !== undefined ? { body } : {}),
                headers: { origin: TEST_ORIGIN },
              })
            ).statusCode;
      if (status !== expected) mismatches.push(`suspended ${route}: ${status} (want ${expected})`);
    }
    expect(mismatches).toEqual([]);
  });
});
