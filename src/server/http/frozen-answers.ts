import type { FastifyInstance, FastifyReply, FastifySerializerCompiler } from 'fastify';
import { compressText, encodingFor, varyOnEncoding, type Encoding } from './compression';

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

const FROZEN_ANSWER = Symbol('frozen answer');
type ReplyWithAnswer = FastifyReply & { [FROZEN_ANSWER]: object | null };

/**
 * Compresses a frozen answer once per encoding (issue 10): a browser asks for brotli, and a kept
 * card's text was compressed again on every request. Its compressed bytes are kept beside the
 * answer object (weakly, like its text) and sent with Content-Encoding already set, which
 * @fastify/compress leaves alone. Answers under COMPRESSION_THRESHOLD_BYTES, answers to a
 * request that asks for none (or says x-no-compression) and every answer that is not frozen go
 * on to @fastify/compress as before. Register before any route.
 */
export function registerFrozenAnswerCompression(
  app: FastifyInstance,
  compress: (text: string, encoding: Encoding) => Buffer = compressText,
): void {
  // The frozen answer a reply is sending, on the reply itself (a decorator: set in Fastify's
  // constructor, so every reply has the same shape; a WeakMap entry per reply cost more).
  app.decorateReply(FROZEN_ANSWER, null);
  // Per answer: the text its bytes were made from, and the bytes per encoding.
  const compressed = new WeakMap<object, { text: string } & Partial<Record<Encoding, Buffer>>>();
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    // An error answer after a frozen one (its check failed) is serialized here again: forget.
    (reply as ReplyWithAnswer)[FROZEN_ANSWER] =
      typeof payload === 'object' && payload !== null && Object.isFrozen(payload) ? payload : null;
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const answer = (reply as ReplyWithAnswer)[FROZEN_ANSWER];
    // A string's length is at most its UTF-8 size, so a long one is surely over the threshold.
    const encoding =
      answer !== null &&
      typeof payload === 'string' &&
      request.headers['x-no-compression'] === undefined
        ? encodingFor(request, payload.length)
        : null;
    if (!encoding || answer === null || typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    let forms = compressed.get(answer);
    if (!forms) compressed.set(answer, (forms = { text: payload }));
    // Only the bytes of this very text: anything else goes on to @fastify/compress.
    if (forms.text !== payload) {
      done(null, payload);
      return;
    }
    const body = (forms[encoding] ??= compress(payload, encoding));
    varyOnEncoding(reply);
    void reply.header('content-encoding', encoding).header('content-length', body.length);
    done(null, body);
  });
}
