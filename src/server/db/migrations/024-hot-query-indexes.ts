import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';

/**
 * Issue 27: indexes the query-plan test (tests/api/query-plans.test.ts) found missing, a full
 * scan of a table that grows on a hot path.
 * - captcha_solutions_expires_idx: every sign-in and sign-up first deletes the used captcha
 *   solutions that have expired; without it each one read every solution kept (one per
 *   sign-in within the challenge's lifetime), so a rush of sign-ins cost its square.
 */
export function hotQueryIndexesMigration(_kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('captcha_solutions_expires_idx')
        .on('captcha_solutions')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('captcha_solutions_expires_idx').execute();
    },
  };
}
