import type { FastifySerializerCompiler } from 'fastify';

/**
 * Freezes a value and everything reachable from it, and returns it: an answer kept in memory
 * and served to many requests (a kept card, a kept leaderboard) cannot be changed by one of
 * them, and its serialized text can be kept with it (`serializingFrozenOnce`).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A serializer compiler that checks and serializes a frozen answer once (issue 10): the text
 * is kept beside the object (weakly, so it goes when the object does) and sent again when a
 * route answers with the same object. Only frozen answers are kept, because only they cannot
 * have changed since their text was made; the services that keep answers freeze them with
 * `deepFreeze`. Every other answer goes through `compile`'s serializer as before. Zod's check
 * of the answer (decision 011) and JSON.stringify were a fifth of a kept card's answer.
 */
export function serializingFrozenOnce<S>(
  compile: FastifySerializerCompiler<S>,
): FastifySerializerCompiler<S> {
  return (route) => {
    const serialize = compile(route);
    const texts = new WeakMap<object, string>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
        return serialize(data);
      }
      let text = texts.get(data);
      if (text === undefined) {
        text = serialize(data);
        texts.set(data, text);
      }
      return text;
    };
  };
}
