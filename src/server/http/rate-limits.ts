import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { messages } from '../../lib/messages';
import { AppError } from './errors';

export const MINUTE_MS = 60_000;

/** One feature's limit in a table of them: `max` requests a window, `message` beyond that. */
export interface FeatureLimit {
  max: number;
  windowMs: number;
  message: string;
}

/** Replacement numbers for some features of a limit table, e.g. `{ bookSearches: { max: 2 } }`. */
export type FeatureLimitOverrides<Feature extends string> = Partial<
  Record<Feature, Partial<Pick<FeatureLimit, 'max' | 'windowMs'>>>
>;

/** A per-route limit for @fastify/rate-limit, answered with one of the spec's texts. */
export interface RateLimitRule {
  max: number;
  timeWindow: number;
  keyGenerator?: (request: FastifyRequest) => string | Promise<string>;
  errorResponseBuilder?: (
    request: FastifyRequest,
    context: { statusCode: number },
  ) => { statusCode: number; error: { code: string; message: string } };
}

/**
 * Builds a rule that counts per feature and per caller, and answers 429 with `message`. The
 * caller is the signed-in account when there is one, else the address; `by: 'address'` counts
 * by address alone (sign-in and sign-up, where nobody is signed in yet and no session is read).
 */
export function rateLimitRule(
  feature: string,
  max: number,
  timeWindow: number,
  message: string = messages.rateLimit.generic,
  by: 'caller' | 'address' = 'caller',
): RateLimitRule {
  return {
    max,
    timeWindow,
    keyGenerator: async (request) => {
      if (by === 'address') return `${feature}:${request.ip}`;
      const viewer = await request.viewer().catch(() => null);
      return `${feature}:${viewer?.id ?? request.ip}`;
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: { code: 'RATE_LIMITED', message },
    }),
  };
}

/** The route rule of a feature's limit, with the override's numbers where it gives any. */
export function featureRateLimitRule(
  feature: string,
  limit: FeatureLimit,
  override: Partial<Pick<FeatureLimit, 'max' | 'windowMs'>> = {},
): RateLimitRule {
  return rateLimitRule(
    feature,
    override.max ?? limit.max,
    override.windowMs ?? limit.windowMs,
    limit.message,
  );
}

/**
 * How many captcha challenges an address may fetch for each sign-in it may attempt: the login
 * page fetches one per attempt, and a reload, an expired challenge or a widget retry another.
 */
export const CHALLENGES_PER_SIGN_IN = 3;

/**
 * The limit of GET /api/captcha/challenge, per address: CHALLENGES_PER_SIGN_IN for each
 * request the per-address auth limit (`authRule`, AUTH_RATE_LIMIT_MAX) lets through in its
 * window, so 30 a minute by default. A challenge costs a few milliseconds of CPU; without a
 * limit, a modest flood keeps a core busy. RATE_LIMIT_SCALE applies as to every route's limit.
 */
export function captchaChallengeRateLimit(authRule: Pick<RateLimitRule, 'max' | 'timeWindow'>) {
  return rateLimitRule(
    'captchaChallenges',
    authRule.max * CHALLENGES_PER_SIGN_IN,
    authRule.timeWindow,
    messages.rateLimit.generic,
    'address',
  );
}

type AddressCounter = ReturnType<FastifyInstance['createRateLimit']>;

/** One counter per app and feature, so every route of a feature shares an address's count. */
const addressCounters = new WeakMap<FastifyInstance, Map<string, AddressCounter>>();

/** Counts one request against an address's ceiling; past it, throws 429 with Retry-After. */
export type AddressAdmission = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A per-address ceiling beside a route's own per-reader limit (`config.rateLimit`): one address
 * makes at most `limit.max` requests of `feature` a window, whatever readers it signs in as,
 * then gets 429 with `limit.message`. @fastify/rate-limit runs one limit per route and request,
 * so this one counts through its `createRateLimit`, in the same store as every other limit
 * (Redis with REDIS_URL, so instances share the count). Used as a preHandler, after the route's
 * per-reader limit, or called once a per-reader check of the handler's own has passed: either
 * way one reader's refused requests do not use up the address's share. RATE_LIMIT_SCALE
 * applies (`scale`); at 0 there is no ceiling and the admission lets everything through.
 */
export function addressCeiling(
  app: FastifyInstance,
  feature: string,
  limit: Pick<FeatureLimit, 'max' | 'windowMs' | 'message'>,
  scale: number,
): AddressAdmission {
  const scaled = scaleRateLimit({ max: limit.max }, scale);
  if (!scaled) return async () => {};
  let counters = addressCounters.get(app);
  if (!counters) addressCounters.set(app, (counters = new Map<string, AddressCounter>()));
  const name = `${feature}PerAddress`;
  let count = counters.get(name);
  if (!count) {
    count = app.createRateLimit({
      max: scaled.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${name}:${request.ip}`,
    });
    counters.set(name, count);
  }
  const counted = count;
  return async (request, reply) => {
    const result = await counted(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError(429, 'RATE_LIMITED', limit.message);
  };
}

/**
 * A route's limit under RATE_LIMIT_SCALE: every max times `scale` (at least 1), or no limit at
 * all for 0. Default 1 keeps the spec's numbers; load tests and trusted deployments (a
 * classroom behind one address) raise or lift them all with this one setting.
 */
export function scaleRateLimit<Rule extends { max?: unknown }>(
  rule: Rule,
  scale: number,
): Rule | false {
  if (scale === 0) return false;
  if (scale === 1 || typeof rule.max !== 'number') return rule;
  return { ...rule, max: Math.max(1, Math.round(rule.max * scale)) };
}
