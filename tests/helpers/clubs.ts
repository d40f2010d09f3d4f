import type { FastifyInstance } from 'fastify';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import type { ClubResponse, CreateInviteResponse } from '../../src/lib/schemas/clubs';
import type { BingoCardResponse } from '../../src/lib/schemas/bingo';
import type { GridSummary } from '../../src/lib/schemas/admin';
import { call, type TestUser } from './test-app';

/** Creates a club through the API; the user becomes its owner. */
export async function createClub(
  app: FastifyInstance,
  owner: TestUser,
  body: { name?: string; description?: string } = {},
) {
  const response = await call(app, 'POST', '/api/clubs', {
    cookie: owner.cookie,
    body: { name: body.name ?? 'Hedgehog Circle', description: body.description ?? '' },
  });
  if (response.statusCode !== 201) throw new Error(`club creation failed: ${response.body}`);
  return response.json<ClubResponse>().club;
}

/** An invitation link's token, made by an owner. */
export async function inviteToken(
  app: FastifyInstance,
  owner: TestUser,
  clubId: string,
  expiresInDays: number | null = null,
) {
  const response = await call(app, 'POST', `/api/clubs/${clubId}/invites`, {
    cookie: owner.cookie,
    body: { expiresInDays },
  });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.body}`);
  const made = response.json<CreateInviteResponse>();
  return { token: made.path.split('/').at(-1)!, invite: made.invite, path: made.path };
}

/** Joins through a fresh invitation link. */
export async function joinClub(
  app: FastifyInstance,
  owner: TestUser,
  member: TestUser,
  clubId: string,
) {
  const { token } = await inviteToken(app, owner, clubId);
  const response = await call(app, 'POST', `/api/club-invites/${token}`, {
    cookie: member.cookie,
  });
  if (response.statusCode !== 200) throw new Error(`join failed: ${response.body}`);
}

/** A club card made by an owner, with its cell ids by position. */
export async function createClubCard(
  app: FastifyInstance,
  owner: TestUser,
  clubId: string,
  options: { title?: string; resetDate?: string } = {},
) {
  const response = await call(app, 'POST', `/api/clubs/${clubId}/cards`, {
    cookie: owner.cookie,
    body: {
      title: options.title ?? 'Club Challenge',
      challenges: [...DEFAULT_CHALLENGES],
      resetDate: options.resetDate ?? '2099-12-31',
    },
  });
  if (response.statusCode !== 201) throw new Error(`card creation failed: ${response.body}`);
  const { card } = response.json<{ card: GridSummary }>();
  const cardResponse = await call(app, 'GET', `/api/bingo/grids/${card.id}`, {
    cookie: owner.cookie,
  });
  const { cells } = cardResponse.json<BingoCardResponse>();
  return { id: card.id, card, cells: cells.map((c) => c.id) };
}
