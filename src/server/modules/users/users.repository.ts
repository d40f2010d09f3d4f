import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The profile columns of an account, for /api/me and profiles. */
export function createUsersRepository(db: Kysely<Database>) {
  return {
    findProfile(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'username', 'displayUsername', 'role', 'isAnonymous'])
        .select(['points', 'bio', 'avatar'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
