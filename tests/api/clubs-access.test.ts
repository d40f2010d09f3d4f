import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { hashInviteToken } from '../../src/server/modules/clubs/clubs.service';
import { createGridsRepository } from '../../src/server/modules/grids/grids.repository';
import { createBook, createMemberRow, createPost } from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 12: the club access matrix. Every club route, and the bingo routes on a club card,
 * called by each of eight personas on a club of its own (so no call changes what the next
 * one meets), must answer the status in EXPECTED: docs/SECURITY.md's club table. The owner
 * made the club; the co-owner was named by the owner; the member joined; the non-member did
 * not; the owner blocked the blocked reader; the admin is a reader with no club powers.
 */
type Persona = 'owner' | 'coOwner' | 'member' | 'nonMember' | 'blocked' | 'guest' | 'out' | 'admin';
const PERSONAS: Persona[] = [
  'owner',
  'coOwner',
  'member',
  'nonMember',
  'blocked',
  'guest',
  'out',
  'admin',
];
type Row = Record<Persona, number>;

const row = (
  owner: number,
  coOwner: number,
  member: number,
  nonMember: number,
  blocked: number,
  guest: number,
  admin: number,
): Row => ({ owner, coOwner, member, nonMember, blocked, guest, out: 401, admin });

/** Owners only: members 403 ownersOnly, others 403, the blocked reader 404. */
const owners = (ok: number) => row(ok, ok, 403, 403, 404, 403, 403);
/** Members only: others 403 membersOnly, the blocked reader 404. */
const members = (ok: number) => row(ok, ok, ok, 403, 404, 403, 403);
/** A club card: anyone outside the club is told it is not there. */
const card = (ok: number, guest = 404) => row(ok, ok, ok, 404, 404, guest, 404);

const EXPECTED: Record<string, Row> = {
  'POST /api/clubs': row(201, 201, 201, 201, 201, 403, 201),
  'GET /api/clubs': row(200, 200, 200, 200, 200, 200, 200),
  'GET /api/clubs/{clubId}': row(200, 200, 200, 200, 404, 200, 200),
  'PATCH /api/clubs/{clubId}': owners(200),
  'DELETE /api/clubs/{clubId}': row(200, 403, 403, 403, 404, 403, 403),
  'GET /api/clubs/{clubId}/members': members(200),
  'PUT /api/clubs/{clubId}/members/{userId}/role': row(200, 403, 403, 403, 404, 403, 403),
  'DELETE /api/clubs/{clubId}/members/{userId}': owners(200),
  'POST /api/clubs/{clubId}/invites': owners(201),
  'GET /api/clubs/{clubId}/invites': owners(200),
  'DELETE /api/clubs/{clubId}/invites/{inviteId}': owners(200),
  // Issue 24: the club's join code, as its invitation links.
  'POST /api/clubs/{clubId}/join-code': owners(201),
  'GET /api/clubs/{clubId}/join-code': owners(200),
  // Each persona's club is fresh, with no live code: owners hear so (404 'No live join code.'),
  // everyone else is refused before that is looked up (revoking a live one: club-join-codes).
  'DELETE /api/clubs/{clubId}/join-code': row(404, 404, 403, 403, 404, 403, 403),
  'GET /api/club-invites/{token}': row(200, 200, 200, 200, 404, 200, 200),
  'POST /api/club-invites/{token}': row(409, 409, 409, 200, 404, 403, 200),
  'POST /api/clubs/{clubId}/requests': row(409, 409, 409, 200, 404, 403, 200),
  'GET /api/clubs/{clubId}/requests': owners(200),
  'POST /api/clubs/{clubId}/requests/{userId}/approve': owners(200),
  'DELETE /api/clubs/{clubId}/requests/{userId}': owners(200),
  'GET /api/clubs/{clubId}/cards': members(200),
  'POST /api/clubs/{clubId}/cards': owners(201),
  'GET /api/clubs/{clubId}/leaderboard': members(200),
  // Issue 23: owners hide (and show again) a member's post in their club's feed only.
  'POST /api/clubs/{clubId}/posts/{postId}/hide': owners(200),
  'DELETE /api/clubs/{clubId}/posts/{postId}/hide': owners(200),
  'GET /api/posts?filter=club': members(200),
  'GET /api/bingo/grids/{gridId}': card(200),
  'GET /api/bingo/grids/{gridId}/suggestions': card(200),
  'GET /api/bingo/cells/{cellId}/suggestions': card(200),
  'GET /api/bingo/cells/{cellId}/fit': card(200),
  // Guests may not place at all (403 before anything is looked up).
  'POST /api/bingo/placements': card(200, 403),
  'DELETE /api/bingo/grids/{gridId}/placements': card(200, 403),
  'POST /api/shares': card(201, 403),
};

let t: TestApp;
let cookies: Record<Persona, string | undefined>;
let users: Record<'owner' | 'coOwner' | 'member' | 'nonMember' | 'blocked' | 'admin', TestUser>;
let bookIsbn: string;

