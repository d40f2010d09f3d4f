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
  /**
   * Whether a link just made may stand: false (and the link ended) when the account would have
   * more than RESET_LINKS_LIVE_MAX unused and unexpired links with it.
   */
  admit(userId: string, token: string): Promise<boolean>;
}

const PREFIX = 'reset-password:';

/**
 * Reset links an account may have unused at once (each lasts an hour): enough for a lost mail
 * or two, and a flood of requests for someone else's address fills no inbox.
 */
export const RESET_LINKS_LIVE_MAX = 3;

export function createResetLinks(db: Kysely<Database>): ResetLinks {
  return {
    async admit(userId, token) {
      const { rows } = await sql<{ live: number }>`
        select count(*) as live from verifications
        where value = ${userId} and identifier like ${`${PREFIX}%`}
        and expires_at > ${new Date().toISOString()}`.execute(db);
      if (Number(rows[0]?.live ?? 0) <= RESET_LINKS_LIVE_MAX) return true;
      await sql`delete from verifications where identifier = ${PREFIX + token}`.execute(db);
      return false;
    },
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
