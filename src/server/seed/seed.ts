import { DEFAULT_CHALLENGE_RULES } from '../../lib/challenge-rules';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../../lib/challenges';
import type { Auth } from '../auth/auth';
import { loadDemoCatalogue } from '../books/demo-catalogue';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createGridsRepository } from '../modules/grids/grids.repository';
import { seedCommunity } from './community';
import { DEMO_ADMIN, DEMO_READER } from './demo-accounts';
import { promoteToAdmin } from './promote';

export interface SeedResult {
  seeded: boolean;
  accounts: { role: string; email: string; password: string }[];
  /** Whether the demo community came too (seed/community.ts). */
  community: boolean;
}

export interface SeedOptions {
  /**
   * Also the demo community: readers, their cards and a past one, posts, friends, a club and
   * a reset date (issue 22). Without it: the two accounts and an empty current card.
   */
  community?: boolean;
}

/**
 * Seeds an empty database with demo data: an admin, a reader and the current grid, and with
 * `community` the demo community around them. Does nothing when any account exists, so a
 * restart never duplicates or overwrites; the demo book catalogue is topped up either way (new
 * books only).
 */
export async function seedDemoData(
  database: DatabaseHandle,
  auth: Auth,
  options: SeedOptions = {},
): Promise<SeedResult> {
  await loadDemoCatalogue(database);
  const anyUser = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return { seeded: false, accounts: [], community: false };

  for (const account of [DEMO_ADMIN, DEMO_READER]) {
    await auth.api.signUpEmail({ body: { ...account } });
  }
  const admin = await promoteToAdmin(database, DEMO_ADMIN.email);
  const accounts = [
    { role: 'admin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    { role: 'reader', email: DEMO_READER.email, password: DEMO_READER.password },
  ];

  if (options.community) {
    const reader = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_READER.email)
      .executeTakeFirstOrThrow();
    await seedCommunity(database, { adminId: admin.id, readerId: reader.id });
    return { seeded: true, accounts, community: true };
  }

  const grids = createGridsRepository(database.db);
  if (!(await grids.findCurrentId())) {
    await database.db.transaction().execute((trx) =>
      grids.insertWithCells(trx, {
        title: DEFAULT_GRID_TITLE,
        challenges: DEFAULT_CHALLENGES,
        rules: DEFAULT_CHALLENGE_RULES,
        createdBy: admin.id,
      }),
    );
  }
  return { seeded: true, accounts, community: false };
}

/**
 * What start-up seeds (main.ts): with SEED_DEMO on, the demo data on an empty database (the
 * community too unless SEED_DEMO=accounts, never in production); otherwise only the demo
 * catalogue, which answers searches offline, production included.
 */
export async function seedAtStartUp(
  config: Pick<AppConfig, 'seedDemo' | 'seedCommunity' | 'env'>,
  database: DatabaseHandle,
  auth: Auth,
): Promise<SeedResult> {
  if (!config.seedDemo) {
    await loadDemoCatalogue(database);
    return { seeded: false, accounts: [], community: false };
  }
  return seedDemoData(database, auth, {
    community: config.seedCommunity && config.env !== 'production',
  });
}
