import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { Friend, FriendListResponse, FriendResponse } from '../../src/lib/schemas/friends';
import type { Viewer } from '../../src/server/http/viewer';
import { createFriendsService } from '../../src/server/modules/friends/friends.service';
import { befriend, blindTo, createMemberRow, friendshipsBetween } from '../helpers/factories';
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
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sendRequest = (cookie: string | undefined, body: unknown) =>
  call(t.app, 'POST', '/api/friends', { ...(cookie ? { cookie } : {}), body });
const answer = (cookie: string | undefined, id: string, action: 'accept' | 'reject') =>
  call(t.app, 'POST', `/api/friends/${id}/${action}`, cookie ? { cookie } : {});
const removeFriend = (cookie: string | undefined, id: string) =>
  call(t.app, 'DELETE', `/api/friends/${id}`, cookie ? { cookie } : {});

async function listOf(user: TestUser): Promise<Friend[]> {
  const response = await call(t.app, 'GET', '/api/friends', { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json<FriendListResponse>().friends;
}

const rowsBetween = (a: string, b: string) => friendshipsBetween(t.app, a, b);

async function usernameOf(userId: string): Promise<string> {
  const row = await t.app.deps.database.db
    .selectFrom('users')
    .select('displayUsername')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.displayUsername!;
}

describe('sending a friend request', () => {
  it('finds the reader by username in any case and records a pending request', async () => {
    const reader = await createUser(t.app);
    const target = await createMemberRow(t.app, { username: 'Spiky_Reader' });
    const response = await sendRequest(reader.cookie, { query: '  spiky_READER ' });
    expect(response.statusCode).toBe(201);
    const body = response.json<FriendResponse>();
    expect(body.message).toBe(messages.friends.requestSent);
    expect(body.friend).toMatchObject({
      userId: target.id,
      username: 'Spiky_Reader',
      points: 0,
      status: 'pending',
      isReceived: false,
    });
    expect(await rowsBetween(reader.id, target.id)).toEqual([
      { id: body.friend.id, senderId: reader.id, receiverId: target.id, status: 'pending' },
    ]);
  });

  it('finds the reader by email in any case', async () => {
    const reader = await createUser(t.app);
    const target = await createMemberRow(t.app);
    const response = await sendRequest(reader.cookie, { query: target.email.toUpperCase() });
    expect(response.statusCode).toBe(201);
    expect(await rowsBetween(reader.id, target.id)).toHaveLength(1);
  });

  it('answers an empty query with EMPTY_QUERY (the modal just closes), writing nothing', async () => {
    const reader = await createUser(t.app);
    for (const body of [{ query: '' }, { query: '   ' }, {}]) {
      const response = await sendRequest(reader.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'EMPTY_QUERY',
        message: messages.friends.emptyQuery,
      });
    }
    expect(await listOf(reader)).toEqual([]);
  });

  it("asks 'Feeling lonely?' when readers add themselves", async () => {
    const reader = await createUser(t.app);
    for (const query of [reader.email, (await usernameOf(reader.id)).toUpperCase()]) {
      const response = await sendRequest(reader.cookie, { query });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(messages.friends.lonely);
    }
    expect(await listOf(reader)).toEqual([]);
  });

  it('answers an unknown email or username with the not-found text', async () => {
    const reader = await createUser(t.app);
    for (const query of ['nobody_here', 'nobody@example.com']) {
      const response = await sendRequest(reader.cookie, { query });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(messages.friends.userNotFound);
    }
    expect(await listOf(reader)).toEqual([]);
  });

  it('never finds a guest', async () => {
    const reader = await createUser(t.app);
    const guestCookie = await createGuest(t.app);
    const me = await call(t.app, 'GET', '/api/me', { cookie: guestCookie });
    const guestId = me.json<{ user: { id: string } }>().user.id;
    const guest = await t.app.deps.database.db
      .selectFrom('users')
      .select(['email', 'username', 'name'])
      .where('id', '=', guestId)
      .executeTakeFirstOrThrow();
    for (const query of [guest.email, guest.username ?? guest.name]) {
      const response = await sendRequest(reader.cookie, { query });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(messages.friends.userNotFound);
    }
    expect(await rowsBetween(reader.id, guestId)).toEqual([]);
  });

  it('turns away guests and signed-out visitors', async () => {
    const target = await createMemberRow(t.app);
    const asGuest = await sendRequest(await createGuest(t.app), { query: target.username });
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const signedOut = await sendRequest(undefined, { query: target.username });
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).message).toBe(messages.access.loginRequired);
    const rows = await t.app.deps.database.db
      .selectFrom('friendships')
      .select('id')
      .where('receiverId', '=', target.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a second request to the same reader', async () => {
    const reader = await createUser(t.app);
    const target = await createMemberRow(t.app);
    expect((await sendRequest(reader.cookie, { query: target.username })).statusCode).toBe(201);
    const again = await sendRequest(reader.cookie, { query: target.email });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(messages.friends.requestAlreadySent);
    expect(await rowsBetween(reader.id, target.id)).toHaveLength(1);
  });

  it('refuses a request to a reader whose own request is waiting', async () => {
    const reader = await createUser(t.app);
    const asker = await createMemberRow(t.app);
    await befriend(t.app, asker.id, reader.id, 'pending');
    const response = await sendRequest(reader.cookie, { query: asker.username });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(messages.friends.pendingFromUser);
    expect(await rowsBetween(reader.id, asker.id)).toEqual([
      expect.objectContaining({ senderId: asker.id, status: 'pending' }),
    ]);
  });

  it('refuses a request to a friend, whoever asked first', async () => {
    const reader = await createUser(t.app);
    const asked = await createMemberRow(t.app);
    const asker = await createMemberRow(t.app);
    await befriend(t.app, reader.id, asked.id);
    await befriend(t.app, asker.id, reader.id);
    for (const friend of [asked, asker]) {
      const response = await sendRequest(reader.cookie, { query: friend.username });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).message).toBe(messages.friends.alreadyFriends);
      expect(await rowsBetween(reader.id, friend.id)).toHaveLength(1);
    }
  });

  it('keeps one friendship when both readers ask each other at the same moment', async () => {
    // A few rounds: a race that is lost only sometimes must still fail this test.
    for (let round = 0; round < 3; round += 1) {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      const [aName, bName] = [await usernameOf(a.id), await usernameOf(b.id)];
      const responses = await Promise.all([
        sendRequest(a.cookie, { query: bName }),
        sendRequest(b.cookie, { query: aName }),
        sendRequest(a.cookie, { query: bName }),
      ]);
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect([messages.friends.requestAlreadySent, messages.friends.pendingFromUser]).toContain(
          errorOf(refused).message,
        );
      }
      expect(await rowsBetween(a.id, b.id)).toHaveLength(1);
    }
  });
});

