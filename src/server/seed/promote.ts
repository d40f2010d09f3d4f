import type { DatabaseHandle } from '../db/database';
import { publishSessionsRevoked } from '../http/session-cache';
import type { MessageBus } from '../shared/bus';

/**
 * Makes an existing account an admin; throws when there is no account with that email. With a
 * bus, the account's cached sessions are revoked on every instance that shares it, so the new
 * role counts from the next request (decision 011; on SQLite the file's data_version tells
 * the server even without a shared bus).
 */
export async function promoteToAdmin(
  database: DatabaseHandle,
  email: string,
  bus?: MessageBus,
): Promise<{ id: string; email: string }> {
  const user = await database.db
    .updateTable('users')
    .set({ role: 'admin', updatedAt: new Date().toISOString() })
    .where('email', '=', email.trim().toLowerCase())
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!user) throw new Error(`No account with the email ${email}`);
  if (bus) publishSessionsRevoked(bus, user.id);
  return user;
}
