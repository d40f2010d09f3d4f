import type { SharedRedis } from '../../shared/redis';
import {
  createRecommendationSessionStore,
  createRefillThrottle,
  RECOMMENDATION_REFILL_WINDOW_MS,
  RECOMMENDATION_REFILLS_PER_WINDOW,
  RECOMMENDATION_SESSION_IDLE_MS,
  SESSION_PARTS,
  type RecommendationSession,
  type RecommendationSessionAdditions,
  type RecommendationSessionStore,
  type RefillDecision,
  type RefillThrottle,
} from './recommendation-sessions';

const SESSION_PREFIX = 'bingo:recommendations:session:';
const REFILLS_PREFIX = 'bingo:recommendations:refills:';

/**
 * The sessions in Redis (REDIS_URL set): one Redis set per part of a session, all four given
 * the idle expiry again on every read and write, so a session lives as long as it is used
 * (24 h idle, as in memory) on whichever instance, and survives restarts. Redis's own expiry
 * bounds them; there is no count cap as in memory.
 */
export function createRedisRecommendationSessionStore(
  redis: SharedRedis,
  options: { idleMs?: number } = {},
): RecommendationSessionStore {
  const idleMs = options.idleMs ?? RECOMMENDATION_SESSION_IDLE_MS;
  const keysOf = (userId: string, sessionId: string) =>
    SESSION_PARTS.map((part) => `${SESSION_PREFIX}${userId}:${sessionId}:${part}`);

  return {
    async read(userId, sessionId) {
      const keys = keysOf(userId, sessionId);
      const transaction = redis.client.multi();
      for (const key of keys) transaction.smembers(key);
      for (const key of keys) transaction.pexpire(key, idleMs);
      const results = await transaction.exec();
      if (!results) throw new Error('recommendation session read was aborted');
      const sets = SESSION_PARTS.map((_, i) => {
        const [error, members] = results[i] ?? [new Error('missing reply'), null];
        if (error) throw error;
        return new Set(members as string[]);
      });
      return Object.fromEntries(
        SESSION_PARTS.map((part, i) => [part, sets[i]]),
      ) as unknown as RecommendationSession;
    },
    async add(userId, sessionId, additions) {
      const keys = keysOf(userId, sessionId);
      const transaction = redis.client.multi();
      SESSION_PARTS.forEach((part, i) => {
        const values = additions[part] ?? [];
        if (values.length > 0) transaction.sadd(keys[i]!, ...values);
      });
      for (const key of keys) transaction.pexpire(key, idleMs);
      const results = await transaction.exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (!results || failed) throw failed ?? new Error('recommendation session write was aborted');
    },
  };
}

/**
 * The refill throttle's sliding window in Redis: one sorted set of refill times per reader,
 * decided in one script so two instances serving the same reader cannot both let a refill
 * through. The same rule as createRefillThrottle's.
 */
const TAKE_REFILL = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local minInterval = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local remaining = math.max(0, max - redis.call('ZCARD', key))
local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
local lastTime = last[2] and tonumber(last[2]) or nil
if (lastTime and now - lastTime < minInterval) or remaining == 0 then
  local wait = 0
  if lastTime then wait = minInterval - (now - lastTime) end
  if remaining == 0 then
    local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    wait = math.max(wait, window - (now - tonumber(first[2])))
  end
  return {0, remaining, math.max(wait, 0)}
end
redis.call('ZADD', key, now, ARGV[5])
redis.call('PEXPIRE', key, window)
return {1, remaining, 0}
`;

type WithTakeRefill = {
  bingoTakeRefill(
    key: string,
    now: number,
    windowMs: number,
    max: number,
    minIntervalMs: number,
    member: string,
  ): Promise<[number, number, number]>;
};

/** The refill throttle in Redis, shared by every instance (see TAKE_REFILL). */
export function createRedisRefillThrottle(
  redis: SharedRedis,
  options: { minIntervalMs?: number; now?: () => number } = {},
): RefillThrottle {
  const memory = createRefillThrottle(options);
  const now = options.now ?? (() => Date.now());
  const client = redis.client as typeof redis.client & Partial<WithTakeRefill>;
  if (!client.bingoTakeRefill) {
    redis.client.defineCommand('bingoTakeRefill', { numberOfKeys: 1, lua: TAKE_REFILL });
  }
  const shared = client as typeof redis.client & WithTakeRefill;
  let counter = 0;
  return {
    minIntervalMs: memory.minIntervalMs,
    threshold: memory.threshold,
    async take(userId): Promise<RefillDecision> {
      const time = now();
      counter = (counter + 1) % 1_000_000;
      const [allowed, remaining, retryAfterMs] = await shared.bingoTakeRefill(
        `${REFILLS_PREFIX}${userId}`,
        time,
        RECOMMENDATION_REFILL_WINDOW_MS,
        RECOMMENDATION_REFILLS_PER_WINDOW,
        memory.minIntervalMs,
        // Unique per refill: two at the same millisecond are two entries.
        `${time}:${process.pid}:${counter}:${Math.random().toString(36).slice(2, 8)}`,
      );
      return allowed === 1 ? { allowed: true } : { allowed: false, remaining, retryAfterMs };
    },
  };
}

/**
 * Sessions and throttle for the app: in memory without Redis; with it, in Redis, falling back
 * to this instance's memory while Redis is away so the page keeps working (per instance).
 */
export function createRecommendationState(redis: SharedRedis | undefined): {
  sessions: RecommendationSessionStore;
  throttle: RefillThrottle;
} {
  const memorySessions = createRecommendationSessionStore();
  const memoryThrottle = createRefillThrottle();
  if (!redis) return { sessions: memorySessions, throttle: memoryThrottle };
  const sharedSessions = createRedisRecommendationSessionStore(redis);
  const sharedThrottle = createRedisRefillThrottle(redis);
  const either = <T>(shared: () => Promise<T>, memory: () => Promise<T>): Promise<T> =>
    redis.isReady() ? shared().catch(memory) : memory();
  return {
    sessions: {
      read: (userId, sessionId) =>
        either(
          () => sharedSessions.read(userId, sessionId),
          () => memorySessions.read(userId, sessionId),
        ),
      add: (userId, sessionId, additions: RecommendationSessionAdditions) =>
        either(
          () => sharedSessions.add(userId, sessionId, additions),
          () => memorySessions.add(userId, sessionId, additions),
        ),
    },
    throttle: {
      minIntervalMs: sharedThrottle.minIntervalMs,
      threshold: sharedThrottle.threshold,
      take: (userId) =>
        either(
          () => sharedThrottle.take(userId),
          () => memoryThrottle.take(userId),
        ),
    },
  };
}
