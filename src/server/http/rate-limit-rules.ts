import { messages } from '../../lib/messages';
import {
  featureRateLimitRule,
  MINUTE_MS,
  type FeatureLimit,
  type FeatureLimitOverrides,
  type RateLimitRule,
} from './rate-limits';

/**
 * Every per-user limit of the reading features (issue 3), in one place. DESIGN.md: rate limits
 * are the server's, per user and feature, answered with SPEC.md section 8's texts. The numbers
 * guard against scripts, never a person: each is several times what someone clicking can reach.
 * @fastify/rate-limit keeps one counter per route and user, so progress updates allow their
 * number for placing and for resetting alike.
 */
export const READING_RATE_LIMITS = {
  // The search modal searches on Enter and after a 500 ms pause in typing: one a second at most.
  bookSearches: { max: 60, windowMs: MINUTE_MS, message: messages.rateLimit.bookSearches },
  // Book pages; a book the catalogue lacks costs a remote lookup, so the same bound as searches
  // would do, but browsing back and forth through results is quicker than searching.
  bookLookups: { max: 120, windowMs: MINUTE_MS, message: messages.rateLimit.generic },
  // Placing a book takes a search and a click, and a review modal follows: 30 a minute is
  // far beyond a person filling a whole 16-square card.
  progressUpdates: { max: 30, windowMs: MINUTE_MS, message: messages.rateLimit.progressUpdates },
  // Opening the modal, switching tabs, and refetches on live `leaderboard` events.
  leaderboardUpdates: {
    max: 60,
    windowMs: MINUTE_MS,
    message: messages.rateLimit.leaderboardUpdates,
  },
  // A review follows a placement; the spec names no text for it, so the generic one answers.
  reviewPosts: { max: 10, windowMs: MINUTE_MS, message: messages.rateLimit.generic },
} as const satisfies Record<string, FeatureLimit>;

export type ReadingRateLimitFeature = keyof typeof READING_RATE_LIMITS;

/** Replacement numbers for some features, e.g. `{ bookSearches: { max: 2 } }` in a test. */
export type ReadingRateLimitOverrides = FeatureLimitOverrides<ReadingRateLimitFeature>;

declare module '../config' {
  interface AppConfig {
    /**
     * Overrides of READING_RATE_LIMITS. Not read from the environment: set by code that builds
     * the config itself (a test that trips a limit cheaply, a benchmark that must not).
     */
    readingRateLimits?: ReadingRateLimitOverrides;
  }
}

/** The route's `config.rateLimit` for a reading feature, with any override applied. */
export function readingRateLimit(
  feature: ReadingRateLimitFeature,
  overrides: ReadingRateLimitOverrides = {},
): RateLimitRule {
  return featureRateLimitRule(feature, READING_RATE_LIMITS[feature], overrides[feature]);
}
