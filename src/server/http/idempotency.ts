import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { messages } from '../../lib/messages';
import type { Database } from '../db/schema';
import { AppError, badRequest } from './errors';

/**
 * Issue 26: writes a reader may send twice carry an `Idempotency-Key` header (the IETF
 * httpapi draft's name). The key is kept per reader for a day beside the answer given, written
 * in the write's own transaction: a second request with the key, in turn or at the same time,
 * waits for the first (the write's per-reader lock: the users row on PostgreSQL, the one writer
 * on SQLite) and gets its answer back without writing again. The same key for another request
 * (another square, another book) is refused, as the draft advises (422).
 */

/** How long a key is kept: a queue left offline longer is sent with fresh keys' meaning lost. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's key: undefined without the header; 400 when it is not a sane token. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  // A quoted key (the draft's sf-string form) is taken without its quotes.
  const key = value?.replace(/^"(.*)"$/, '$1');
  if (!key || !KEY_PATTERN.test(key))
    throw badRequest(messages.idempotency.badKey, 'BAD_IDEMPOTENCY_KEY');
  return key;
}

/** One kept key of one reader, for one kind of write. */
export interface IdempotentWrite {
  userId: string;
  key: string;
  /** What the write asked: the route and the fields that decide it. */
  fingerprint: string;
}

function cutoff(now: number): string {
  return new Date(now - IDEMPOTENCY_KEY_TTL_MS).toISOString();
}

/**
 * The answer kept for this key, to give again; undefined when the key is new (or expired).
 * Call it after taking the write's per-reader lock, inside its transaction.
 */
export async function keptAnswer<T>(
  trx: Transaction<Database>,
  write: IdempotentWrite,
  now = Date.now(),
): Promise<T | undefined> {
  const row = await trx
    .selectFrom('idempotencyKeys')
    .select(['fingerprint', 'response', 'createdAt'])
    .where('userId', '=', write.userId)
    .where('key', '=', write.key)
    .executeTakeFirst();
  if (!row || new Date(row.createdAt).toISOString() < cutoff(now)) return undefined;
  if (row.fingerprint !== write.fingerprint) {
    throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', messages.idempotency.keyReused);
  }
  return JSON.parse(row.response) as T;
}

/**
 * Keeps the answer under its key, in the write's transaction (so a write that rolls back keeps
 * no key), and lets go of the reader's keys older than a day.
 */
export async function keepAnswer(
  trx: Transaction<Database>,
  write: IdempotentWrite,
  answer: unknown,
  now = Date.now(),
): Promise<void> {
  await trx
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', write.userId)
    .where('createdAt', '<', cutoff(now))
    .execute();
  // An expired row under the same key went just now; a live one was answered by keptAnswer.
  await trx
    .insertInto('idempotencyKeys')
    .values({
      userId: write.userId,
      key: write.key,
      fingerprint: write.fingerprint,
      response: JSON.stringify(answer),
      createdAt: new Date(now).toISOString(),
    })
    .execute();
}

/** Every reader's keys older than a day; the server runs it now and then. */
export async function sweepIdempotencyKeys(
  db: { deleteFrom: Transaction<Database>['deleteFrom'] },
  now = Date.now(),
): Promise<number> {
  const result = await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<', cutoff(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
