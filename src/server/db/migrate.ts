import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from './database';
import { accountsMigration } from './migrations/001-accounts';
import { readingMigration } from './migrations/002-reading';
import { searchAccentsMigration } from './migrations/003-search-accents';
import { searchPrefixMigration } from './migrations/004-search-prefix';
import { challengeRulesMigration } from './migrations/007-challenge-rules';
import { signInFailuresMigration } from './migrations/005-sign-in-failures';
import { catalogueTrustMigration } from './migrations/006-catalogue-trust';
import { privacyMigration } from './migrations/008-privacy';
import { sharesMigration } from './migrations/009-shares';
import { clubsMigration } from './migrations/010-clubs';
import { auditLogMigration } from './migrations/011-audit-log';
import { challengeLabelsMigration } from './migrations/012-challenge-labels';
import { moderationMigration } from './migrations/014-moderation';
import { erasureMigration } from './migrations/013-erasure';
import { adminToolsMigration } from './migrations/015-admin-tools';
import { idempotencyKeysMigration } from './migrations/018-idempotency-keys';
import { clubJoinCodesMigration } from './migrations/019-club-join-codes';
import { dashboardIndexesMigration } from './migrations/020-dashboard-indexes';
import { cardTotalsMigration } from './migrations/021-card-totals';
import { squareBookCountsMigration } from './migrations/022-square-book-counts';
import { squareBookCountsFasterMigration } from './migrations/023-square-book-counts-faster';
import { hotQueryIndexesMigration } from './migrations/024-hot-query-indexes';
import { placementInTwoRoundTripsMigration } from './migrations/025-placement-in-two-round-trips';

/** The one migration set, in order; each knows the dialect for the few types that differ. */
function migrationsFor(kind: DatabaseKind): Record<string, Migration> {
  return {
    '001-accounts': accountsMigration(kind),
    '002-reading': readingMigration(kind),
    '003-search-accents': searchAccentsMigration(kind),
    '004-search-prefix': searchPrefixMigration(kind),
    '007-challenge-rules': challengeRulesMigration(kind),
    '005-sign-in-failures': signInFailuresMigration(kind),
    '006-catalogue-trust': catalogueTrustMigration(kind),
    '008-privacy': privacyMigration(kind),
    '009-shares': sharesMigration(kind),
    '010-clubs': clubsMigration(kind),
    '011-audit-log': auditLogMigration(kind),
    '012-challenge-labels': challengeLabelsMigration(kind),
    '014-moderation': moderationMigration(kind),
    '013-erasure': erasureMigration(kind),
    '015-admin-tools': adminToolsMigration(kind),
    '018-idempotency-keys': idempotencyKeysMigration(kind),
    '019-club-join-codes': clubJoinCodesMigration(kind),
    '020-dashboard-indexes': dashboardIndexesMigration(kind),
    '021-card-totals': cardTotalsMigration(kind),
    '022-square-book-counts': squareBookCountsMigration(kind),
    '023-square-book-counts-faster': squareBookCountsFasterMigration(kind),
    '024-hot-query-indexes': hotQueryIndexesMigration(kind),
    '025-placement-in-two-round-trips': placementInTwoRoundTripsMigration(kind),
  };
}

class InlineMigrationProvider implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}
  getMigrations() {
    return Promise.resolve(migrationsFor(this.kind));
  }
}

/** Brings the database to the newest schema; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.raw,
    provider: new InlineMigrationProvider(handle.kind),
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
    // Numbers were handed out to work done side by side (005, 006 and 008 after 007): a
    // database that already ran a later one still gets an earlier one it lacks.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
