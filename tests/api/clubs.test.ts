import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { GridListResponse } from '../../src/lib/schemas/admin';
import {
  LIVE_EVENT,
  type BingoCardResponse,
  type ResetGridResponse,
} from '../../src/lib/schemas/bingo';
import type {
  ClubInviteListResponse,
  ClubLeaderboardResponse,
  ClubListResponse,
  ClubMembersResponse,
  ClubResponse,
  InvitePreviewResponse,
  JoinRequestListResponse,
} from '../../src/lib/schemas/clubs';
import type { FeedResponse } from '../../src/lib/schemas/posts';
import type { CreateShareResponse } from '../../src/lib/schemas/share';
import { hashInviteToken } from '../../src/server/modules/clubs/clubs.service';
import { createGrid, placeBook, placeOk, scoreOf, type TestGrid } from '../helpers/bingo';
import { createClub, createClubCard, inviteToken, joinClub } from '../helpers/clubs';
import { createBook, createPost } from '../helpers/factories';
import { listen } from '../helpers/live-events';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Reading circles (issue 12, decision 016): clubs, their roles, invitation links and requests,
 * club cards scored like the shared card but kept off users.points, the club leaderboard and
 * the Blog's club filter. Every refusal is checked with the catalogue's text.
 */
let t: TestApp;
let sharedGrid: TestGrid;

const get = (user: TestUser | string, url: string) =>
  call(t.app, 'GET', url, { cookie: typeof user === 'string' ? user : user.cookie });
const send = (
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  user: TestUser | string | null,
  url: string,
  body?: unknown,
) =>
  call(t.app, method, url, {
    ...(user ? { cookie: typeof user === 'string' ? user : user.cookie } : {}),
    ...(body !== undefined ? { body } : {}),
  });
const refusal = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  message: errorOf(response as Parameters<typeof errorOf>[0]).message,
});
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  sharedGrid = await createGrid(t.app);
});
afterAll(() => t.close());

describe('creating a club', () => {
  it('makes the creator its owner and keeps markup as plain text', async () => {
    const owner = await createUser(t.app);
    const created = await send('POST', owner, '/api/clubs', {
      name: '  <b>Owls</b> & Co  ',
      description: '<script>alert(1)</script>\nWe read.',
    });
    expect(created.statusCode).toBe(201);
    const { club } = created.json<ClubResponse>();
    expect(club).toMatchObject({
      name: '<b>Owls</b> & Co',
      description: '<script>alert(1)</script>\nWe read.',
      memberCount: 1,
      role: 'owner',
      requestPending: false,
    });
    const list = (await get(owner, '/api/clubs')).json<ClubListResponse>();
    expect(list.clubs.map((c) => c.id)).toEqual([club.id]);
  });

  it('refuses names and descriptions out of bounds, guests and signed-out callers', async () => {
    const owner = await createUser(t.app);
    expect(refusal(await send('POST', owner, '/api/clubs', { name: 'ab' }))).toEqual({
      status: 400,
      message: messages.clubs.nameInvalid,
    });
    expect(
      refusal(
        await send('POST', owner, '/api/clubs', { name: 'Owls', description: 'x'.repeat(501) }),
      ),
    ).toEqual({ status: 400, message: messages.clubs.descriptionTooLong });
    const guest = await createGuest(t.app);
    expect(refusal(await send('POST', guest, '/api/clubs', { name: 'Guests' }))).toEqual({
      status: 403,
      message: messages.clubs.guestsCannotJoin,
    });
    expect((await send('POST', null, '/api/clubs', { name: 'Nobody' })).statusCode).toBe(401);
  });

  it('allows five clubs a day per reader, then answers tooManyClubs', async () => {
    const owner = await createUser(t.app);
    for (let i = 0; i < 5; i += 1) await createClub(t.app, owner, { name: `Daily ${i}` });
    expect(refusal(await send('POST', owner, '/api/clubs', { name: 'One too many' }))).toEqual({
      status: 429,
      message: messages.clubs.tooManyClubs,
    });
    // Another reader's count is their own.
    await createClub(t.app, await createUser(t.app), { name: 'Someone else' });
  });
});

