import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Password-reset links. better-auth keeps each as the verification 'reset-password:<token>' whose
 * value is the user id (better-auth/dist/api/routes/password.mjs) and spends only the one used.
 */
export interface ResetLinks {
  /** The account a reset link belongs to, while the link exists. */
  accountOf(token: string): Promise<{ userId: string; email: string } | null>;
  /**
   * Ends every unused reset link of the account: once one has set a new password, an older mail
   * (forwarded, in a shared inbox) must not take the account back.
   */
  endAll(userId: string): Promise<void>;
}

const PREFIX = 'reset-password:';

export function createResetLinks(db: Kysely<Database>): ResetLinks {
  return {
    async accountOf(token) {
      const { rows } = await sql<{ userId: string; email: string }>`
        select users.id as user_id, users.email from verifications
        join users on users.id = verifications.value
        where verifications.identifier = ${PREFIX + token}`.execute(db);
      return rows[0] ?? null;
    },
    async endAll(userId) {
      await sql`delete from verifications
        where value = ${userId} and identifier like ${`${PREFIX}%`}`.execute(db);
    },
  };
}
