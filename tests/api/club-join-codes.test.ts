import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  JOIN_CODE_ALPHABET,
  JOIN_CODE_GUESSES_PER_ACCOUNT_HOUR,
  normalizeJoinCode,
} from '../../src/lib/join-code';
import { CLUB_MEMBERS_MAX } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { CreateJoinCodeResponse, JoinCodeResponse } from '../../src/lib/schemas/club-codes';
import type { ClubResponse } from '../../src/lib/schemas/clubs';
import { hashJoinCode, newJoinCode } from '../../src/server/modules/clubs/join-codes';
import { createClub } from '../helpers/clubs';
import { insertBareUsers } from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Join a club by a code (issue 24): owners make, see and revoke the club's one live code; a
 * reader types it (any case, dashes and spaces ignored) and joins as through an invitation link;
 * every code that is not live answers the same 404 text; guesses are limited per account and per
 * address. Run on SQLite and on PostgreSQL (DATABASE_URL).
 */
let t: TestApp;
let counter = 0;
/** Each call from its own address unless told, so the per-address ceiling stays out of the way. */
function send(
  method: 'GET' | 'POST' | 'DELETE',
  user: TestUser | string | null,
  url: string,
  body?: unknown,
  address = `10.1.${Math.floor(++counter / 250)}.${counter % 250}`,
): Promise<LightMyRequestResponse> {
  const cookie = typeof user === 'string' ? user : user?.cookie;
  return t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: {
      origin: TEST_ORIGIN,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}
const refusal = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  message: errorOf(response).message,
});
const makeCode = async (owner: TestUser, clubId: string, body: unknown = {}) => {
  const response = await send('POST', owner, `/api/clubs/${clubId}/join-code`, body);
  expect(response.statusCode).toBe(201);
  return response.json<CreateJoinCodeResponse>();
};
const join = (user: TestUser | string | null, code: unknown, address?: string) =>
  send('POST', user, '/api/club-codes', { code }, address);
const invalid = { status: 404, message: messages.clubCodes.invalid };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the code itself', () => {
  it('draws nine characters of the alphabet without look-alikes, and reads typed codes loosely', () => {
    for (const banned of '0O1IL2Z5S8BUV') expect(JOIN_CODE_ALPHABET).not.toContain(banned);
    expect(JOIN_CODE_ALPHABET).toHaveLength(23);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = newJoinCode();
      expect(code).toMatch(/^[34679ACDEFGHJKMNPQRTWXY]{9}$/);
      seen.add(code);
    }
    expect(seen.size).toBe(200);
    expect(normalizeJoinCode(' 4kq-7mx a3d ')).toBe('4KQ7MXA3D');
    expect(normalizeJoinCode('4KQ-7MX-A3')).toBeNull();
    expect(normalizeJoinCode('4KQ-7MX-A30')).toBeNull();
  });
});

