import { promoteToAdmin } from '../seed/promote';
import { readFlag, runCli } from './cli-context';

/**
 * npm run admin -- --email someone@example.com [--password Secret-1]
 * Makes an account an admin; with --password, creates the account first when it does not exist.
 */
await runCli(async (app) => {
  const args = process.argv.slice(2);
  const email = readFlag(args, 'email')?.trim().toLowerCase();
  if (!email)
    throw new Error('Usage: npm run admin -- --email someone@example.com [--password ...]');
  const password = readFlag(args, 'password');
  const existing = await app.deps.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!existing) {
    if (!password)
      throw new Error(`No account with the email ${email}; pass --password to create it.`);
    await app.deps.auth.api.signUpEmail({
      body: { email, password, name: email.split('@')[0] ?? email },
    });
  }
  await promoteToAdmin(app.deps.database, email, app.deps.bus);
  console.log(`${email} is now an admin.`);
});
