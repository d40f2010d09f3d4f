import { sql, type Kysely } from 'kysely';
import type { Database, ProfileVisibility } from '../../db/schema';

export interface ProfileChanges {
  username?: string;
  displayUsername?: string;
  bio?: string | null;
  avatar?: string | null;
  birthYear?: number | null;
  firstName?: string | null;
  profileVisibility?: ProfileVisibility;
}

/** The profile columns of the users table (SPEC.md section 3, users). */
export function createProfileRepository(db: Kysely<Database>) {
  return {
    /** A registered reader's profile; guests have none. */
    findMember(id: string) {
      return (
        db
          .selectFrom('users')
          // birthYear and firstName are private: only toProfile (the reader's own) reads them.
          .select(['id', 'name', 'displayUsername', 'bio', 'avatar', 'points'])
          .select(['birthYear', 'firstName', 'profileVisibility'])
          .where('id', '=', id)
          .where('role', '<>', 'guest')
          .executeTakeFirst()
      );
    },

    /** True when another account holds this username in any case. */
    async isUsernameTaken(username: string, exceptUserId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .where('id', '<>', exceptUserId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes the changes with who made them and when (SPEC.md section 7). */
    async update(userId: string, changes: ProfileChanges, now: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updatedAt: now, lastModifiedBy: userId })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
export type ProfileRow = NonNullable<Awaited<ReturnType<ProfileRepository['findMember']>>>;
