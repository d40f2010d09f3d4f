import type { FastifyRequest } from 'fastify';
import { messages } from '../../lib/messages';

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
 * Builds a rule that counts per caller (the signed-in account when there is one, else the
 * address) and per feature, and answers 429 with `message`.
 */
export function rateLimitRule(
  feature: string,
  max: number,
  timeWindow: number,
  message: string = messages.rateLimit.generic,
): RateLimitRule {
  return {
    max,
    timeWindow,
    keyGenerator: async (request) => {
      const viewer = await request.viewer().catch(() => null);
      return `${feature}:${viewer?.id ?? request.ip}`;
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: { code: 'RATE_LIMITED', message },
    }),
  };
}