/** A club of its own for one call: members, a target member, a request, a live link, a card. */
async function freshClub() {
  const { db } = t.app.deps.database;
  const now = new Date().toISOString();
  const clubId = randomUUID();
  const [target, requester] = await Promise.all([createMemberRow(t.app), createMemberRow(t.app)]);
  await db
    .insertInto('clubs')
    .values({
      id: clubId,
      name: 'Matrix Circle',
      description: '',
      createdBy: users.owner.id,
      createdAt: now,
    })
    .execute();
  await db
    .insertInto('clubMembers')
    .values([
      { clubId, userId: users.owner.id, role: 'owner', joinedAt: now },
      { clubId, userId: users.coOwner.id, role: 'co_owner', joinedAt: now },
      { clubId, userId: users.member.id, role: 'member', joinedAt: now },
      { clubId, userId: target.id, role: 'member', joinedAt: now },
    ])
    .execute();
  await db
    .insertInto('clubJoinRequests')
    .values({ clubId, userId: requester.id, createdAt: now })
    .execute();
  const token = randomBytes(32).toString('base64url');
  const inviteId = randomUUID();
  await db
    .insertInto('clubInvites')
    .values({
      id: inviteId,
      clubId,
      tokenHash: hashInviteToken(token),
      createdBy: users.owner.id,
      createdAt: now,
    })
    .execute();
  const grid = await db.transaction().execute((trx) =>
    createGridsRepository(db).insertWithCells(trx, {
      title: 'Matrix Club Card',
      challenges: [...DEFAULT_CHALLENGES],
      createdBy: users.owner.id,
      clubId,
      resetDate: '2099-12-31',
    }),
  );
  const cells = await db
    .selectFrom('cells')
    .select('id')
    .where('gridId', '=', grid.id)
    .orderBy('position')
    .execute();
  // Issue 23: a member's post, for the owners hiding it from the club's feed.
  const post = await createPost(t.app, target.id);
  return {
    clubId,
    postId: post.id,
    target: target.id,
    requester: requester.id,
    token,
    inviteId,
    gridId: grid.id,
    cellId: cells[0]!.id,
  };
}

function requestFor(route: string, f: Awaited<ReturnType<typeof freshClub>>) {
  const [method, rawPath] = route.split(' ') as [string, string];
  const [path, query] = rawPath.split('?') as [string, string | undefined];
  const params: Record<string, string> = {
    clubId: f.clubId,
    userId: route.includes('/requests/') ? f.requester : f.target,
    inviteId: f.inviteId,
    token: f.token,
    gridId: f.gridId,
    cellId: f.cellId,
    postId: f.postId,
  };
  const bodies: Record<string, unknown> = {
    'POST /api/clubs': { name: 'Another Circle' },
    'PATCH /api/clubs/{clubId}': { name: 'Renamed Circle', description: '' },
    'PUT /api/clubs/{clubId}/members/{userId}/role': { role: 'co_owner' },
    'POST /api/clubs/{clubId}/invites': {},
    'POST /api/clubs/{clubId}/join-code': { expiresInDays: 7 },
    'POST /api/clubs/{clubId}/cards': {
      title: 'Another Card',
      challenges: [...DEFAULT_CHALLENGES],
      resetDate: '2099-12-31',
    },
    'POST /api/bingo/placements': { cellId: f.cellId, isbn: bookIsbn },
    'POST /api/shares': { gridId: f.gridId },
  };
  const queries: Record<string, string> = {
    'GET /api/posts?filter=club': `?filter=club&clubId=${f.clubId}`,
    'GET /api/bingo/cells/{cellId}/fit': `?isbn=${bookIsbn}`,
  };
  const url =
    path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]!) +
    (queries[route] ?? (query ? `?${query}` : ''));
  return { method, url, body: bodies[route] };
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      config: {
        clubRateLimits: { clubCreations: { max: 1000 }, clubInvites: { max: 1000 } },
        readingRateLimits: { progressUpdates: { max: 1000 } },
      },
    },
  );
  const [owner, coOwner, member, nonMember, blocked, admin] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { role: 'admin' }),
  ]);
  users = { owner, coOwner, member, nonMember, blocked, admin };
  cookies = {
    owner: owner.cookie,
    coOwner: coOwner.cookie,
    member: member.cookie,
    nonMember: nonMember.cookie,
    blocked: blocked.cookie,
    guest: await createGuest(t.app),
    out: undefined,
    admin: admin.cookie,
  };
  await t.app.deps.database.db
    .insertInto('blocks')
    .values({ blockerId: owner.id, blockedId: blocked.id, createdAt: new Date().toISOString() })
    .execute();
  bookIsbn = (await createBook(t.app)).isbn;
});
afterAll(() => t.close());

describe('the club access matrix', () => {
  it('has a row for every club route of the OpenAPI document', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const clubRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/clubs') || path.startsWith('/api/club-invites'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(clubRoutes.length).toBeGreaterThan(0);
    expect(clubRoutes.filter((route) => !(route in EXPECTED))).toEqual([]);
  });

  it('answers each route as the table says for each persona', async () => {
    const mismatches: string[] = [];
    for (const [route, expected] of Object.entries(EXPECTED)) {
      for (const persona of PERSONAS) {
        const { method, url, body } = requestFor(route, await freshClub());
        const cookie = cookies[persona];
        const response = await call(t.app, method, url, {
          ...(cookie ? { cookie } : {}),
          ...(body !== undefined ? { body } : {}),
        });
        if (response.statusCode !== expected[persona]) {
          mismatches.push(
            `${persona} ${route}: ${response.statusCode} (want ${expected[persona]}) ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