describe('owners make, see and revoke the code', () => {
  it('shows the code once, keeps only a keyed hash, and a new code replaces the old', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner);
    const before = await send('GET', owner, `/api/clubs/${club.id}/join-code`);
    expect(before.json<JoinCodeResponse>()).toEqual({ joinCode: null });

    const made = await makeCode(owner, club.id);
    expect(made.message).toBe(messages.clubCodes.created);
    expect(made.code).toMatch(
      /^[34679ACDEFGHJKMNPQRTWXY]{3}-[34679ACDEFGHJKMNPQRTWXY]{3}-[34679ACDEFGHJKMNPQRTWXY]{3}$/,
    );
    const days =
      (Date.parse(made.joinCode.expiresAt) - Date.parse(made.joinCode.createdAt)) / 86_400_000;
    expect(days).toBe(7);

    const rows = await t.app.deps.database.db
      .selectFrom('clubJoinCodes')
      .selectAll()
      .where('clubId', '=', club.id)
      .execute();
    expect(rows).toHaveLength(1);
    const stored = made.code.replace(/-/g, '');
    expect(rows[0]!.codeHash).toBe(hashJoinCode(t.config.authSecret, stored));
    expect(JSON.stringify(rows)).not.toContain(stored);

    const seen = await send('GET', owner, `/api/clubs/${club.id}/join-code`);
    expect(seen.json<JoinCodeResponse>()).toEqual({ joinCode: made.joinCode });
    expect(seen.body).not.toContain(stored);

    const again = await makeCode(owner, club.id, { expiresInDays: 30 });
    const reader = await createUser(t.app);
    expect(refusal(await join(reader, made.code))).toEqual(invalid);
    expect((await join(reader, again.code)).statusCode).toBe(200);
  });

  it('refuses a lifetime outside 1 to 30 days and changes nothing', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner);
    for (const expiresInDays of [0, 31, 1.5, 'week', null]) {
      const response = await send('POST', owner, `/api/clubs/${club.id}/join-code`, {
        expiresInDays,
      });
      expect(refusal(response)).toEqual({ status: 400, message: messages.clubCodes.expiryInvalid });
    }
    const seen = await send('GET', owner, `/api/clubs/${club.id}/join-code`);
    expect(seen.json<JoinCodeResponse>()).toEqual({ joinCode: null });
  });

  it('lets owners and co-owners only: members 403, outsiders 403, signed-out 401', async () => {
    const [owner, member, outsider] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    const club = await createClub(t.app, owner);
    const { code } = await makeCode(owner, club.id);
    expect((await join(member, code)).statusCode).toBe(200);
    for (const [method, body] of [
      ['POST', {}],
      ['GET', undefined],
      ['DELETE', undefined],
    ] as const) {
      const url = `/api/clubs/${club.id}/join-code`;
      expect(refusal(await send(method, member, url, body))).toEqual({
        status: 403,
        message: messages.clubs.ownersOnly,
      });
      expect(refusal(await send(method, outsider, url, body))).toEqual({
        status: 403,
        message: messages.clubs.ownersOnly,
      });
      expect((await send(method, null, url, body)).statusCode).toBe(401);
    }
  });

  it('revokes the live code: it then answers as a wrong code; revoking again says there is none', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner);
    const { code } = await makeCode(owner, club.id);
    const revoked = await send('DELETE', owner, `/api/clubs/${club.id}/join-code`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: messages.clubCodes.revoked });
    expect(refusal(await join(await createUser(t.app), code))).toEqual(invalid);
    expect(refusal(await send('DELETE', owner, `/api/clubs/${club.id}/join-code`))).toEqual({
      status: 404,
      message: messages.clubCodes.noLiveCode,
    });
    expect((await send('GET', owner, `/api/clubs/${club.id}/join-code`)).json()).toEqual({
      joinCode: null,
    });
  });
});

