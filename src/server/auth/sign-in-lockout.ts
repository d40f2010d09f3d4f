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
}

/** The key of an email: how better-auth finds the account (trimmed, lower case). */
export function lockoutKey(email: string): string {
  return email.trim().toLowerCase();
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
  now: () => number = Date.now,
): SignInLockout {
  return {
    async isLocked(email) {
      const row = await db
        .selectFrom('signInFailures')
        .select('lockedUntil')
        .where('email', '=', lockoutKey(email))
        .executeTakeFirst();
      return Boolean(row?.lockedUntil) && Date.parse(toIso(row!.lockedUntil!)) > now();
    },

    async recordFailure(email) {
      const at = now();
      const atIso = new Date(at).toISOString();
      const staleBefore = new Date(at - SIGN_IN_LOCK_MAX_MS).toISOString();
      const key = lockoutKey(email);
      // One statement, so failures from several instances at once all count.
      const row = await db
        .insertInto('signInFailures')
        .values({ email: key, failures: 1, lastFailureAt: atIso, lockedUntil: null })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet((eb) => ({
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
          .where('email', '=', key)
          .execute();
      }
      // Keep the table to live records: a guesser's made-up addresses go after a day.
      await db.deleteFrom('signInFailures').where('lastFailureAt', '<', staleBefore).execute();
    },

    async clear(email) {
      await db.deleteFrom('signInFailures').where('email', '=', lockoutKey(email)).execute();
    },
  };
}
