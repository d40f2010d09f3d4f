import 'dotenv/config';
import { buildApp } from './app';
import { ConfigError, isLoopback, loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { COMMUNITY_READERS } from './seed/community-data';
import { seedAtStartUp } from './seed/seed';

/** Starts the server: check settings, migrate, seed an empty database, listen. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  const { database, auth } = app.deps;
  const applied = await migrateToLatest(database);
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  const started = performance.now();
  const seed = await seedAtStartUp(config, database, auth);
  if (seed.seeded) {
    const lines = seed.accounts.map((a) => `  ${a.role.padEnd(6)} ${a.email}  ${a.password}`);
    const what = seed.community
      ? `Demo data created: ${COMMUNITY_READERS.length} readers, posts, friends, a club and a past card`
      : 'Demo data created';
    const took = `${Math.round(performance.now() - started)} ms`;
    console.log(`\n${what} (${took}). Sign in with:\n${lines.join('\n')}`);
    if (seed.community) {
      console.log(
        `  or as any community reader, e.g. ${COMMUNITY_READERS[0]!.key}@hedgehog-bingo.local, ` +
          'with the reader password',
      );
    }
    console.log('');
  } else if (
    !config.seedDemo &&
    config.env !== 'production' &&
    !isLoopback(config.host) &&
    !process.env.SEED_DEMO
  ) {
    console.log(
      `\nNo demo accounts: this server listens on ${config.host}, where others can reach it, and ` +
        'their passwords are public. Set SEED_DEMO=true to create them anyway.\n',
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ host: config.host, port: config.port });
  console.log(`Hedgehog Reading Bingo is running on ${config.appUrl} (${database.kind})`);
}

await main();