describe('joining by a code', () => {
  it('joins in any case, with or without dashes and spaces, as a member', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Board Readers' });
    const { code } = await makeCode(owner, club.id);
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    const reader = await createUser(t.app);
    const joined = await join(reader, typed);
    expect(joined.statusCode).toBe(200);
    expect(joined.json<ClubResponse>().club).toMatchObject({
      id: club.id,
      role: 'member',
      memberCount: 2,
    });
    expect(refusal(await join(reader, code))).toEqual({
      status: 409,
      message: messages.clubs.alreadyMember,
    });
  });

  it('answers every code that is not live with the same text: wrong, malformed, expired, revoked', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner);
    const { code } = await makeCode(owner, club.id, { expiresInDays: 1 });
    const reader = await createUser(t.app);
    const wrong = code.endsWith('3') ? code.slice(0, -1) + '4' : code.slice(0, -1) + '3';
    expect(refusal(await join(reader, wrong))).toEqual(invalid);
    expect(refusal(await join(reader, 'HEDGE-4KQ'))).toEqual(invalid);
    // Too long to be read at all: refused before any lookup, in the same words.
    expect(refusal(await join(reader, 'x'.repeat(101)))).toEqual({ ...invalid, status: 400 });
    await t.app.deps.database.db
      .updateTable('clubJoinCodes')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('clubId', '=', club.id)
      .execute();
    expect(refusal(await join(reader, code))).toEqual(invalid);
    const members = await send('GET', owner, `/api/clubs/${club.id}/members`);
    expect(members.json<{ members: unknown[] }>().members).toHaveLength(1);
  });

  it('asks for a code when none is typed, and refuses guests and signed-out callers', async () => {
    const reader = await createUser(t.app);
    expect(refusal(await join(reader, '   '))).toEqual({
      status: 400,
      message: messages.clubCodes.required,
    });
    expect(refusal(await join(reader, 42))).toEqual({
      status: 400,
      message: messages.clubCodes.required,
    });
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner);
    const { code } = await makeCode(owner, club.id);
    expect(refusal(await join(await createGuest(t.app), code))).toEqual({
      status: 403,
      message: messages.clubs.guestsCannotJoin,
    });
    expect((await join(null, code)).statusCode).toBe(401);
  });

  it('answers a reader in a block with an owner or a co-owner as a wrong code, in both directions', async () => {
    const [owner, co, blockedByOwner, blockerOfCo] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    const club = await createClub(t.app, owner);
    const first = await makeCode(owner, club.id);
    expect((await join(co, first.code)).statusCode).toBe(200);
    const role = await call(t.app, 'PUT', `/api/clubs/${club.id}/members/${co.id}/role`, {
      cookie: owner.cookie,
      body: { role: 'co_owner' },
    });
    expect(role.statusCode).toBe(200);
    expect(
      (await call(t.app, 'PUT', `/api/blocks/${blockedByOwner.id}`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'PUT', `/api/blocks/${co.id}`, { cookie: blockerOfCo.cookie })).statusCode,
    ).toBe(200);
    for (const reader of [blockedByOwner, blockerOfCo]) {
      expect(refusal(await join(reader, first.code))).toEqual(invalid);
    }
    const members = await send('GET', owner, `/api/clubs/${club.id}/members`);
    expect(members.json<{ members: unknown[] }>().members).toHaveLength(2);
  });

  it('refuses a full club as an invitation link does', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner);
    const { code } = await makeCode(owner, club.id);
    const { db } = t.app.deps.database;
    const now = new Date().toISOString();
    const ids = Array.from({ length: CLUB_MEMBERS_MAX - 1 }, (_, i) => `filler-${club.id}-${i}`);
    await insertBareUsers(t.app, ids);
    for (let i = 0; i < ids.length; i += 400) {
      const chunk = ids.slice(i, i + 400);
      await db
        .insertInto('clubMembers')
        .values(
          chunk.map((userId) => ({
            clubId: club.id,
            userId,
            role: 'member' as const,
            joinedAt: now,
          })),
        )
        .execute();
    }
    const reader = await createUser(t.app);
    expect(refusal(await join(reader, code))).toEqual({
      status: 403,
      message: messages.clubs.clubFull,
    });
  });
});

describe('guessing limits', () => {
  it(`lets one account type ${JOIN_CODE_GUESSES_PER_ACCOUNT_HOUR} codes an hour, right or wrong, then 429`, async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner);
    const { code } = await makeCode(owner, club.id);
    const guesser = await createUser(t.app);
    for (let i = 0; i < JOIN_CODE_GUESSES_PER_ACCOUNT_HOUR; i++) {
      expect(refusal(await join(guesser, `333-333-33${JOIN_CODE_ALPHABET[i]}`))).toEqual(invalid);
    }
    // Past the limit even the right code is refused, from any address.
    const refused = await join(guesser, code);
    expect(refusal(refused)).toEqual({ status: 429, message: messages.clubCodes.tooManyGuesses });
    // Another account is not affected.
    expect((await join(await createUser(t.app), code)).statusCode).toBe(200);
  });

  it('counts one address across accounts', async () => {
    const local = await createTestApp(
      {},
      { config: { joinCodeRateLimits: { joinCodeGuessesPerAddress: { max: 3 } } } },
    );
    try {
      const readers = await Promise.all([createUser(local.app), createUser(local.app)]);
      const from = (user: TestUser, address: string) =>
        local.app.inject({
          method: 'POST',
          url: '/api/club-codes',
          remoteAddress: address,
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: user.cookie },
          payload: JSON.stringify({ code: '333-333-333' }),
        });
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await from(readers[i % 2]!, '203.0.113.9')).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const over = await from(readers[0], '203.0.113.9');
      expect(errorOf(over).message).toBe(messages.clubCodes.tooManyGuesses);
      expect(over.headers['retry-after']).toBeDefined();
      expect((await from(readers[1], '203.0.113.10')).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});
