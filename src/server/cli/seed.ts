import { seedDemoData } from '../seed/seed';
import { runCli } from './cli-context';

/**
 * npm run db:seed: seeds demo data into an empty database (does nothing otherwise): the demo
 * accounts, and the demo community with them unless SEED_DEMO=accounts or in production.
 */
await runCli(async (app) => {
  const started = performance.now();
  const result = await seedDemoData(app.deps.database, app.deps.auth, {
    community: app.deps.config.env !== 'production' && app.deps.config.seedCommunity,
  });
  if (!result.seeded) {
    console.log('The database already has accounts; nothing seeded.');
    return;
  }
  const what = result.community ? 'Demo data and the demo community' : 'Demo data';
  console.log(`${what} created (${Math.round(performance.now() - started)} ms). Sign in with:`);
  for (const a of result.accounts) console.log(`  ${a.role.padEnd(6)} ${a.email}  ${a.password}`);
});
