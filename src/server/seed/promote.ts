import type { DatabaseHandle } from '../db/database';

/** Makes an existing account an admin; throws when there is no account with that email. */
export async function promoteToAdmin(
  database: DatabaseHandle,
  email: string,
): Promise<{ id: string; email: string }> {
  const user = await database.db
    .updateTable('users')
    .set({ role: 'admin', updatedAt: new Date().toISOString() })
    .where('email', '=', email.trim().toLowerCase())
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!user) throw new Error(`No account with the email ${email}`);
  return user;
}
