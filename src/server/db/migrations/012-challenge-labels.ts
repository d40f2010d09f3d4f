import { sql, type Kysely } from 'kysely';
import { deriveChallengeLabel } from '../../../lib/challenges';
import type { DatabaseKind } from '../database';

const BACKFILL_BATCH = 500;

/**
 * A short label on every challenge (issue 22): the phone card shows it in each square, the full
 * text stays in the square's sheet. `cells.label` is not null; cells made before it get one:
 * the 16 default challenges their hand-written label (src/lib/challenges.ts), any other text
 * a derived one (its first words, `deriveChallengeLabel`), the same rule the server applies
 * when a card's creator leaves a label blank.
 */
export function challengeLabelsMigration(_kind: DatabaseKind) {
  /** Writes each existing cell's label, a batch at a time, in id order. */
  const backfill = async (db: Kysely<unknown>) => {
    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string; challenge: string }>`
        select id, challenge from cells where id > ${after}
        order by id limit ${BACKFILL_BATCH}`.execute(db);
      if (rows.length === 0) return;
      for (const row of rows) {
        await sql`update cells set label = ${deriveChallengeLabel(row.challenge)}
          where id = ${row.id}`.execute(db);
      }
      after = rows[rows.length - 1]!.id;
    }
  };

  return {
    async up(db: Kysely<unknown>) {
      // Not null with an empty default, so SQLite can add it; every row is written just below.
      await db.schema
        .alterTable('cells')
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await backfill(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('cells').dropColumn('label').execute();
    },
  };
}
