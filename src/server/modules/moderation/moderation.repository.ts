import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportReason, ReportTargetType } from '../../../lib/schemas/moderation';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface TargetKey {
  targetType: ReportTargetType;
  targetId: string;
}

/** The queue's cursor: the last group of the previous page, in queue order. */
export interface QueueCursor {
  firstReportedAt: string;
  targetType: string;
  targetId: string;
}

/** Reports, moderators' actions on posts, profiles and clubs, and suspensions (issue 23). */
export function createModerationRepository(db: Kysely<Database>) {
  return {
    /** A post with what a report needs of it and its author. */
    findPost(trx: Db, postId: string) {
      return trx
        .selectFrom('blogPosts as p')
        .innerJoin('users as u', 'u.id', 'p.userId')
        .select(['p.id', 'p.userId', 'p.body', 'p.bookTitle', 'p.hiddenAt'])
        .select(['u.name', 'u.displayUsername', 'u.banned', 'u.banExpires'])
        .where('p.id', '=', postId)
        .executeTakeFirst();
    },

    findUser(trx: Db, userId: string) {
      return trx
        .selectFrom('users')
        .select(['id', 'name', 'displayUsername', 'bio', 'role', 'isAnonymous'])
        .select(['banned', 'banExpires', 'profileVisibility'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** A club with its owner (the one member whose role is 'owner'). */
    findClub(trx: Db, clubId: string) {
      return trx
        .selectFrom('clubs as c')
        .leftJoin('clubMembers as m', (join) =>
          join.onRef('m.clubId', '=', 'c.id').on('m.role', '=', 'owner'),
        )
        .leftJoin('users as u', 'u.id', 'm.userId')
        .select(['c.id', 'c.name', 'c.description', 'm.userId as ownerId'])
        .select(['u.name as ownerName', 'u.displayUsername as ownerUsername'])
        .where('c.id', '=', clubId)
        .executeTakeFirst();
    },

    /** Whether the reader has an open report on the target. */
    async hasOpenReport(trx: Db, reporterId: string, target: TargetKey): Promise<boolean> {
      const row = await trx
        .selectFrom('reports')
        .select('id')
        .where('reporterId', '=', reporterId)
        .where('targetType', '=', target.targetType)
        .where('targetId', '=', target.targetId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertReport(
      trx: Db,
      report: TargetKey & {
        reporterId: string;
        reason: ReportReason;
        note: string;
        snapshot: string;
      },
    ) {
      await trx
        .insertInto('reports')
        .values({ id: randomUUID(), ...report, createdAt: new Date().toISOString() })
        .execute();
    },

    /**
     * One page of the queue: targets with open reports, the oldest first report first (then
     * by type and id), after `cursor`.
     */
    async openTargets(limit: number, cursor: QueueCursor | null) {
      const first = sql<Date | string>`min(${sql.ref('createdAt')})`;
      let query = db
        .selectFrom('reports')
        .select(['targetType', 'targetId'])
        .select(first.as('firstReportedAt'))
        .select(sql<Date | string>`max(${sql.ref('createdAt')})`.as('lastReportedAt'))
        .select((eb) => eb.fn.countAll<number | string>().as('reports'))
        .where('status', '=', 'open')
        .groupBy(['targetType', 'targetId']);
      if (cursor) {
        query = query.having(
          sql<boolean>`(${first} > ${cursor.firstReportedAt} or (${first} = ${cursor.firstReportedAt} and (${sql.ref('targetType')} > ${cursor.targetType} or (${sql.ref('targetType')} = ${cursor.targetType} and ${sql.ref('targetId')} > ${cursor.targetId}))))`,
        );
      }
      return query.orderBy(first).orderBy('targetType').orderBy('targetId').limit(limit).execute();
    },

    /** The open reports of these targets, oldest first (reasons, notes, snapshots). */
    openReportsOf(targets: readonly TargetKey[]) {
      if (targets.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('reports')
        .select(['targetType', 'targetId', 'reason', 'note', 'snapshot', 'createdAt'])
        .where('status', '=', 'open')
        .where((eb) =>
          eb.or(
            targets.map((t) =>
              eb.and([eb('targetType', '=', t.targetType), eb('targetId', '=', t.targetId)]),
            ),
          ),
        )
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /** Closes the target's open reports with what closed them; how many it closed. */
    async closeOpen(trx: Db, target: TargetKey, resolution: string): Promise<number> {
      const result = await trx
        .updateTable('reports')
        .set({ status: 'closed', resolution, closedAt: new Date().toISOString() })
        .where('targetType', '=', target.targetType)
        .where('targetId', '=', target.targetId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async setPostHidden(trx: Db, postId: string, hidden: boolean) {
      await trx
        .updateTable('blogPosts')
        .set({ hiddenAt: hidden ? new Date().toISOString() : null })
        .where('id', '=', postId)
        .execute();
    },

    async deletePost(trx: Db, postId: string) {
      await trx.deleteFrom('blogPosts').where('id', '=', postId).execute();
    },

    async isUsernameTaken(trx: Db, username: string): Promise<boolean> {
      const row = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async updateUser(
      trx: Db,
      userId: string,
      changes: { name?: string; username?: string; displayUsername?: string; bio?: null },
    ) {
      await trx
        .updateTable('users')
        .set({ ...changes, updatedAt: new Date().toISOString() })
        .where('id', '=', userId)
        .execute();
    },

    async updateClub(trx: Db, clubId: string, changes: { name?: string; description?: string }) {
      await trx.updateTable('clubs').set(changes).where('id', '=', clubId).execute();
    },

    /**
     * Suspends (`until` an ISO time, or null for good) or lifts a suspension. 1 and 0 are the
     * flag on both databases: PostgreSQL reads '1' and '0' as booleans.
     */
    async setSuspension(
      trx: Db,
      userId: string,
      suspension: { until: string | null; reason: string } | null,
    ) {
      await trx
        .updateTable('users')
        .set(
          suspension
            ? { banned: 1, banReason: suspension.reason, banExpires: suspension.until }
            : { banned: 0, banReason: null, banExpires: null },
        )
        .where('id', '=', userId)
        .execute();
    },

    /** Ends every session of the account (better-auth's sessions table, migration 001). */
    async deleteSessions(trx: Db, userId: string) {
      await sql`delete from sessions where user_id = ${userId}`.execute(trx);
    },

    /** Hides a post from one club's feed; hiding it again changes nothing. */
    async hideInClub(trx: Db, clubId: string, postId: string, hiddenBy: string) {
      await trx
        .insertInto('clubHiddenPosts')
        .values({ clubId, postId, hiddenBy, createdAt: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['clubId', 'postId']).doNothing())
        .execute();
    },

    async showInClub(trx: Db, clubId: string, postId: string) {
      await trx
        .deleteFrom('clubHiddenPosts')
        .where('clubId', '=', clubId)
        .where('postId', '=', postId)
        .execute();
    },

    async isClubMember(trx: Db, clubId: string, userId: string): Promise<boolean> {
      const row = await trx
        .selectFrom('clubMembers')
        .select('userId')
        .where('clubId', '=', clubId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
