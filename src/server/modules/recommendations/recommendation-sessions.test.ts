import { describe, expect, it } from 'vitest';
import { createRecommendationSessionStore, createRefillThrottle } from './recommendation-sessions';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('the recommendation session store', () => {
  it('keeps one memory per user and session', async () => {
    const store = createRecommendationSessionStore();
    await store.add('u1', 's1', { dislikedAuthors: ['grumpy'] });
    expect((await store.read('u1', 's1')).dislikedAuthors.has('grumpy')).toBe(true);
    expect((await store.read('u1', 's2')).dislikedAuthors.size).toBe(0);
    expect((await store.read('u2', 's1')).dislikedAuthors.size).toBe(0);
  });

  it('forgets a session left idle too long', async () => {
    const time = clock();
    const store = createRecommendationSessionStore({ idleMs: 1000, now: time.now });
    await store.add('u1', 's1', { seenIsbns: ['9780000000001'] });
    time.advance(999);
    expect((await store.read('u1', 's1')).seenIsbns.size).toBe(1);
    time.advance(1001);
    expect((await store.read('u1', 's1')).seenIsbns.size).toBe(0);
  });

  it('drops the least recently used sessions beyond its size', async () => {
    const time = clock();
    const store = createRecommendationSessionStore({ maxSessions: 2, now: time.now });
    await store.add('a', 's', { likedIsbns: ['x'] });
    await store.read('b', 's');
    await store.read('a', 's');
    await store.read('c', 's');
    expect(store.size).toBe(2);
    expect((await store.read('a', 's')).likedIsbns.has('x')).toBe(true);
  });

  it('hands out copies that later swipes do not change', async () => {
    const store = createRecommendationSessionStore();
    const before = await store.read('u', 's');
    await store.add('u', 's', { seenIsbns: ['9780000000001'] });
    expect(before.seenIsbns.size).toBe(0);
  });
});

describe('the refill throttle', () => {
  it('allows a refill 5 s after the last one, not sooner', async () => {
    const time = clock();
    const throttle = createRefillThrottle({ now: time.now });
    expect(await throttle.take('u')).toEqual({ allowed: true });
    time.advance(4_999);
    expect(await throttle.take('u')).toEqual({ allowed: false, remaining: 9, retryAfterMs: 1 });
    time.advance(1);
    expect(await throttle.take('u')).toEqual({ allowed: true });
  });

  it('allows 10 a minute, then none until the oldest leaves the window', async () => {
    const time = clock();
    const throttle = createRefillThrottle({ now: time.now });
    for (let i = 0; i < 10; i += 1) {
      expect((await throttle.take('u')).allowed).toBe(true);
      time.advance(5_000);
    }
    expect(await throttle.take('u')).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 10_000,
    });
    time.advance(10_000);
    expect((await throttle.take('u')).allowed).toBe(true);
  });

  it('counts each reader apart', async () => {
    const throttle = createRefillThrottle({ now: () => 0 });
    expect((await throttle.take('a')).allowed).toBe(true);
    expect((await throttle.take('b')).allowed).toBe(true);
    expect((await throttle.take('a')).allowed).toBe(false);
  });
});