describe('a request racing another', () => {
  it('answers the loser with the already-sent text when the pair constraint decides', async () => {
    const reader = await createUser(t.app);
    const target = await createMemberRow(t.app);
    await befriend(t.app, reader.id, target.id, 'pending');
    // The in-transaction check sees no request (as if the other landed just after it).
    const service = createFriendsService(blindTo(t.app.deps.database, 'friendships'));
    const viewer: Viewer = {
      id: reader.id,
      email: reader.email,
      username: null,
      name: 'Reader',
      role: 'user',
      isAnonymous: false,
      isAdmin: false,
    };
    await expect(service.sendRequest(viewer, target.username)).rejects.toMatchObject({
      statusCode: 409,
      message: messages.friends.requestAlreadySent,
    });
    expect(await rowsBetween(reader.id, target.id)).toHaveLength(1);
  });
});

describe('the friends list', () => {
  it('shows both directions with names, points and who received what, never an email', async () => {
    const reader = await createUser(t.app);
    const asked = await createMemberRow(t.app, { username: 'Asked_One' });
    const asker = await createMemberRow(t.app, { username: 'Asker_One' });
    const friend = await createMemberRow(t.app, { username: 'Old_Friend' });
    const stranger = await createMemberRow(t.app);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ points: 120 })
      .where('id', '=', friend.id)
      .execute();
    const sentId = await befriend(t.app, reader.id, asked.id, 'pending');
    const receivedId = await befriend(t.app, asker.id, reader.id, 'pending');
    const friendId = await befriend(t.app, friend.id, reader.id);
    await befriend(t.app, stranger.id, asked.id);

    const friends = await listOf(reader);
    expect(friends).toHaveLength(3);
    // The request waiting for an answer comes first.
    expect(friends[0]).toMatchObject({ id: receivedId, status: 'pending', isReceived: true });
    const byId = new Map(friends.map((f) => [f.id, f]));
    expect(byId.get(sentId)).toMatchObject({
      userId: asked.id,
      username: 'Asked_One',
      status: 'pending',
      isReceived: false,
    });
    expect(byId.get(receivedId)).toMatchObject({ userId: asker.id, username: 'Asker_One' });
    expect(byId.get(friendId)).toMatchObject({
      userId: friend.id,
      username: 'Old_Friend',
      points: 120,
      status: 'accepted',
      isReceived: true,
    });
    expect(JSON.stringify(friends)).not.toContain('@');
  });

  it('is for signed-in readers only', async () => {
    const asGuest = await call(t.app, 'GET', '/api/friends', { cookie: await createGuest(t.app) });
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const signedOut = await call(t.app, 'GET', '/api/friends');
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('answering a request', () => {
  async function pendingRequest() {
    const sender = await createUser(t.app);
    const receiver = await createUser(t.app);
    const id = await befriend(t.app, sender.id, receiver.id, 'pending');
    return { sender, receiver, id };
  }
  const statusOf = async (id: string) =>
    (
      await t.app.deps.database.db
        .selectFrom('friendships')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status ?? null;

  it('lets the receiver accept; both then see a friend', async () => {
    const { sender, receiver, id } = await pendingRequest();
    const response = await answer(receiver.cookie, id, 'accept');
    expect(response.statusCode).toBe(200);
    const body = response.json<FriendResponse>();
    expect(body.message).toBe(messages.friends.accepted);
    expect(body.friend).toMatchObject({ id, userId: sender.id, status: 'accepted' });
    expect(await statusOf(id)).toBe('accepted');
    expect((await listOf(sender))[0]).toMatchObject({ id, status: 'accepted', isReceived: false });
  });

  it('lets the receiver reject, which deletes the request', async () => {
    const { sender, receiver, id } = await pendingRequest();
    const response = await answer(receiver.cookie, id, 'reject');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.friends.rejected });
    expect(await statusOf(id)).toBeNull();
    // The sender may ask again later.
    const again = await sendRequest(sender.cookie, { query: receiver.email });
    expect(again.statusCode).toBe(201);
  });

  it('refuses the sender answering their own request, leaving it pending', async () => {
    const { sender, id } = await pendingRequest();
    for (const action of ['accept', 'reject'] as const) {
      const response = await answer(sender.cookie, id, action);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(messages.access.permissionDenied);
    }
    expect(await statusOf(id)).toBe('pending');
  });

  it("does not show a stranger someone else's request, leaving it pending", async () => {
    const { id } = await pendingRequest();
    const stranger = await createUser(t.app);
    for (const action of ['accept', 'reject'] as const) {
      const response = await answer(stranger.cookie, id, action);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(messages.friends.requestNotFound);
    }
    expect(await statusOf(id)).toBe('pending');
  });

  it('answers a request that is gone with the not-found text', async () => {
    const reader = await createUser(t.app);
    const response = await answer(reader.cookie, 'no-such-request', 'accept');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.friends.requestNotFound);
  });

  it('refuses to accept or reject a friendship that is already accepted', async () => {
    const { receiver, id } = await pendingRequest();
    await answer(receiver.cookie, id, 'accept');
    for (const action of ['accept', 'reject'] as const) {
      const response = await answer(receiver.cookie, id, action);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).message).toBe(messages.friends.alreadyFriends);
    }
    expect(await statusOf(id)).toBe('accepted');
  });

  it('turns away guests and signed-out visitors, leaving the request pending', async () => {
    const { id } = await pendingRequest();
    const asGuest = await answer(await createGuest(t.app), id, 'accept');
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const signedOut = await answer(undefined, id, 'reject');
    expect(signedOut.statusCode).toBe(401);
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('removing a friend', () => {
  it('lets either side remove an accepted friend, deleting the friendship', async () => {
    for (const side of ['sender', 'receiver'] as const) {
      const sender = await createUser(t.app);
      const receiver = await createUser(t.app);
      const id = await befriend(t.app, sender.id, receiver.id);
      const remover = side === 'sender' ? sender : receiver;
      const response = await removeFriend(remover.cookie, id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.friends.removed });
      expect(await rowsBetween(sender.id, receiver.id)).toEqual([]);
    }
  });

  it("refuses to remove someone else's friendship, keeping it", async () => {
    const a = await createMemberRow(t.app);
    const b = await createMemberRow(t.app);
    const id = await befriend(t.app, a.id, b.id);
    const stranger = await createUser(t.app);
    const response = await removeFriend(stranger.cookie, id);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.friends.friendNotFound);
    expect(await rowsBetween(a.id, b.id)).toHaveLength(1);
  });

  it('refuses to remove a request that is still pending; it is answered with Reject', async () => {
    const sender = await createUser(t.app);
    const receiver = await createMemberRow(t.app);
    const id = await befriend(t.app, sender.id, receiver.id, 'pending');
    const response = await removeFriend(sender.cookie, id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(messages.friends.notFriendsYet);
    expect(await rowsBetween(sender.id, receiver.id)).toHaveLength(1);
  });

  it('answers an unknown friendship, a guest and a signed-out visitor', async () => {
    const reader = await createUser(t.app);
    const unknown = await removeFriend(reader.cookie, 'no-such-friendship');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.friends.friendNotFound);
    const friend = await createMemberRow(t.app);
    const id = await befriend(t.app, reader.id, friend.id);
    const asGuest = await removeFriend(await createGuest(t.app), id);
    expect(asGuest.statusCode).toBe(403);
    const signedOut = await removeFriend(undefined, id);
    expect(signedOut.statusCode).toBe(401);
    expect(await rowsBetween(reader.id, friend.id)).toHaveLength(1);
  });
});
