import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { JSON_MAX_DEPTH } from '../../lib/limits';
import { messages } from '../../lib/messages';
import { hasForbiddenControl } from '../../lib/schemas/text';
import { AppError, errorBody } from './errors';

/** Longest request URL taken; browsers and proxies agree on about 2,000 characters. */
export const URL_MAX = 2048;

/**
 * True when the JSON text nests arrays and objects deeper than `max`. One pass over the text
 * (brackets inside strings do not count), so a 30,000-deep body is refused before any parser
 * or validator recurses into it.
 */
export function jsonDepthExceeds(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 93 || c === 125) depth -= 1;
  }
  return false;
}

/** The first string (value or key) anywhere in `value` with a control character, if any. */
function holdsControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasForbiddenControl(value, true);
  if (depth > JSON_MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsControl(item, depth + 1));
  // A plain loop: this runs on every request's params, query and body (issue 10's profile).
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (hasForbiddenControl(key, true) || holdsControl(record[key], depth + 1)) return true;
  }
  return false;
}

/**
 * The answer to an error the framework raises before any route runs (a URL it cannot decode),
 * in our shape and without repeating the URL (Fastify's `frameworkErrors`).
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('URL_TOO_LONG', messages.generic.urlTooLong));
    return;
  }
  void reply.status(400).send(errorBody('BAD_URL', messages.generic.badUrl));
}

/**
 * The boundary every request crosses (issue 8): JSON bodies are parsed by Fastify's own parser
 * (prototype poisoning refused) once their nesting is known to be at most JSON_MAX_DEPTH; and
 * no body, query or path parameter may carry NUL or another control character anywhere (tab
 * and newlines aside, which the fields' own rules refuse where a field is single-line). This is
 * the net under every route, the auth forwarder included; the fields' schemas (`text()` in
 * src/lib/schemas/text.ts) give the finer rules.
 */
export function registerInputBoundary(app: FastifyInstance): void {
  // A field whose schema names no message of its own is refused in our words, not zod's English.
  z.config({ customError: () => messages.generic.badRequest });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Only JSON bodies are taken; text/plain would reach the validators as a bare string.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const json = body.toString();
    if (jsonDepthExceeds(json, JSON_MAX_DEPTH)) {
      done(new AppError(400, 'TOO_DEEP', messages.generic.tooDeep), undefined);
      return;
    }
    void parseJson(request, json, done);
  });
  // Hooks on every request are plain callbacks, not async functions: no promise each (issue 10).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length > URL_MAX) {
      void reply.status(414).send(errorBody('URL_TOO_LONG', messages.generic.urlTooLong));
      return;
    }
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsControl(request.params) || holdsControl(request.query) || holdsControl(request.body)) {
      done(new AppError(400, 'CONTROL_CHARACTERS', messages.generic.controlCharacters));
      return;
    }
    done();
  });
}
