import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SIGN_IN_LOCK_BASE_MS,
  SIGN_IN_LOCK_MAX_MS,
  SIGN_IN_LOCK_THRESHOLD,
} from '../../lib/limits';
import { toIso, type Database } from '../db/schema';

export interface SignInLockout {
  /** True while the account behind this email refuses sign-ins, whoever asks. */
  isLocked(email: string): Promise<boolean>;
  /** Counts a wrong password (or unknown email); every SIGN_IN_LOCK_THRESHOLD-th locks it. */
  recordFailure(email: string): Promise<void>;
  /** A successful sign-in or a new password: the count starts again. */
  clear(email: string): Promise<void>;
  /** Deletes the rows whose count has lapsed and whose lock has ended; how many went. */
  prune(): Promise<number>;
}

/** The key of an email: how better-auth finds the account (trimmed, lower case). */
export function lockoutKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The stored key of an email (issue 23): an HMAC-SHA256 of its normalised form, keyed by
 * AUTH_SECRET, so the table never holds an address (for addresses with no account too) and
 * a copy of the table alone cannot be matched against a list of guessed addresses.
 */
export function lockoutHash(email: string, secret: string): string {
  return createHmac('sha256', secret).update(lockoutKey(email)).digest('hex');
}

/**
 * How long the n-th lock lasts: SIGN_IN_LOCK_BASE_MS, doubling with each further run of
 * failures, at most SIGN_IN_LOCK_MAX_MS. A guesser spread over many addresses gets
 * SIGN_IN_LOCK_THRESHOLD tries, then fewer and fewer an hour.
 */
export function lockDurationMs(failures: number): number {
  const locks = Math.floor(failures / SIGN_IN_LOCK_THRESHOLD);
  if (locks < 1) return 0;
  return Math.min(SIGN_IN_LOCK_BASE_MS * 2 ** Math.min(locks - 1, 20), SIGN_IN_LOCK_MAX_MS);
}

/**
 * Failed sign-ins per account, in the database so every API instance counts the same (issue 8).
 * A count whose last failure is older than SIGN_IN_LOCK_MAX_MS starts again from zero.
 */
export function createSignInLockout(
  db: Kysely<Database>,
  secret: string,
  now: () => number = Date.now,
): SignInLockout {
  const hashOf = (email: string) => lockoutHash(email, secret);
  return {
    async isLocked(email) {
      const row = await db
        .selectFrom('signInFailures')
        .select('lockedUntil')
        .where('emailHash', '=', hashOf(email))
        .executeTakeFirst();
      return Boolean(row?.lockedUntil) && Date.parse(toIso(row!.lockedUntil!)) > now();
    },

    async recordFailure(email) {
      const at = now();
      const atIso = new Date(at).toISOString();
      const staleBefore = new Date(at - SIGN_IN_LOCK_MAX_MS).toISOString();
      const key = hashOf(email);
      // One statement, so failures from several instances at once all count.
      const row = await db
        .insertInto('signInFailures')
        .values({ emailHash: key, failures: 1, lastFailureAt: atIso, lockedUntil: null })
        .onConflict((oc) =>
          oc.column('emailHash').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('signInFailures.lastFailureAt', '<', staleBefore)
              .then(1)
              .else(eb('signInFailures.failures', '+', 1))
              .end(),
            lastFailureAt: atIso,
          })),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      const duration =
        row.failures % SIGN_IN_LOCK_THRESHOLD === 0 ? lockDurationMs(row.failures) : 0;
      if (duration > 0) {
        await db
          .updateTable('signInFailures')
          .set({ lockedUntil: new Date(at + duration).toISOString() })
          .where('emailHash', '=', key)
          .execute();
      }
      // Keep the table to live records: a guesser's made-up addresses go after a day.
      await db.deleteFrom('signInFailures').where('lastFailureAt', '<', staleBefore).execute();
    },

    async clear(email) {
      await db.deleteFrom('signInFailures').where('emailHash', '=', hashOf(email)).execute();
    },

    async prune() {
      const at = now();
      // A count older than SIGN_IN_LOCK_MAX_MS starts again anyway, and no lock outlasts it.
      const result = await db
        .deleteFrom('signInFailures')
        .where('lastFailureAt', '<', new Date(at - SIGN_IN_LOCK_MAX_MS).toISOString())
        .where((eb) =>
          eb.or([
            eb('lockedUntil', 'is', null),
            eb('lockedUntil', '<', new Date(at).toISOString()),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
