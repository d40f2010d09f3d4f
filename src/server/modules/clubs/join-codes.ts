import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  formatJoinCode,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_GUESSES_PER_ACCOUNT_HOUR,
  JOIN_CODE_GUESSES_PER_ADDRESS_HOUR,
  JOIN_CODE_LENGTH,
  JOIN_CODES_PER_HOUR,
  normalizeJoinCode,
} from '../../../lib/join-code';
import { messages } from '../../../lib/messages';
import {
  CreateJoinCodeBody,
  CreateJoinCodeResponse,
  JoinByCodeBody,
  JoinCodeResponse,
} from '../../../lib/schemas/club-codes';
import { ClubMessageResponse, ClubParams, ClubResponse } from '../../../lib/schemas/clubs';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { toIso } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { notFound } from '../../http/errors';
import { membersOnly } from '../../http/members-only';
import {
  addressCeiling,
  featureRateLimitRule,
  MINUTE_MS,
  type FeatureLimit,
  type FeatureLimitOverrides,
} from '../../http/rate-limits';
import { requireMember, requireSignedIn, type Viewer } from '../../http/viewer';
import type { ClubsService } from './clubs.service';

const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Issue 24: the limits of join codes (RATE_LIMIT_SCALE applies to each). */
export const JOIN_CODE_RATE_LIMITS = {
  joinCodeCreations: {
    max: JOIN_CODES_PER_HOUR,
    windowMs: HOUR_MS,
    message: messages.clubCodes.tooManyCodes,
  },
  /** Per account: every code typed, right or wrong. */
  joinCodeGuesses: {
    max: JOIN_CODE_GUESSES_PER_ACCOUNT_HOUR,
    windowMs: HOUR_MS,
    message: messages.clubCodes.tooManyGuesses,
  },
  /** Per address, whatever accounts it signs in as. */
  joinCodeGuessesPerAddress: {
    max: JOIN_CODE_GUESSES_PER_ADDRESS_HOUR,
    windowMs: HOUR_MS,
    message: messages.clubCodes.tooManyGuesses,
  },
} as const satisfies Record<string, FeatureLimit>;

export type JoinCodeRateLimitFeature = keyof typeof JOIN_CODE_RATE_LIMITS;

declare module '../../config' {
  interface AppConfig {
    /** Overrides of JOIN_CODE_RATE_LIMITS (set by code, e.g. a test; never from the environment). */
    joinCodeRateLimits?: FeatureLimitOverrides<JoinCodeRateLimitFeature>;
  }
}

/** A fresh code in its stored form: each character drawn uniformly (crypto.randomInt). */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) {
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * What the database keeps of a code: HMAC-SHA-256 (hex) of its stored form under the server's
 * secret. A plain hash of 40 bits could be reversed from a copy of the database in hours; the
 * key keeps that copy from naming any live code.
 */
export function hashJoinCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`club-join-code:${code}`, 'utf8').digest('hex');
}

