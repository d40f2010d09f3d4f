import type { FastifyRequest } from 'fastify';
import { messages } from '../../lib/messages';

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