describe('roles', () => {
  let owner: TestUser;
  let co: TestUser;
  let member: TestUser;
  let other: TestUser;
  let clubId: string;

  beforeAll(async () => {
    [owner, co, member, other] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    clubId = (await createClub(t.app, owner, { name: 'Role Circle' })).id;
    await joinClub(t.app, owner, co, clubId);
    await joinClub(t.app, owner, member, clubId);
  });

  it('lets the owner name a co-owner, and only the owner', async () => {
    const url = (userId: string) => `/api/clubs/${clubId}/members/${userId}/role`;
    expect(refusal(await send('PUT', member, url(co.id), { role: 'co_owner' }))).toEqual({
      status: 403,
      message: messages.clubs.ownerOnly,
    });
    const made = await send('PUT', owner, url(co.id), { role: 'co_owner' });
    expect(made.json()).toEqual({ message: messages.clubs.roleChanged });
    expect(refusal(await send('PUT', co, url(member.id), { role: 'co_owner' }))).toEqual({
      status: 403,
      message: messages.clubs.ownerOnly,
    });
    expect(refusal(await send('PUT', owner, url(owner.id), { role: 'member' }))).toEqual({
      status: 400,
      message: messages.clubs.cannotChangeOwner,
    });
    expect(refusal(await send('PUT', owner, url(other.id), { role: 'member' }))).toEqual({
      status: 404,
      message: messages.clubs.notMember,
    });
    expect(refusal(await send('PUT', owner, url(member.id), { role: 'owner' }))).toEqual({
      status: 400,
      message: messages.clubs.roleInvalid,
    });
    const members = (await get(member, `/api/clubs/${clubId}/members`)).json<ClubMembersResponse>();
    expect(members.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.id, 'owner'],
      [co.id, 'co_owner'],
      [member.id, 'member'],
    ]);
  });

  it('lets owners rename the club, and refuses members and non-members', async () => {
    const body = { name: 'Renamed Circle', description: 'New words' };
    expect(refusal(await send('PATCH', member, `/api/clubs/${clubId}`, body))).toEqual({
      status: 403,
      message: messages.clubs.ownersOnly,
    });
    expect(refusal(await send('PATCH', other, `/api/clubs/${clubId}`, body))).toEqual({
      status: 403,
      message: messages.clubs.ownersOnly,
    });
    const renamed = await send('PATCH', co, `/api/clubs/${clubId}`, body);
    expect(renamed.json<ClubResponse>().club).toMatchObject({ ...body, role: 'co_owner' });
  });

  it('shows non-members the summary only, and members-only routes refuse them', async () => {
    const summary = (await get(other, `/api/clubs/${clubId}`)).json<ClubResponse>().club;
    expect(summary).toMatchObject({ memberCount: 3, role: null, requestPending: false });
    for (const path of ['members', 'cards', 'leaderboard']) {
      expect(refusal(await get(other, `/api/clubs/${clubId}/${path}`))).toEqual({
        status: 403,
        message: messages.clubs.membersOnly,
      });
    }
    expect(refusal(await get(other, '/api/clubs/no-such-club'))).toEqual({
      status: 404,
      message: messages.clubs.notFound,
    });
  });

  it('keeps co-owners from removing the owner or a co-owner; owners remove members', async () => {
    const second = await createUser(t.app);
    await joinClub(t.app, owner, second, clubId);
    await send('PUT', owner, `/api/clubs/${clubId}/members/${second.id}/role`, {
      role: 'co_owner',
    });
    const remove = (by: TestUser, who: TestUser) =>
      send('DELETE', by, `/api/clubs/${clubId}/members/${who.id}`);
    expect(refusal(await remove(co, owner))).toEqual({
      status: 403,
      message: messages.clubs.cannotRemoveOwner,
    });
    expect(refusal(await remove(co, second))).toEqual({
      status: 403,
      message: messages.clubs.ownerOnly,
    });
    expect(refusal(await remove(member, second))).toEqual({
      status: 403,
      message: messages.clubs.ownersOnly,
    });
    expect((await remove(owner, second)).json()).toEqual({ message: messages.clubs.removed });
    expect(refusal(await remove(owner, second))).toEqual({
      status: 404,
      message: messages.clubs.notMember,
    });
  });

  it('lets anyone but the owner leave', async () => {
    expect(
      refusal(await send('DELETE', owner, `/api/clubs/${clubId}/members/${owner.id}`)),
    ).toEqual({ status: 403, message: messages.clubs.ownerCannotLeave });
    const leaver = await createUser(t.app);
    await joinClub(t.app, owner, leaver, clubId);
    const left = await send('DELETE', leaver, `/api/clubs/${clubId}/members/${leaver.id}`);
    expect(left.json()).toEqual({ message: messages.clubs.left });
    expect((await get(leaver, `/api/clubs/${clubId}`)).json<ClubResponse>().club.role).toBeNull();
    expect(refusal(await get(leaver, `/api/clubs/${clubId}/members`))).toEqual({
      status: 403,
      message: messages.clubs.membersOnly,
    });
  });
});

