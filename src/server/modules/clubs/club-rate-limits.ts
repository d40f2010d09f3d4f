import {
  CLUB_CARDS_CREATED_PER_DAY,
  CLUB_INVITES_PER_HOUR,
  CLUBS_CREATED_PER_DAY,
} from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import {
  featureRateLimitRule,
  MINUTE_MS,
  type FeatureLimit,
  type FeatureLimitOverrides,
  type RateLimitRule,
} from '../../http/rate-limits';

const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Per-reader limits of the clubs (issue 12): a person makes a club or two, and a few links for
 * a class; a script making clubs or links by the thousand is stopped. RATE_LIMIT_SCALE applies
 * to each (app.ts scales every route's rule).
 */
export const CLUB_RATE_LIMITS = {
  clubCreations: {
    max: CLUBS_CREATED_PER_DAY,
    windowMs: DAY_MS,
    message: messages.clubs.tooManyClubs,
  },
  clubInvites: {
    max: CLUB_INVITES_PER_HOUR,
    windowMs: HOUR_MS,
    message: messages.clubs.tooManyInvites,
  },
  // Issue 22: a card a month per club, a few more to fix a mistake; not 40 in a tenth of a second.
  clubCardCreations: {
    max: CLUB_CARDS_CREATED_PER_DAY,
    windowMs: DAY_MS,
    message: messages.clubs.tooManyCards,
  },
} as const satisfies Record<string, FeatureLimit>;

export type ClubRateLimitFeature = keyof typeof CLUB_RATE_LIMITS;

declare module '../../config' {
  interface AppConfig {
    /** Overrides of CLUB_RATE_LIMITS (set by code, e.g. a test; never from the environment). */
    clubRateLimits?: FeatureLimitOverrides<ClubRateLimitFeature>;
  }
}

export function clubRateLimit(
  feature: ClubRateLimitFeature,
  overrides: FeatureLimitOverrides<ClubRateLimitFeature> = {},
): RateLimitRule {
  return featureRateLimitRule(feature, CLUB_RATE_LIMITS[feature], overrides[feature]);
}
