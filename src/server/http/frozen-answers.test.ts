import { describe, expect, it } from 'vitest';
import { deepFreeze, serializingFrozenOnce } from './frozen-answers';

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