describe('invitation links', () => {
  let owner: TestUser;
  let clubId: string;

  beforeAll(async () => {
    owner = await createUser(t.app);
    clubId = (await createClub(t.app, owner, { name: 'Link Circle' })).id;
  });

  it('makes an unguessable token, stored only as its SHA-256', async () => {
    const { token, invite, path } = await inviteToken(t.app, owner, clubId, 7);
    expect(path).toBe(`/clubs/join/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.deps.database.db
      .selectFrom('clubInvites')
      .selectAll()
      .where('id', '=', invite.id)
      .execute();
    expect(rows.map((r) => r.tokenHash)).toEqual([hashInviteToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    const days =
      (new Date(invite.expiresAt!).getTime() - new Date(invite.createdAt).getTime()) / 86_400_000;
    expect(days).toBe(7);
  });

  it('shows the club before joining, joins it, and says so again as alreadyMember', async () => {
    const { token } = await inviteToken(t.app, owner, clubId);
    const reader = await createUser(t.app);
    const preview = (await get(reader, `/api/club-invites/${token}`)).json<InvitePreviewResponse>();
    expect(preview.club).toMatchObject({ id: clubId, name: 'Link Circle', role: null });
    const joined = await send('POST', reader, `/api/club-invites/${token}`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json<ClubResponse>().club).toMatchObject({ id: clubId, role: 'member' });
    expect(refusal(await send('POST', reader, `/api/club-invites/${token}`))).toEqual({
      status: 409,
      message: messages.clubs.alreadyMember,
    });
  });

  it('refuses unknown, expired and revoked links, and lists only live ones', async () => {
    const reader = await createUser(t.app);
    const invalid = { status: 404, message: messages.clubs.inviteInvalid };
    const unknown = 'A'.repeat(43);
    expect(refusal(await get(reader, `/api/club-invites/${unknown}`))).toEqual(invalid);
    expect(refusal(await send('POST', reader, `/api/club-invites/${unknown}`))).toEqual(invalid);
    expect(refusal(await send('POST', reader, '/api/club-invites/short'))).toEqual(invalid);

    const expired = await inviteToken(t.app, owner, clubId, 1);
    await t.app.deps.database.db
      .updateTable('clubInvites')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.invite.id)
      .execute();
    expect(refusal(await send('POST', reader, `/api/club-invites/${expired.token}`))).toEqual(
      invalid,
    );

    const revoked = await inviteToken(t.app, owner, clubId);
    const live = await inviteToken(t.app, owner, clubId);
    const revoke = await send('DELETE', owner, `/api/clubs/${clubId}/invites/${revoked.invite.id}`);
    expect(revoke.json()).toEqual({ message: messages.clubs.inviteRevoked });
    expect(refusal(await get(reader, `/api/club-invites/${revoked.token}`))).toEqual(invalid);
    expect(refusal(await send('POST', reader, `/api/club-invites/${revoked.token}`))).toEqual(
      invalid,
    );
    expect(
      refusal(await send('DELETE', owner, `/api/clubs/${clubId}/invites/${revoked.invite.id}`)),
    ).toEqual(invalid);
    const listed = (
      await get(owner, `/api/clubs/${clubId}/invites`)
    ).json<ClubInviteListResponse>();
    const ids = listed.invites.map((i) => i.id);
    expect(ids).toContain(live.invite.id);
    expect(ids).not.toContain(revoked.invite.id);
    expect(ids).not.toContain(expired.invite.id);
    expect(JSON.stringify(listed)).not.toContain(live.token);
  });

  it('opens only its own club: a link is no key to another club, nor to a share', async () => {
    const otherOwner = await createUser(t.app);
    const otherClub = await createClub(t.app, otherOwner, { name: 'Other Circle' });
    const { token } = await inviteToken(t.app, owner, clubId);
    const reader = await createUser(t.app);
    await send('POST', reader, `/api/club-invites/${token}`);
    expect((await get(reader, `/api/clubs/${otherClub.id}`)).json<ClubResponse>().club.role).toBe(
      null,
    );
    // The invitation token is not a share token, and a share token is not an invitation.
    expect((await get(reader, `/share/${token}`)).statusCode).toBe(404);
    const share = await send('POST', reader, '/api/shares', { gridId: sharedGrid.id });
    const shareToken = new URL(share.json<CreateShareResponse>().share.url).pathname.split('/')[2]!;
    expect(refusal(await send('POST', reader, `/api/club-invites/${shareToken}`))).toEqual({
      status: 404,
      message: messages.clubs.inviteInvalid,
    });
  });

  it('lets owners only make links, twenty an hour, then tooManyInvites', async () => {
    const member = await createUser(t.app);
    await joinClub(t.app, owner, member, clubId);
    expect(refusal(await send('POST', member, `/api/clubs/${clubId}/invites`, {}))).toEqual({
      status: 403,
      message: messages.clubs.ownersOnly,
    });
    const busy = await createUser(t.app);
    const busyClub = await createClub(t.app, busy, { name: 'Busy Circle' });
    for (let i = 0; i < 20; i += 1) await inviteToken(t.app, busy, busyClub.id);
    expect(refusal(await send('POST', busy, `/api/clubs/${busyClub.id}/invites`, {}))).toEqual({
      status: 429,
      message: messages.clubs.tooManyInvites,
    });
    expect(
      refusal(await send('POST', busy, `/api/clubs/${busyClub.id}/invites`, { expiresInDays: 0 })),
    ).toMatchObject({ status: 429 });
    expect(
      refusal(await send('POST', owner, `/api/clubs/${clubId}/invites`, { expiresInDays: 91 })),
    ).toEqual({ status: 400, message: messages.clubs.inviteExpiryInvalid });
  });
});

describe('requests to join', () => {
  it('asks once, shows it pending, and owners approve or decline', async () => {
    const owner = await createUser(t.app);
    const [asker, decliner] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const clubId = (await createClub(t.app, owner, { name: 'Asking Circle' })).id;
    for (let i = 0; i < 2; i += 1) {
      const asked = await send('POST', asker, `/api/clubs/${clubId}/requests`);
      expect(asked.json()).toEqual({ message: messages.clubs.requestSent });
    }
    await send('POST', decliner, `/api/clubs/${clubId}/requests`);
    expect((await get(asker, `/api/clubs/${clubId}`)).json<ClubResponse>().club).toMatchObject({
      role: null,
      requestPending: true,
    });
    const listed = (
      await get(owner, `/api/clubs/${clubId}/requests`)
    ).json<JoinRequestListResponse>();
    expect(listed.requests.map((r) => r.userId)).toEqual([asker.id, decliner.id]);
    expect(refusal(await get(asker, `/api/clubs/${clubId}/requests`))).toEqual({
      status: 403,
      message: messages.clubs.ownersOnly,
    });

    const approved = await send('POST', owner, `/api/clubs/${clubId}/requests/${asker.id}/approve`);
    expect(approved.json()).toEqual({ message: messages.clubs.approved });
    expect((await get(asker, `/api/clubs/${clubId}`)).json<ClubResponse>().club).toMatchObject({
      role: 'member',
      requestPending: false,
    });
    const declined = await send('DELETE', owner, `/api/clubs/${clubId}/requests/${decliner.id}`);
    expect(declined.json()).toEqual({ message: messages.clubs.declined });
    expect((await get(decliner, `/api/clubs/${clubId}`)).json<ClubResponse>().club).toMatchObject({
      role: null,
      requestPending: false,
    });
    expect(
      refusal(await send('POST', owner, `/api/clubs/${clubId}/requests/${decliner.id}/approve`)),
    ).toEqual({ status: 404, message: messages.clubs.noRequest });
    expect(refusal(await send('POST', asker, `/api/clubs/${clubId}/requests`))).toEqual({
      status: 409,
      message: messages.clubs.alreadyMember,
    });
  });
});

describe('guests and blocked readers', () => {
  it('turns guests away from creating and joining', async () => {
    const owner = await createUser(t.app);
    const clubId = (await createClub(t.app, owner, { name: 'Guestless Circle' })).id;
    const { token } = await inviteToken(t.app, owner, clubId);
    const guest = await createGuest(t.app);
    const refused = { status: 403, message: messages.clubs.guestsCannotJoin };
    expect(refusal(await send('POST', guest, `/api/club-invites/${token}`))).toEqual(refused);
    expect(refusal(await send('POST', guest, `/api/clubs/${clubId}/requests`))).toEqual(refused);
    expect((await get(guest, '/api/clubs')).json<ClubListResponse>().clubs).toEqual([]);
  });

  it('hides a club from a reader in a block with its owner or a co-owner, and refuses them', async () => {
    const owner = await createUser(t.app);
    const co = await createUser(t.app);
    const [blockedByOwner, blockerOfCo] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const clubId = (await createClub(t.app, owner, { name: 'Guarded Circle' })).id;
    await joinClub(t.app, owner, co, clubId);
    await send('PUT', owner, `/api/clubs/${clubId}/members/${co.id}/role`, { role: 'co_owner' });
    expect((await send('PUT', owner, `/api/blocks/${blockedByOwner.id}`)).statusCode).toBe(200);
    expect((await send('PUT', blockerOfCo, `/api/blocks/${co.id}`)).statusCode).toBe(200);
    const { token } = await inviteToken(t.app, owner, clubId);
    for (const reader of [blockedByOwner, blockerOfCo]) {
      expect(refusal(await get(reader, `/api/clubs/${clubId}`))).toEqual({
        status: 404,
        message: messages.clubs.notFound,
      });
      expect(refusal(await send('POST', reader, `/api/clubs/${clubId}/requests`))).toEqual({
        status: 404,
        message: messages.clubs.notFound,
      });
      expect(refusal(await get(reader, `/api/club-invites/${token}`))).toEqual({
        status: 404,
        message: messages.clubs.inviteInvalid,
      });
      expect(refusal(await send('POST', reader, `/api/club-invites/${token}`))).toEqual({
        status: 404,
        message: messages.clubs.inviteInvalid,
      });
    }
  });
});

describe('club cards', () => {
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let clubId: string;

  beforeAll(async () => {
    [owner, member, outsider] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    clubId = (await createClub(t.app, owner, { name: 'Card Circle' })).id;
    await joinClub(t.app, owner, member, clubId);
  });
  // Issue 22: a club holds at most CLUB_LIVE_CARDS_MAX live cards, and these tests make more
  // between them; each test's cards end after it, so the next one has room.
  afterEach(async () => {
    await t.app.deps.database.db
      .updateTable('grids')
      .set({ resetDate: yesterday() })
      .where('clubId', '=', clubId)
      .execute();
  });

  it('refuses a reset date in the past and members making cards', async () => {
    const body = (resetDate: string) => ({
      title: 'Too late',
      challenges: Array.from({ length: 16 }, (_, i) => `Challenge ${i + 1}`),
      resetDate,
    });
    expect(
      refusal(await send('POST', owner, `/api/clubs/${clubId}/cards`, body(yesterday()))),
    ).toEqual({
      status: 400,
      message: messages.clubs.resetDatePast,
    });
    expect(
      refusal(await send('POST', owner, `/api/clubs/${clubId}/cards`, body('2026-13-45'))),
    ).toEqual({
      status: 400,
      message: messages.clubs.resetDateRequired,
    });
    expect(
      refusal(await send('POST', member, `/api/clubs/${clubId}/cards`, body('2099-01-01'))),
    ).toEqual({
      status: 403,
      message: messages.clubs.ownersOnly,
    });
  });

  it('scores like the shared card, wildcard and reuse included, and never touches users.points', async () => {
    const card = await createClubCard(t.app, owner, clubId, { title: 'Club Spring' });
    const [a, b, c, d] = await Promise.all([
      createBook(t.app),
      createBook(t.app),
      createBook(t.app),
      createBook(t.app),
    ]);
    // The same four placements on the shared card, by a reader with no club, as the yardstick.
    const yardstick = await createUser(t.app);
    const expected: number[] = [];
    for (const [i, book] of [a, b, c, d].entries()) {
      expected.push(
        (await placeOk(t.app, yardstick.cookie, sharedGrid.cells[i]!, book.isbn)).pointsEarned,
      );
    }
    const before = await scoreOf(t.app, member.id);
    const earned: number[] = [];
    let total = 0;
    for (const [i, book] of [a, b, c, d].entries()) {
      const placed = await placeOk(t.app, member.cookie, card.cells[i]!, book.isbn);
      earned.push(placed.pointsEarned);
      total += placed.pointsEarned;
      expect(placed.totalPoints).toBe(total);
    }
    expect(earned).toEqual(expected);
    // A second use of a book is the wildcard; a third is refused.
    const wild = await placeOk(t.app, member.cookie, card.cells[5]!, a.isbn);
    expect(wild.placement.isWildcard).toBe(true);
    expect(refusal(await placeBook(t.app, member.cookie, card.cells[6]!, b.isbn))).toEqual({
      status: 409,
      message: messages.bingo.wildcardUsed,
    });
    const after = await scoreOf(t.app, member.id);
    expect(after.points).toBe(before.points);
    const cardView = (await get(member, `/api/bingo/grids/${card.id}`)).json<BingoCardResponse>();
    expect(cardView.points).toBe(total + wild.pointsEarned);
    expect(cardView.grid).toMatchObject({
      isCurrent: true,
      club: { id: clubId, name: 'Card Circle' },
      resetDate: '2099-12-31',
    });
    expect(cardView.resetDate).toBe('2099-12-31');
    // The shared card still shows the reader's own total.
    const shared = (
      await get(member, `/api/bingo/grids/${sharedGrid.id}`)
    ).json<BingoCardResponse>();
    expect(shared.points).toBe(after.points);

    // Reset clears this card's placements and their points, still off users.points.
    const reset = await send('DELETE', member, `/api/bingo/grids/${card.id}/placements`);
    expect(reset.json<ResetGridResponse>()).toEqual({
      totalPoints: 0,
      message: messages.bingo.gridCleared,
    });
    expect((await scoreOf(t.app, member.id)).points).toBe(before.points);
  });

  it('counts a reader’s points over all the club’s cards; an older card is read-only', async () => {
    const first = await createClubCard(t.app, owner, clubId, { title: 'Club Summer' });
    const book = await createBook(t.app);
    const one = await placeOk(t.app, owner.cookie, first.cells[0]!, book.isbn);
    const second = await createClubCard(t.app, owner, clubId, { title: 'Club Autumn' });
    const two = await placeOk(t.app, owner.cookie, second.cells[15]!, book.isbn);
    expect(two.totalPoints).toBe(one.pointsEarned + two.pointsEarned);
    const past = { status: 403, message: messages.bingo.historicalGrid };
    expect(refusal(await placeBook(t.app, owner.cookie, first.cells[1]!, book.isbn))).toEqual(past);
    expect(refusal(await send('DELETE', owner, `/api/bingo/grids/${first.id}/placements`))).toEqual(
      past,
    );
    const cards = (await get(member, `/api/clubs/${clubId}/cards`)).json<{
      cards: { id: string; isCurrent: boolean }[];
    }>();
    expect(cards.cards.slice(0, 2)).toEqual([
      expect.objectContaining({ id: second.id, isCurrent: true }),
      expect.objectContaining({ id: first.id, isCurrent: false }),
    ]);
  });

  it('becomes a past card, read-only, once its reset date has passed', async () => {
    const card = await createClubCard(t.app, owner, clubId, { title: 'Club Winter' });
    const book = await createBook(t.app);
    await placeOk(t.app, member.cookie, card.cells[0]!, book.isbn);
    await t.app.deps.database.db
      .updateTable('grids')
      .set({ resetDate: yesterday() })
      .where('id', '=', card.id)
      .execute();
    const next = await createBook(t.app);
    expect(refusal(await placeBook(t.app, member.cookie, card.cells[1]!, next.isbn))).toEqual({
      status: 403,
      message: messages.bingo.historicalGrid,
    });
    const view = (await get(member, `/api/bingo/grids/${card.id}`)).json<BingoCardResponse>();
    expect(view.grid.isCurrent).toBe(false);
  });

  it('lists members’ club cards in GET /api/grids, and the shared card stays current', async () => {
    const memberGrids = (await get(member, '/api/grids')).json<GridListResponse>().grids;
    const current = memberGrids.filter((g) => g.isCurrent && !g.club);
    expect(current.map((g) => g.id)).toEqual([sharedGrid.id]);
    expect(memberGrids.some((g) => g.club?.id === clubId)).toBe(true);
    const outsiderGrids = (await get(outsider, '/api/grids')).json<GridListResponse>().grids;
    expect(outsiderGrids.every((g) => !g.club)).toBe(true);
    // A club card newer than the shared grid does not end the shared grid.
    const book = await createBook(t.app);
    expect(
      (await placeBook(t.app, outsider.cookie, sharedGrid.cells[0]!, book.isbn)).statusCode,
    ).toBe(200);
  });

  it('tells the leaderboards a club placement happened, never as the reader’s points', async () => {
    const card = await createClubCard(t.app, owner, clubId, { title: 'Club Live' });
    const { reader: events } = await listen(t.app, member.cookie);
    await placeOk(t.app, member.cookie, card.cells[0]!, (await createBook(t.app)).isbn);
    await events.waitFor(LIVE_EVENT.leaderboard);
    // Then a shared-card placement: its points event is the first and only one.
    const shared = await placeOk(
      t.app,
      member.cookie,
      sharedGrid.cells[9]!,
      (await createBook(t.app)).isbn,
    );
    const points = await events.waitFor(LIVE_EVENT.points);
    expect(points.map((m) => JSON.parse(m.data) as unknown)).toEqual([
      { totalPoints: shared.totalPoints },
    ]);
  });

  it('is not there for anyone outside the club', async () => {
    const card = await createClubCard(t.app, owner, clubId, { title: 'Club Secret' });
    const book = await createBook(t.app);
    const gone = { status: 404, message: messages.bingo.gridNotFound };
    expect(refusal(await get(outsider, `/api/bingo/grids/${card.id}`))).toEqual(gone);
    expect(refusal(await placeBook(t.app, outsider.cookie, card.cells[0]!, book.isbn))).toEqual(
      gone,
    );
    expect(
      refusal(await send('DELETE', outsider, `/api/bingo/grids/${card.id}/placements`)),
    ).toEqual(gone);
    expect(refusal(await get(outsider, `/api/bingo/grids/${card.id}/suggestions`))).toEqual(gone);
    expect(refusal(await get(outsider, `/api/bingo/cells/${card.cells[0]}/suggestions`))).toEqual(
      gone,
    );
    expect(refusal(await send('POST', outsider, '/api/shares', { gridId: card.id }))).toEqual(gone);
    const admin = await createUser(t.app, { role: 'admin' });
    expect(refusal(await get(admin, `/api/bingo/grids/${card.id}`))).toEqual(gone);
    // A member shares it like any card of theirs.
    expect((await send('POST', member, '/api/shares', { gridId: card.id })).statusCode).toBe(201);
  });
});

describe('the club leaderboard', () => {
  it('ranks every member by club points, ties by id (never a name), names as privacy says', async () => {
    const owner = await createUser(t.app, { email: `zed-${Date.now()}@example.com` });
    // Ties are broken by id, which says nothing of a name (issue 22).
    const bob = await createUser(t.app, { email: `bob-${Date.now()}@example.com` });
    const amy = await createUser(t.app, { email: `amy-${Date.now()}@example.com` });
    const hidden = await createUser(t.app);
    const clubId = (await createClub(t.app, owner, { name: 'Board Circle' })).id;
    for (const reader of [bob, amy, hidden]) await joinClub(t.app, owner, reader, clubId);
    const card = await createClubCard(t.app, owner, clubId);
    for (const reader of [hidden, amy, bob]) {
      await placeOk(t.app, reader.cookie, card.cells[0]!, (await createBook(t.app)).isbn);
    }
    await placeOk(t.app, hidden.cookie, card.cells[1]!, (await createBook(t.app)).isbn);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ profileVisibility: 'only_me' })
      .where('id', '=', hidden.id)
      .execute();
    const board = (
      await get(amy, `/api/clubs/${clubId}/leaderboard`)
    ).json<ClubLeaderboardResponse>();
    const tied = [
      [2, amy.id, 10, true],
      [2, bob.id, 10, false],
    ].sort((x, y) => (String(x[1]) < String(y[1]) ? -1 : 1));
    expect(board.entries.map((e) => [e.rank, e.userId, e.points, e.isViewer])).toEqual([
      [1, hidden.id, 20, false],
      ...tied,
      [4, owner.id, 0, false],
    ]);
    expect(board.entries[0]!.username).toBe(messages.privacy.hiddenName);
    expect(board.entries[1]!.username).not.toBe(messages.privacy.hiddenName);
    const own = (
      await get(hidden, `/api/clubs/${clubId}/leaderboard`)
    ).json<ClubLeaderboardResponse>();
    expect(own.entries[0]!.username).not.toBe(messages.privacy.hiddenName);
    const members = (await get(amy, `/api/clubs/${clubId}/members`)).json<ClubMembersResponse>();
    expect(members.members.find((m) => m.userId === hidden.id)).toMatchObject({
      username: messages.privacy.hiddenName,
      profileVisible: false,
    });
    // The global leaderboard is the shared card's: nobody here earned anything there.
    expect((await scoreOf(t.app, hidden.id)).points).toBe(0);
  });
});

describe('the blog’s club filter', () => {
  it('shows the members’ posts to members only', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const outsider = await createUser(t.app);
    const clubId = (await createClub(t.app, owner, { name: 'Blog Circle' })).id;
    await joinClub(t.app, owner, member, clubId);
    const mine = await createPost(t.app, member.id);
    const theirs = await createPost(t.app, outsider.id);
    const feed = (await get(owner, `/api/posts?filter=club&clubId=${clubId}`)).json<FeedResponse>();
    const ids = feed.posts.map((p) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(refusal(await get(outsider, `/api/posts?filter=club&clubId=${clubId}`))).toEqual({
      status: 403,
      message: messages.clubs.membersOnly,
    });
    expect(refusal(await get(owner, '/api/posts?filter=club&clubId=no-such-club'))).toEqual({
      status: 404,
      message: messages.clubs.notFound,
    });
  });
});

describe('deleting a club', () => {
  it('is the owner’s alone, and takes its cards, placements, invites and requests', async () => {
    const owner = await createUser(t.app);
    const co = await createUser(t.app);
    const asker = await createUser(t.app);
    const clubId = (await createClub(t.app, owner, { name: 'Doomed Circle' })).id;
    await joinClub(t.app, owner, co, clubId);
    await send('PUT', owner, `/api/clubs/${clubId}/members/${co.id}/role`, { role: 'co_owner' });
    await send('POST', asker, `/api/clubs/${clubId}/requests`);
    const card = await createClubCard(t.app, owner, clubId);
    await placeOk(t.app, co.cookie, card.cells[0]!, (await createBook(t.app)).isbn);
    expect(refusal(await send('DELETE', co, `/api/clubs/${clubId}`))).toEqual({
      status: 403,
      message: messages.clubs.ownerOnly,
    });
    expect((await send('DELETE', owner, `/api/clubs/${clubId}`)).json()).toEqual({
      message: messages.clubs.deleted,
    });
    const { db } = t.app.deps.database;
    const count = async (table: 'clubMembers' | 'clubInvites' | 'clubJoinRequests') =>
      (await db.selectFrom(table).select('clubId').where('clubId', '=', clubId).execute()).length;
    expect(await count('clubMembers')).toBe(0);
    expect(await count('clubInvites')).toBe(0);
    expect(await count('clubJoinRequests')).toBe(0);
    expect(await db.selectFrom('grids').select('id').where('id', '=', card.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('placements').select('id').where('gridId', '=', card.id).execute(),
    ).toEqual([]);
    expect(refusal(await get(owner, `/api/clubs/${clubId}`))).toEqual({
      status: 404,
      message: messages.clubs.notFound,
    });
  });
});