function joinCodesRepository(db: Kysely<Database>) {
  const live = (now: string) =>
    db
      .selectFrom('clubJoinCodes')
      .select(['id', 'clubId', 'createdAt', 'expiresAt'])
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now);
  return {
    liveOfClub: (clubId: string, now: string) =>
      live(now).where('clubId', '=', clubId).orderBy('createdAt', 'desc').executeTakeFirst(),
    liveByHash: (codeHash: string, now: string) =>
      live(now).where('codeHash', '=', codeHash).executeTakeFirst(),
    async revokeLive(clubId: string, now: string): Promise<number> {
      const result = await db
        .updateTable('clubJoinCodes')
        .set({ revokedAt: now })
        .where('clubId', '=', clubId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async insert(row: {
      id: string;
      clubId: string;
      codeHash: string;
      createdBy: string;
      createdAt: string;
      expiresAt: string;
    }) {
      await db.insertInto('clubJoinCodes').values(row).execute();
    },
  };
}

const toInfo = (row: { id: string; createdAt: Date | string; expiresAt: Date | string }) => ({
  id: row.id,
  createdAt: toIso(row.createdAt),
  expiresAt: toIso(row.expiresAt),
});

/**
 * Join a club by a code (issue 24): owners make (one live code a club), see and revoke the
 * club's code; a reader types it on the Clubs page and joins as through an invitation link.
 * Anything but a live code (malformed, unknown, expired, revoked, or its club hidden by a
 * block) answers 404 with the same text, so a guess learns nothing.
 */
export function createJoinCodesService(deps: AppDeps, clubsService: ClubsService) {
  const { db } = deps.database;
  const secret = deps.config.authSecret;
  const repo = joinCodesRepository(db);
  const invalid = () => notFound(messages.clubCodes.invalid);

  return {
    async create(viewer: Viewer, clubId: string, days: number): Promise<CreateJoinCodeResponse> {
      await clubsService.requireOwners(viewer, clubId);
      const now = new Date();
      const expiresAt = new Date(now.getTime() + days * DAY_MS).toISOString();
      for (let attempt = 0; ; attempt++) {
        const code = newJoinCode();
        const row = {
          id: randomUUID(),
          clubId,
          codeHash: hashJoinCode(secret, code),
          createdBy: viewer.id,
          createdAt: now.toISOString(),
          expiresAt,
        };
        try {
          await db.transaction().execute(async (trx) => {
            const inTrx = joinCodesRepository(trx);
            await inTrx.revokeLive(clubId, now.toISOString());
            await inTrx.insert(row);
          });
        } catch (error) {
          // Another club's code (live or not) has this hash: draw again.
          if (isUniqueViolation(error) && attempt < 3) continue;
          throw error;
        }
        return {
          joinCode: toInfo(row),
          code: formatJoinCode(code),
          message: messages.clubCodes.created,
        };
      }
    },

    async get(viewer: Viewer, clubId: string): Promise<JoinCodeResponse> {
      await clubsService.requireOwners(viewer, clubId);
      const row = await repo.liveOfClub(clubId, new Date().toISOString());
      return { joinCode: row ? toInfo(row) : null };
    },

    async revoke(viewer: Viewer, clubId: string) {
      await clubsService.requireOwners(viewer, clubId);
      if ((await repo.revokeLive(clubId, new Date().toISOString())) === 0) {
        throw notFound(messages.clubCodes.noLiveCode);
      }
      return { message: messages.clubCodes.revoked };
    },

    async join(viewer: Viewer, typed: string) {
      const code = normalizeJoinCode(typed);
      if (!code) throw invalid();
      const row = await repo.liveByHash(hashJoinCode(secret, code), new Date().toISOString());
      if (!row) throw invalid();
      return clubsService.joinThroughCode(viewer, row.clubId, invalid);
    },
  };
}

export function registerJoinCodeRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  clubsService: ClubsService,
) {
  const service = createJoinCodesService(deps, clubsService);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['clubs'];
  const overrides = deps.config.joinCodeRateLimits ?? {};
  const rule = (feature: JoinCodeRateLimitFeature) =>
    featureRateLimitRule(feature, JOIN_CODE_RATE_LIMITS[feature], overrides[feature]);
  const perAddress = JOIN_CODE_RATE_LIMITS.joinCodeGuessesPerAddress;
  const addressAdmission = addressCeiling(
    app,
    'joinCodeGuesses',
    { ...perAddress, ...overrides.joinCodeGuessesPerAddress },
    deps.config.rateLimitScale,
  );
  const signedInFirst = async (request: Parameters<typeof requireSignedIn>[0]) => {
    await requireSignedIn(request);
  };

  api.post('/api/clubs/:clubId/join-code', {
    schema: {
      tags,
      summary: "Make the club's join code (owners); it replaces the previous one, shown once",
      params: ClubParams,
      body: CreateJoinCodeBody,
      response: { 201: CreateJoinCodeResponse },
    },
    config: { rateLimit: rule('joinCodeCreations') },
    preValidation: signedInFirst,
    handler: async (request, reply) => {
      const made = await service.create(
        await requireSignedIn(request),
        request.params.clubId,
        request.body.expiresInDays,
      );
      return reply.status(201).send(made);
    },
  });

  api.get('/api/clubs/:clubId/join-code', {
    schema: {
      tags,
      summary: "The club's live join code: when it was made and expires, never the code (owners)",
      params: ClubParams,
      response: { 200: JoinCodeResponse },
    },
    handler: async (request) => service.get(await requireSignedIn(request), request.params.clubId),
  });

  api.delete('/api/clubs/:clubId/join-code', {
    schema: {
      tags,
      summary: "Revoke the club's join code (owners)",
      params: ClubParams,
      response: { 200: ClubMessageResponse },
    },
    handler: async (request) =>
      service.revoke(await requireSignedIn(request), request.params.clubId),
  });

  api.post('/api/club-codes', {
    schema: {
      tags,
      summary: 'Join a club by its code (guesses limited per account and per address)',
      body: JoinByCodeBody,
      response: { 200: ClubResponse },
    },
    config: { rateLimit: rule('joinCodeGuesses') },
    preValidation: membersOnly(messages.clubs.guestsCannotJoin),
    preHandler: addressAdmission,
    handler: async (request) =>
      service.join(
        await requireMember(request, messages.clubs.guestsCannotJoin),
        request.body.code,
      ),
  });
}
