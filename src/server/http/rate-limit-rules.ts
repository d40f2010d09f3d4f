import type { FastifyInstance } from 'fastify';
import { messages } from '../../lib/messages';
import type { AppConfig } from '../config';
import { RECOMMENDATION_REFILLS_PER_WINDOW } from '../modules/recommendations/recommendation-sessions';
import {
  addressCeiling,
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
  // Issue 22: books that fit read the reader's lists and the catalogue for every square asked
  // about. The card asks for one square when it is opened (and finished books that fit after a
  // placement), so a person stays far below search's own number; a script does not.
  bookSuggestions: { max: 60, windowMs: MINUTE_MS, message: messages.rateLimit.bookSuggestions },
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
    /**
     * Overrides of PROVIDER_ADDRESS_LIMITS, like `readingRateLimits` (a test that reaches the
     * ceiling cheaply); not read from the environment. RATE_LIMIT_SCALE still applies.
     */
    providerAddressLimits?: FeatureLimitOverrides<ProviderAddressFeature>;
  }
}

/** The route's `config.rateLimit` for a reading feature, with any override applied. */
export function readingRateLimit(
  feature: ReadingRateLimitFeature,
  overrides: ReadingRateLimitOverrides = {},
): RateLimitRule {
  return featureRateLimitRule(feature, READING_RATE_LIMITS[feature], overrides[feature]);
}

/**
 * Per-address ceilings on the routes that ask Google Books and Open Library (book search,
 * onboarding search, book page, recommendation refills), beside their per-reader limits.
 * Guests cost nothing to make (10 a minute per address), so per-reader limits alone do not
 * bound an address. Each is five times the per-reader number: a class of 30 behind one
 * address, each pupil searching at a human pace (a few a minute, a burst at the start of a
 * lesson), stays well below it, while one address causes at most 600 provider requests a
 * minute through searches and 1,200 through lookups (two providers each), not the ~72,000 of
 * an hour's worth of guests. A school with more behind one address raises RATE_LIMIT_SCALE.
 * The answers are the per-reader limits' own texts. docs/SECURITY.md has more.
 */
export const PROVIDER_ADDRESS_LIMITS = {
  bookSearches: {
    max: 5 * READING_RATE_LIMITS.bookSearches.max,
    windowMs: MINUTE_MS,
    message: READING_RATE_LIMITS.bookSearches.message,
  },
  bookLookups: {
    max: 5 * READING_RATE_LIMITS.bookLookups.max,
    windowMs: MINUTE_MS,
    message: READING_RATE_LIMITS.bookLookups.message,
  },
  // A refill of the recommendation cards asks up to five queries of each provider when the
  // catalogue lacks books for them, so one address makes at most 500 provider requests a minute
  // through refills. Accounts take a captcha, but an hour of them would otherwise refill
  // 10 times a minute each.
  recommendationRefills: {
    max: 5 * RECOMMENDATION_REFILLS_PER_WINDOW,
    windowMs: MINUTE_MS,
    message: messages.rateLimit.recommendationUpdates,
  },
} as const satisfies Record<string, FeatureLimit>;

export type ProviderAddressFeature = keyof typeof PROVIDER_ADDRESS_LIMITS;

/**
 * The address's ceiling for `feature` on a route that reaches the book providers (shared by
 * every route of that feature), under RATE_LIMIT_SCALE and any override: a preHandler, or
 * called by a handler whose own per-reader check comes first.
 */
export function providerAddressCeiling(
  app: FastifyInstance,
  feature: ProviderAddressFeature,
  config: Pick<AppConfig, 'rateLimitScale' | 'providerAddressLimits'>,
) {
  const limit = PROVIDER_ADDRESS_LIMITS[feature];
  const override = config.providerAddressLimits?.[feature] ?? {};
  return addressCeiling(
    app,
    feature,
    {
      max: override.max ?? limit.max,
      windowMs: override.windowMs ?? limit.windowMs,
      message: limit.message,
    },
    config.rateLimitScale,
  );
}
