import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CommitMark, DataChanges } from '../shared/data-changes';

/**
 * The cookie that carries a reader's latest write to the next instance they reach (decision
 * 027): `<origin>.<sequence>.<signature>`, the instance that answered the write and its commit
 * count then, signed with the app's secret so nobody can make an instance wait for a commit
 * that never was.
 */
export const SEEN_COOKIE = 'bingo.seen';

/** A minute: the bus delivers in milliseconds, and a commit it lost is waited for only once. */
const SEEN_COOKIE_MAX_AGE_S = 60;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SEEN_VALUE = /(?:^|;\s*)bingo\.seen=([A-Za-z0-9_-]+)\.(\d{1,15})\.([A-Za-z0-9_-]+)/;

function signatureOf(secret: string, origin: string, sequence: number): string {
  return createHmac('sha256', secret)
    .update(`${origin}.${sequence}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The commit a request's cookie names, as written, signature not yet checked. */
function commitWrittenIn(
  cookieHeader: string | undefined,
): (CommitMark & { signature: string }) | undefined {
  if (!cookieHeader?.includes('bingo.seen=')) return undefined;
  const match = SEEN_VALUE.exec(cookieHeader);
  if (!match) return undefined;
  const [, origin = '', sequenceText = '', signature = ''] = match;
  return { origin, sequence: Number(sequenceText), signature };
}

function isSigned(mark: CommitMark & { signature: string }, secret: string): boolean {
  const expected = Buffer.from(signatureOf(secret, mark.origin, mark.sequence));
  const given = Buffer.from(mark.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The commit a request's cookie names, when its signature is ours; undefined otherwise. */
export function commitNamedBy(
  cookieHeader: string | undefined,
  secret: string,
): CommitMark | undefined {
  const mark = commitWrittenIn(cookieHeader);
  if (!mark || !isSigned(mark, secret)) return undefined;
  return { origin: mark.origin, sequence: mark.sequence };
}

/**
 * Read-your-writes across instances without a round trip (decision 027). Every instance tells
 * the others of its commits on the bus, but a reader can reach instance 2 before the bus does.
 * So a write's answer names this instance's latest commit in a cookie, and an instance that
 * gets a request naming a commit it has not heard of yet waits for it (CATCH_UP_WAIT_MS at
 * most) before anything is read: every kept answer is then read anew. Only a write's answer
 * that succeeded (below 400) and came after a commit sets it; on SQLite nothing is set and
 * nothing waits.
 */
export function registerReadYourWrites(
  app: FastifyInstance,
  options: { changes: DataChanges; secret: string; secure: boolean },
): void {
  const { changes, secret } = options;
  const attributes = `; Path=/; Max-Age=${SEEN_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${
    options.secure ? '; Secure' : ''
  }`;
  // This instance's commit count when each write request came in: its answer names a commit
  // only when one was made meanwhile (by it, or by another request of the same moment).
  const countAtStart = new WeakMap<object, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (!READS.has(request.method)) countAtStart.set(request, changes.lastCommit()?.sequence ?? 0);
    // The signature is checked only when the commit would make this request wait: a commit of
    // this instance's own or one already heard asks nothing of anyone, signed or forged. Most
    // reads carry a cookie like that, and the HMAC was a tenth of a kept board's CPU.
    const mark = commitWrittenIn(request.headers.cookie);
    const waiting =
      mark && changes.waitsFor(mark) && isSigned(mark, secret) && changes.catchUp(mark);
    if (!waiting) return done();
    void waiting.then(() => done());
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    const mark = changes.lastCommit();
    if (!mark || mark.sequence === countAtStart.get(request)) return done(null, payload);
    const value = `${mark.origin}.${mark.sequence}.${signatureOf(secret, mark.origin, mark.sequence)}`;
    // Fastify adds a set-cookie to those already set (a sign-in's session cookie).
    reply.header('set-cookie', `${SEEN_COOKIE}=${value}${attributes}`);
    done(null, payload);
  });
}
