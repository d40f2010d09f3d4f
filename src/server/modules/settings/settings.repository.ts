import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const RESET_DATE_KEY = 'bingoReset';

/** Reads and writes the key-value settings table. */
export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async get(key: string): Promise<string | null> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
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
