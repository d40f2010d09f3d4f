import { describe, expect, it } from 'vitest';
import { createRecommendationSessionStore, createRefillThrottle } from './recommendation-sessions';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('the recommendation session store', () => {
  it('keeps one memory per user and session', () => {
    const store = createRecommendationSessionStore();
    store.get('u1', 's1').dislikedAuthors.add('grumpy');
    expect(store.get('u1', 's1').dislikedAuthors.has('grumpy')).toBe(true);
    expect(store.get('u1', 's2').dislikedAuthors.size).toBe(0);
    expect(store.get('u2', 's1').dislikedAuthors.size).toBe(0);
  });

  it('forgets a session left idle too long', () => {
    const time = clock();
    const store = createRecommendationSessionStore({ idleMs: 1000, now: time.now });
    store.get('u1', 's1').seenIsbns.add('9780000000001');
    time.advance(999);
    expect(store.get('u1', 's1').seenIsbns.size).toBe(1);
    time.advance(1001);
    expect(store.get('u1', 's1').seenIsbns.size).toBe(0);
  });

  it('drops the least recently used sessions beyond its size', () => {
    const time = clock();
    const store = createRecommendationSessionStore({ maxSessions: 2, now: time.now });
    store.get('a', 's').likedIsbns.add('x');
    store.get('b', 's');
    store.get('a', 's');
    store.get('c', 's');
    expect(store.size).toBe(2);
    expect(store.get('a', 's').likedIsbns.has('x')).toBe(true);
  });
});

describe('the refill throttle', () => {
  it('allows a refill 5 s after the last one, not sooner', () => {
    const time = clock();
    const throttle = createRefillThrottle({ now: time.now });
    expect(throttle.take('u')).toEqual({ allowed: true });
    time.advance(4_999);
    expect(throttle.take('u')).toEqual({ allowed: false, remaining: 9, retryAfterMs: 1 });
    time.advance(1);
    expect(throttle.take('u')).toEqual({ allowed: true });
  });

  it('allows 10 a minute, then none until the oldest leaves the window', () => {
    const time = clock();
    const throttle = createRefillThrottle({ now: time.now });
    for (let i = 0; i < 10; i += 1) {
      expect(throttle.take('u').allowed).toBe(true);
      time.advance(5_000);
    }
    expect(throttle.take('u')).toEqual({ allowed: false, remaining: 0, retryAfterMs: 10_000 });
    time.advance(10_000);
    expect(throttle.take('u').allowed).toBe(true);
  });

  it('counts each reader apart', () => {
    const throttle = createRefillThrottle({ now: () => 0 });
    expect(throttle.take('a').allowed).toBe(true);
    expect(throttle.take('b').allowed).toBe(true);
    expect(throttle.take('a').allowed).toBe(false);
  });
});
