import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { ClubLeaderboardResponse, ClubMembersResponse } from '../../src/lib/schemas/clubs';
import { createClub, inviteToken, joinClub } from '../helpers/clubs';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/test-app';

/**
 * Issue 22, defects 2 and 6: what a club tells a reader about someone hidden from them. A
 * co-member renaming themselves must not learn where a hidden member's real name sorts (ties
 * on the club leaderboard are ordered by nothing a name says), and a reader in a block with
 * the club's owners is answered at every door of the club exactly as a dead link or an
 * unknown club is (decision 014: a block is not announced).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A username no other test reader has, starting with `prefix` (3-30 letters, digits, _). */
const unique = (prefix: string) => `${prefix}_${(counter += 1)}_${randomUUID().slice(0, 6)}`;

async function rename(user: TestUser, username: string, visibility?: string) {
  const response = await call(t.app, 'PATCH', '/api/profile', {
    cookie: user.cookie,
    body: { username, ...(visibility ? { visibility } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function leaderboardAs(viewer: TestUser, clubId: string) {
  const response = await call(t.app, 'GET', `/api/clubs/${clubId}/leaderboard`, {
    cookie: viewer.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<ClubLeaderboardResponse>().entries;
}

async function membersAs(viewer: TestUser, clubId: string) {
  const response = await call(t.app, 'GET', `/api/clubs/${clubId}/members`, {
    cookie: viewer.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<ClubMembersResponse>().members;
}

/** A status and a whole body, to compare two answers as a client sees them. */
const answerOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('ties on the club leaderboard', () => {
  let owner: TestUser;
  let prober: TestUser;
  let hidden: TestUser;
  let clubId: string;

  beforeAll(async () => {
    [owner, prober, hidden] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    const others = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    clubId = (await createClub(t.app, owner, { name: 'Tied Circle' })).id;
    for (const member of [prober, hidden, ...others]) {
      await joinClub(t.app, owner, member, clubId);
    }
    await rename(owner, unique('mowner'));
    await rename(hidden, unique('mhidden'), 'only_me');
    for (const [i, member] of others.entries()) await rename(member, unique(`m${i}visible`));
  });

  it('orders members tied on points by nothing a name says', async () => {
    // Everyone has 0 points on the club's cards: every row is tied.
    const ids = async () => (await leaderboardAs(prober, clubId)).map((e) => e.userId);
    const shown = await leaderboardAs(prober, clubId);
    expect(shown.find((e) => e.userId === hidden.id)?.username).toBe(messages.privacy.hiddenName);
    expect(new Set(shown.map((e) => e.rank))).toEqual(new Set([1]));
    const before = await ids();

    // The prober renames themselves to sort before, then after, every name: nothing moves.
    await rename(prober, unique('a00'));
    expect(await ids()).toEqual(before);
    await rename(prober, unique('zzz'));
    expect(await ids()).toEqual(before);

    // Nor does the hidden member's own name move their row, for anyone.
    await rename(hidden, unique('aaa'));
    const afterA = await ids();
    await rename(hidden, unique('zzz'));
    expect(await ids()).toEqual(afterA);
    expect(afterA).toEqual(before);
    expect((await leaderboardAs(owner, clubId)).map((e) => e.userId)).toEqual(before);
  });

  it('puts a hidden member in the members list by no part of their real name', async () => {
    const ids = async () => (await membersAs(prober, clubId)).map((m) => m.userId);
    await rename(hidden, unique('aaa'));
    const asA = await ids();
    await rename(hidden, unique('zzz'));
    expect(await ids()).toEqual(asA);
    const row = (await membersAs(prober, clubId)).find((m) => m.userId === hidden.id);
    expect(row?.username).toBe(messages.privacy.hiddenName);
  });
});

describe('the club door for a reader in a block with its owners', () => {
  let owner: TestUser;
  let clubId: string;
  let token: string;
  const deadToken = () => randomBytes(32).toString('base64url');

  beforeAll(async () => {
    owner = await createUser(t.app);
    clubId = (await createClub(t.app, owner, { name: 'Quiet Door Circle' })).id;
    ({ token } = await inviteToken(t.app, owner, clubId));
  });

  /** Two readers: one the owner blocked, one who blocked the owner. */
  async function blockedReaders() {
    const [blockedByOwner, blockerOfOwner] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
    ]);
    const blockOwner = await call(t.app, 'PUT', `/api/blocks/${blockedByOwner.id}`, {
      cookie: owner.cookie,
    });
    expect(blockOwner.statusCode).toBe(200);
    const blockOther = await call(t.app, 'PUT', `/api/blocks/${owner.id}`, {
      cookie: blockerOfOwner.cookie,
    });
    expect(blockOther.statusCode).toBe(200);
    return [blockedByOwner, blockerOfOwner];
  }

  it('answers a live invitation link exactly as a dead one, to look at and to join', async () => {
    for (const reader of await blockedReaders()) {
      const as = { cookie: reader.cookie };
      const dead = deadToken();
      expect(answerOf(await call(t.app, 'GET', `/api/club-invites/${token}`, as))).toEqual(
        answerOf(await call(t.app, 'GET', `/api/club-invites/${dead}`, as)),
      );
      const joined = await call(t.app, 'POST', `/api/club-invites/${token}`, as);
      const deadJoin = await call(t.app, 'POST', `/api/club-invites/${dead}`, as);
      expect(answerOf(joined)).toEqual(answerOf(deadJoin));
      expect(answerOf(deadJoin)).toEqual({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: messages.clubs.inviteInvalid } },
      });
    }
    // Nobody blocked joined.
    expect((await membersAs(owner, clubId)).map((m) => m.userId)).toEqual([owner.id]);
  });

  it('answers a request to join, and the club itself, exactly as an unknown club', async () => {
    const unknown = randomUUID();
    for (const reader of await blockedReaders()) {
      const as = { cookie: reader.cookie };
      for (const [method, path] of [
        ['POST', '/requests'],
        ['GET', ''],
      ] as const) {
        expect(answerOf(await call(t.app, method, `/api/clubs/${clubId}${path}`, as))).toEqual(
          answerOf(await call(t.app, method, `/api/clubs/${unknown}${path}`, as)),
        );
      }
    }
    const requests = await call(t.app, 'GET', `/api/clubs/${clubId}/requests`, {
      cookie: owner.cookie,
    });
    expect(requests.json()).toEqual({ requests: [] });
  });

  it('tells a member the owner blocked that they are already in, as the preview shows', async () => {
    const member = await createUser(t.app);
    await joinClub(t.app, owner, member, clubId);
    await call(t.app, 'PUT', `/api/blocks/${member.id}`, { cookie: owner.cookie });
    const as = { cookie: member.cookie };
    expect((await call(t.app, 'GET', `/api/club-invites/${token}`, as)).statusCode).toBe(200);
    const again = await call(t.app, 'POST', `/api/club-invites/${token}`, as);
    expect(answerOf(again)).toEqual({
      status: 409,
      body: { error: { code: 'ALREADY_MEMBER', message: messages.clubs.alreadyMember } },
    });
  });
});
