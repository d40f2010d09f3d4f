import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedRedis } from '../shared/redis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Keys of the shared counters; one counter per route and caller, as @fastify/rate-limit keeps. */
const KEY_PREFIX = 'bingo:rate:';
/** Local counters kept while Redis is away; the oldest go first past this many. */
const MAX_LOCAL_COUNTERS = 10_000;

/**
 * One fixed window per key: the first hit starts it, every hit counts, and the count and the
 * window's remaining time come back in one round trip (the same rule as the plugin's own store).
 */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type WithIncrement = { bingoRateLimit(key: string, windowMs: number): Promise<[number, number]> };

/** This instance's own counters: the fallback while Redis is away. */
function createLocalCounters() {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return (key: string, windowMs: number): Counted => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      windows.delete(key);
      window = { count: 0, endsAt: now + windowMs };
      if (windows.size >= MAX_LOCAL_COUNTERS) {
        const oldest = windows.keys().next();
        if (!oldest.done) windows.delete(oldest.value);
      }
      windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  };
}

/**
 * A store for @fastify/rate-limit that counts in Redis, so a limit trips at the same count
 * whichever instance serves each request. While Redis is away (or a command fails), it counts
 * in this instance's memory instead: limits hold per instance and no request fails for it.
 */
export function sharedRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  const client = redis.client as typeof redis.client & Partial<WithIncrement>;
  if (!client.bingoRateLimit) {
    redis.client.defineCommand('bingoRateLimit', { numberOfKeys: 1, lua: INCREMENT });
  }
  const shared = client as typeof redis.client & WithIncrement;

  class SharedStore implements FastifyRateLimitStore {
    private readonly countLocally = createLocalCounters();

    constructor(
      _options: unknown,
      private readonly prefix = KEY_PREFIX,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const local = () => callback(null, this.countLocally(key, timeWindow));
      if (!redis.isReady()) return local();
      shared
        .bingoRateLimit(this.prefix + key, timeWindow)
        .then(([current, ttl]) => callback(null, { current, ttl }), local);
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } };
      const route = `${routeInfo?.method ?? ''}${routeInfo?.url ?? ''}`;
      return new SharedStore(undefined, `${this.prefix}${route}:`);
    }
  }
  return SharedStore;
}
