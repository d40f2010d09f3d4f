import { seedDemoData } from '../seed/seed';
import { runCli } from './cli-context';

/** npm run db:seed: seeds demo data into an empty database (does nothing otherwise). */
await runCli(async (app) => {
  const result = await seedDemoData(app.deps.database, app.deps.auth);
  if (!result.seeded) {
    console.log('The database already has accounts; nothing seeded.');
    return;
  }
  console.log('Demo data created. Sign in with:');
  for (const a of result.accounts) console.log(`  ${a.role.padEnd(6)} ${a.email}  ${a.password}`);
});
