import { messages } from '../../lib/messages';
import {
  featureRateLimitRule,
  MINUTE_MS,
  type FeatureLimit,
  type FeatureLimitOverrides,
  type RateLimitRule,
} from './rate-limits';

/**
 * Every per-reader limit of the social features (issue 4), in one place. They guard the server
 * against scripts, never a person: each is several times what someone clicking through the
 * pages can reach, so a reader never sees the texts of SPEC.md section 8 by honest use.
 * @fastify/rate-limit keeps one counter per route and reader, so a feature whose rule sits on
 * several routes (book updates) allows its number on each of them.
 */
export const SOCIAL_RATE_LIMITS = {
  // Sending, accepting, rejecting or removing: even adding a whole book club by name is a few
  // a minute; 20 leaves room for typos and second tries.
  friendRequests: { max: 20, windowMs: MINUTE_MS, message: messages.rateLimit.friendRequests },
  // Lists a person reloads by opening a tab or pressing Load More: one a second for a whole
  // minute is far faster than anyone reads, and the client caches them on top.
  friendListRefreshes: {
    max: 60,
    windowMs: MINUTE_MS,
    message: messages.rateLimit.friendListRefreshes,
  },
  blogRefreshes: { max: 60, windowMs: MINUTE_MS, message: messages.rateLimit.blogRefreshes },
  profileRefreshes: { max: 60, windowMs: MINUTE_MS, message: messages.rateLimit.profileRefreshes },
  // Saving the Edit Profile form: a person saves once, maybe a few times while trying avatars.
  profileUpdates: { max: 20, windowMs: MINUTE_MS, message: messages.rateLimit.profileUpdates },
  // Clicking stars through a backlog of finished books takes a couple of seconds a book.
  ratingUpdates: { max: 30, windowMs: MINUTE_MS, message: messages.rateLimit.ratingUpdates },
  // Want-to-read and finished-book writes: a like on the recommendation page adds a book, and
  // swiping is fast (a swipe animates for 300 ms), so one a second is the human ceiling.
  bookUpdates: { max: 60, windowMs: MINUTE_MS, message: messages.rateLimit.bookUpdates },
  // Deleting own posts is rare; the spec names no text for it, so the generic one answers.
  postDeletes: { max: 20, windowMs: MINUTE_MS, message: messages.rateLimit.generic },
  // Blocking or unblocking (issue 12): a person blocks a pest or two, now and then; a script
  // flipping blocks would churn friendships and everyone's leaderboards.
  blockUpdates: { max: 20, windowMs: MINUTE_MS, message: messages.rateLimit.blockUpdates },
} as const satisfies Record<string, FeatureLimit>;

export type SocialRateLimitFeature = keyof typeof SOCIAL_RATE_LIMITS;

/** Replacement numbers for some features, e.g. `{ friendRequests: { max: 2 } }` in a test. */
export type SocialRateLimitOverrides = FeatureLimitOverrides<SocialRateLimitFeature>;

export type SocialRateLimitRules = Record<SocialRateLimitFeature, RateLimitRule>;

declare module '../config' {
  interface AppConfig {
    /**
     * Overrides of SOCIAL_RATE_LIMITS. Not read from the environment: set by code that builds
     * the config itself (tests that trip a limit cheaply).
     */
    socialRateLimits?: SocialRateLimitOverrides;
  }
}

/** The route rules of every social feature: the numbers above, with `overrides` applied. */
export function socialRateLimitRules(
  overrides: SocialRateLimitOverrides = {},
): SocialRateLimitRules {
  const entries = Object.entries(SOCIAL_RATE_LIMITS).map(([feature, limit]) => {
    const override = overrides[feature as SocialRateLimitFeature];
    return [feature, featureRateLimitRule(feature, limit, override)] as const;
  });
  return Object.fromEntries(entries) as SocialRateLimitRules;
}
