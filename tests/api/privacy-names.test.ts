import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { LeaderboardResponse } from '../../src/lib/schemas/bingo';
import type { ReaderExport } from '../../src/lib/schemas/exports';
import type { Friend, FriendListResponse, FriendResponse } from '../../src/lib/schemas/friends';
import type { BlockedListResponse } from '../../src/lib/schemas/privacy';
import type { UserProfileResponse } from '../../src/lib/schemas/profile';
import { befriend } from '../helpers/factories';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/test-app';

/**
 * Decision 014, addendum: neither blocking a reader nor asking them to be friends tells the
 * asker more than the reader's visibility lets them see. A reader hidden from the asker is
 * 'A reader' on the blocked list, on their hidden profile and in friend-request answers, and
 * those answers carry no points and no id that the leaderboard or the feed could be read by.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.database.db;
const HIDDEN = messages.privacy.hiddenName;
/** Any string: ids and times the server makes. */
const aString: unknown = expect.any(String);

/** A signed-in reader with a username, points and a visibility. */
async function reader(username: string, visibility: string, points = 0) {
  const user = await createUser(t.app);
  await db().updateTable('users').set({ points }).where('id', '=', user.id).execute();
  const response = await call(t.app, 'PATCH', '/api/profile', {
    cookie: user.cookie,
    body: { username, visibility },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

const block = (by: TestUser, userId: string) =>
  call(t.app, 'PUT', `/api/blocks/${userId}`, { cookie: by.cookie });

async function blockedListOf(viewer: TestUser) {
  const response = await call(t.app, 'GET', '/api/blocks', { cookie: viewer.cookie });
  expect(response.statusCode).toBe(200);
  return response;
}

async function profileAs(viewer: TestUser, userId: string) {
  const response = await call(t.app, 'GET', `/api/users/${userId}/profile`, {
    cookie: viewer.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response;
}

const namesOnBlockedList = async (viewer: TestUser) =>
  (await blockedListOf(viewer))
    .json<BlockedListResponse>()
    .blocked.map(({ id, username }) => ({ id, username }));

async function sendRequest(from: TestUser, query: string) {
  const response = await call(t.app, 'POST', '/api/friends', {
    cookie: from.cookie,
    body: { query },
  });
  expect(response.statusCode).toBe(201);
  return response;
}

async function friendsOf(viewer: TestUser): Promise<Friend[]> {
  const response = await call(t.app, 'GET', '/api/friends', { cookie: viewer.cookie });
  expect(response.statusCode).toBe(200);
  return response.json<FriendListResponse>().friends;
}

describe('blocking a hidden reader', () => {
  it('does not unmask an only-me reader found on the leaderboard', async () => {
    const victim = await reader('SecretVictim', 'only_me', 1_000_000);
    const attacker = await createUser(t.app);

    const board = await call(t.app, 'GET', '/api/leaderboard?scope=global', {
      cookie: attacker.cookie,
    });
    const row = board.json<LeaderboardResponse>().entries.find((e) => e.userId === victim.id);
    expect(row).toMatchObject({ userId: victim.id, username: HIDDEN, points: 1_000_000 });

    const blocked = await block(attacker, victim.id);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ message: messages.privacy.blocked });

    const list = await blockedListOf(attacker);
    expect(list.json<BlockedListResponse>()).toEqual({
      blocked: [{ id: victim.id, username: HIDDEN, blockedAt: aString }],
    });
    expect(list.body).not.toContain('SecretVictim');

    const profile = await profileAs(attacker, victim.id);
    // Still hidden, still offering Unblock.
    expect(profile.json<UserProfileResponse>()).toEqual({
      access: 'hidden',
      profile: { id: victim.id, username: HIDDEN },
      blockedByYou: true,
    });
    expect(profile.body).not.toContain('SecretVictim');

    const exported = await call(t.app, 'GET', '/api/exports/me.json', {
      cookie: attacker.cookie,
    });
    expect(exported.json<ReaderExport>().blocked).toEqual([
      { id: victim.id, username: HIDDEN, blockedAt: aString },
    ]);
    expect(exported.body).not.toContain('SecretVictim');

    const unblocked = await call(t.app, 'DELETE', `/api/blocks/${victim.id}`, {
      cookie: attacker.cookie,
    });
    expect(unblocked.statusCode).toBe(200);
    expect(await namesOnBlockedList(attacker)).toEqual([]);
  });

  it('does not unmask a friends-only reader to a stranger, nor to a friend it stops being', async () => {
    const victim = await reader('ShyVictim', 'friends');
    const stranger = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, friend.id, victim.id, 'accepted');
    expect((await profileAs(friend, victim.id)).json<UserProfileResponse>().access).toBe('full');

    for (const blocker of [stranger, friend]) {
      expect((await block(blocker, victim.id)).statusCode).toBe(200);
      // A block ends the friendship: now, as to anyone else, the reader is hidden.
      expect(await namesOnBlockedList(blocker)).toEqual([{ id: victim.id, username: HIDDEN }]);
      expect((await profileAs(blocker, victim.id)).json<UserProfileResponse>()).toEqual({
        access: 'hidden',
        profile: { id: victim.id, username: HIDDEN },
        blockedByYou: true,
      });
    }
  });

  it('still names a reader who shows themselves to everyone, as before', async () => {
    const open = await reader('OpenPest', 'everyone');
    const blocker = await createUser(t.app);
    await block(blocker, open.id);
    expect(await namesOnBlockedList(blocker)).toEqual([{ id: open.id, username: 'OpenPest' }]);
    expect((await profileAs(blocker, open.id)).json<UserProfileResponse>()).toEqual({
      access: 'hidden',
      profile: { id: open.id, username: 'OpenPest' },
      blockedByYou: true,
    });
  });

  it('shows the name the blocker would see by unblocking: not across the other\u2019s block', async () => {
    const open = await reader('BlocksBack', 'everyone');
    const blocker = await createUser(t.app);
    await block(open, blocker.id);
    await block(blocker, open.id);
    expect(await namesOnBlockedList(blocker)).toEqual([{ id: open.id, username: HIDDEN }]);
    expect((await profileAs(blocker, open.id)).json<UserProfileResponse>().profile.username).toBe(
      HIDDEN,
    );
  });
});

describe('a friend request to a hidden reader', () => {
  const hiddenRow = {
    id: aString,
    userId: null,
    username: HIDDEN,
    points: null,
    status: 'pending',
    isReceived: false,
    createdAt: aString,
  };

  it('confirms it was sent by username, without their name, id or points', async () => {
    const victim = await reader('SecretTarget', 'only_me', 4242);
    const asker = await createUser(t.app);
    const response = await sendRequest(asker, 'secrettarget');
    expect(response.json<FriendResponse>()).toEqual({
      friend: hiddenRow,
      message: messages.friends.requestSent,
    });
    expect(response.body).not.toContain('SecretTarget');
    expect(response.body).not.toContain(victim.id);
    expect(response.body).not.toContain('4242');
    // The asker's list and export say no more.
    expect(await friendsOf(asker)).toEqual([hiddenRow]);
    const exported = await call(t.app, 'GET', '/api/exports/me.json', { cookie: asker.cookie });
    expect(exported.json<ReaderExport>().friends).toEqual([
      {
        userId: null,
        username: HIDDEN,
        status: 'pending',
        direction: 'sent',
        createdAt: aString,
        acceptedAt: null,
      },
    ]);
    expect(exported.body).not.toContain(victim.id);
  });

  it('confirms it was sent by email, without their name, id or points', async () => {
    const victim = await reader('MailTarget', 'friends', 777);
    const asker = await createUser(t.app);
    const response = await sendRequest(asker, victim.email);
    expect(response.json<FriendResponse>()).toEqual({
      friend: hiddenRow,
      message: messages.friends.requestSent,
    });
    expect(response.body).not.toContain('MailTarget');
    expect(response.body).not.toContain(victim.id);
    expect(await friendsOf(asker)).toEqual([hiddenRow]);
  });

  it('shows the asker to the reader asked, who may answer; points follow visibility', async () => {
    const victim = await reader('AskedHog', 'only_me', 300);
    const asker = await reader('HiddenAsker', 'only_me', 200);
    const sent = (await sendRequest(asker, 'askedhog')).json<FriendResponse>().friend;

    // The asker chose to be known to the reader they asked: their name and id, not points.
    expect(await friendsOf(victim)).toEqual([
      {
        id: sent.id,
        userId: asker.id,
        username: 'HiddenAsker',
        points: null,
        status: 'pending',
        isReceived: true,
        createdAt: aString,
      },
    ]);

    const accepted = await call(t.app, 'POST', `/api/friends/${sent.id}/accept`, {
      cookie: victim.cookie,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<FriendResponse>().friend).toEqual({
      id: sent.id,
      userId: asker.id,
      username: 'HiddenAsker',
      points: null,
      status: 'accepted',
      isReceived: true,
      createdAt: aString,
    });
    // Accepting makes the two known to each other; an only-me profile still keeps its points.
    expect(await friendsOf(asker)).toEqual([
      {
        id: sent.id,
        userId: victim.id,
        username: 'AskedHog',
        points: null,
        status: 'accepted',
        isReceived: false,
        createdAt: aString,
      },
    ]);
  });

  it("shows a friends-only reader's points once they are friends", async () => {
    const target = await reader('PalsHog', 'friends', 55);
    const asker = await createUser(t.app);
    const sent = (await sendRequest(asker, 'palshog')).json<FriendResponse>().friend;
    await call(t.app, 'POST', `/api/friends/${sent.id}/accept`, { cookie: target.cookie });
    expect(await friendsOf(asker)).toEqual([
      {
        id: sent.id,
        userId: target.id,
        username: 'PalsHog',
        points: 55,
        status: 'accepted',
        isReceived: false,
        createdAt: aString,
      },
    ]);
  });

  it('answers as before for a reader who shows themselves to everyone', async () => {
    const target = await reader('OpenTarget', 'everyone', 12);
    const asker = await createUser(t.app);
    const response = await sendRequest(asker, 'opentarget');
    expect(response.json<FriendResponse>().friend).toEqual({
      id: aString,
      userId: target.id,
      username: 'OpenTarget',
      points: 12,
      status: 'pending',
      isReceived: false,
      createdAt: aString,
    });
  });
});
