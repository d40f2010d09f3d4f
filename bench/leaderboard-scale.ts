import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createLeaderboardRepository } from '../src/server/modules/leaderboard/leaderboard.repository';
import { createTestDatabase } from '../tests/helpers/database';
import { formatSummary, summarize } from './stats';

/**
 * The leaderboard queries as the user count grows (docs/SCALING.md): the Global Top 10 and a
 * friends board of 10, through the app's own repository, on SQLite or (with DATABASE_URL) on
 * PostgreSQL, at each size: npx tsx bench/leaderboard-scale.ts [users...]
 */
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const USERS = sizes.length > 0 ? sizes : [10_000, 100_000, 1_000_000];
const SAMPLES = 50;

const testDb = await createTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bingo-leaderboard-'));
const config = loadConfig({
  NODE_ENV: 'test',
  AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  SQLITE_PATH: path.join(dataDir, 'bingo.sqlite'),
  DATA_DIR: dataDir,
  ...testDb.env,
});
const database = openDatabase(config);
try {
  await migrateToLatest(database);
  const { db } = database;
  const repository = createLeaderboardRepository(db);
  let inserted = 0;
  console.log(
    `Leaderboard queries on ${database.kind} (${SAMPLES} timings each, after a warm-up):`,
  );
  for (const size of USERS) {
    const started = performance.now();
    // A tenth are guests (never listed); points spread over 0-2000 like a busy season.
    const batch = 50_000;
    for (let from = inserted; from < size; from += batch) {
      const to = Math.min(size, from + batch);
      const rows = Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        const now = new Date().toISOString();
        return {
          id: `u${String(i).padStart(8, '0')}`,
          name: `Reader ${i}`,
          email: `reader${i}@example.com`,
          emailVerified: 0,
          createdAt: now,
          updatedAt: now,
          role: i % 10 === 0 ? 'guest' : 'user',
          points: (i * 7919) % 2000,
        };
      });
      for (let k = 0; k < rows.length; k += 2000) {
        await db
          .insertInto('users')
          .values(rows.slice(k, k + 2000))
          .execute();
      }
    }
    inserted = size;
    if (database.kind === 'postgres') await sql`analyze users`.execute(db);
    const insertMs = performance.now() - started;
    const friends = Array.from({ length: 10 }, (_, k) => `u${String(k * 997).padStart(8, '0')}`);
    const time = async (query: () => Promise<unknown>) => {
      await query();
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const t0 = performance.now();
        await query();
        samples.push(performance.now() - t0);
      }
      return summarize(samples);
    };
    const top = await time(() => repository.topPlayers(10));
    const board = await time(() => repository.playersByIds(friends));
    console.log(
      `${size.toLocaleString('en-GB').padStart(10)} users (filled in ${(insertMs / 1000).toFixed(1)} s)\n` +
        `  Global Top 10  ${formatSummary(top)}\n  friends of 10  ${formatSummary(board)}`,
    );
  }
} finally {
  await database.close();
  await testDb.drop();
}
