import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressText, registerCompression } from './compression';
import {
  deepFreeze,
  registerFrozenAnswerCompression,
  serializingFrozenOnce,
} from './frozen-answers';

/** A serializer compiler that counts the answers it serialized. */
function counting() {
  const seen: unknown[] = [];
  const compile = serializingFrozenOnce(() => (data: unknown) => {
    seen.push(data);
    return JSON.stringify(data);
  });
  return { serialize: compile({ schema: {}, method: 'GET', url: '/x', httpStatus: '200' }), seen };
}

describe('serializing frozen answers once', () => {
  it('serializes a frozen answer once and sends its text again', () => {
    const { serialize, seen } = counting();
    const answer = deepFreeze({ entries: [{ rank: 1, points: 5 }] });
    expect(serialize(answer)).toBe('{"entries":[{"rank":1,"points":5}]}');
    expect(serialize(answer)).toBe('{"entries":[{"rank":1,"points":5}]}');
    expect(seen).toHaveLength(1);
  });

  it('serializes an answer that is not frozen every time, so a change shows', () => {
    const { serialize, seen } = counting();
    const answer = { points: 1 };
    expect(serialize(answer)).toBe('{"points":1}');
    answer.points = 2;
    expect(serialize(answer)).toBe('{"points":2}');
    expect(seen).toHaveLength(2);
  });

  it('keeps texts apart for equal but different answers', () => {
    const { serialize, seen } = counting();
    serialize(deepFreeze({ points: 1 }));
    serialize(deepFreeze({ points: 1 }));
    expect(seen).toHaveLength(2);
  });
});

describe('deepFreeze', () => {
  it('freezes everything reachable, arrays included', () => {
    const card = deepFreeze({ cells: [{ placement: { coverUrl: 'a' } }], points: 3 });
    expect(Object.isFrozen(card)).toBe(true);
    expect(Object.isFrozen(card.cells)).toBe(true);
    expect(Object.isFrozen(card.cells[0]!.placement)).toBe(true);
    expect(() => {
      card.cells[0]!.placement.coverUrl = 'b';
    }).toThrow(TypeError);
  });
});

describe('compressing frozen answers once', () => {
  const app = Fastify();
  const compressed: string[] = [];
  // An answer over the 1 KB threshold: kept (frozen) on one route, made anew on the other.
  const answerOf = () => ({ squares: Array.from({ length: 80 }, (_, i) => `square ${i} of 80`) });
  const kept = deepFreeze(answerOf());
  beforeAll(async () => {
    await registerCompression(app);
    registerFrozenAnswerCompression(app, (text, encoding) => {
      compressed.push(encoding);
      return compressText(text, encoding);
    });
    app.get('/kept', () => kept);
    app.get('/kept-varying', (_request, reply) => {
      void reply.header('vary', 'origin');
      return kept;
    });
    app.get('/fresh', () => answerOf());
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('compresses a kept answer once per encoding and sends the same bytes again', async () => {
    compressed.length = 0;
    const first = await get('/kept', { 'accept-encoding': 'gzip, deflate, br' });
    const again = await get('/kept', { 'accept-encoding': 'br' });
    const gzipped = await get('/kept', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(kept);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(kept);
    expect(compressed).toEqual(['br', 'gzip']);
  });

  it("honours the browser's preferences, and sends it plain when it asks for none", async () => {
    const gzipPreferred = await get('/kept', { 'accept-encoding': 'br;q=0.5, gzip;q=1' });
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
    const plain = await get('/kept');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(kept);
    const refused = await get('/kept', { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('adds to a Vary the route set instead of replacing it', async () => {
    const response = await get('/kept-varying', { 'accept-encoding': 'br' });
    expect(response.headers.vary).toBe('origin, accept-encoding');
  });

  it('leaves an answer that is not frozen to @fastify/compress', async () => {
    compressed.length = 0;
    const response = await get('/fresh', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(answerOf());
    expect(compressed).toEqual([]);
  });
});
