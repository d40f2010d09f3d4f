import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

export const RESET_DATE_KEY = 'bingoReset';

// Every card read asks for the reset date: built once (issue 10).
const valueOf = compiledOnce((db, { key }: { key: string }) =>
  db.selectFrom('settings').select('value').where('key', '=', key),
);

/** Reads and writes the key-value settings table. */
export function createSettingsRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    async get(key: string): Promise<string | null> {
      const [row] = await valueOf(db, kind, { key });
      return row?.value ?? null;
    },
    async set(key: string, value: string, updatedBy: string | null): Promise<void> {
      const updatedAt = new Date().toISOString();
      await db
        .insertInto('settings')
        .values({ key, value, updatedAt, updatedBy })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt, updatedBy }))
        .execute();
    },
  };
}
