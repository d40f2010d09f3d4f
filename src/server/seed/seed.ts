import { DEFAULT_CHALLENGE_RULES } from '../../lib/challenge-rules';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../../lib/challenges';
import type { Auth } from '../auth/auth';
import { loadDemoCatalogue } from '../books/demo-catalogue';
import type { DatabaseHandle } from '../db/database';
import { createGridsRepository } from '../modules/grids/grids.repository';
import { DEMO_ADMIN, DEMO_READER } from './demo-accounts';
import { promoteToAdmin } from './promote';

export interface SeedResult {
  seeded: boolean;
  accounts: { role: string; email: string; password: string }[];
}

/**
 * Seeds an empty database with demo data: an admin, a reader and the current grid.
 * Does nothing when any account exists, so a restart never duplicates or overwrites; the demo
 * book catalogue is topped up either way (new books only).
 */
export async function seedDemoData(database: DatabaseHandle, auth: Auth): Promise<SeedResult> {
  await loadDemoCatalogue(database);
  const anyUser = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return { seeded: false, accounts: [] };

  for (const account of [DEMO_ADMIN, DEMO_READER]) {
    await auth.api.signUpEmail({ body: { ...account } });
  }
  const admin = await promoteToAdmin(database, DEMO_ADMIN.email);

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
  return {
    seeded: true,
    accounts: [
      { role: 'admin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      { role: 'reader', email: DEMO_READER.email, password: DEMO_READER.password },
    ],
  };
}
