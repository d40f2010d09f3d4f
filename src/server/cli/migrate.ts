import { migrateToLatest } from '../db/migrate';
import { runCli } from './cli-context';

/** npm run db:migrate: brings the configured database to the newest schema. */
await runCli(
  async (app) => {
    const applied = await migrateToLatest(app.deps.database);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
  },
  { migrate: false },
);
