import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database';
import { notSuspendedSql } from '../moderation/suspension';
import type { ClubRoleColumn, Database } from '../../db/schema';

/** The clubs of migration 010: pass a transaction as `db` to run these inside it. */
export function createClubsRepository(db: Kysely<Database>) {
  /** A club with its member count and the viewer's role and pending request, in one query. */
  const summaries = (viewerId: string) =>
    db
      .selectFrom('clubs as c')
      .leftJoin('clubMembers as me', (join) =>
        join.onRef('me.clubId', '=', 'c.id').on('me.userId', '=', viewerId),
      )
      .leftJoin('clubJoinRequests as r', (join) =>
        join.onRef('r.clubId', '=', 'c.id').on('r.userId', '=', viewerId),
      )
      .select([
        'c.id',
        'c.name',
        'c.description',
        'c.createdAt',
        'me.role',
        'r.createdAt as requestedAt',
      ])
      .select((eb) =>
        eb
          .selectFrom('clubMembers as mc')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('mc.clubId', '=', 'c.id')
          .as('memberCount'),
      );

  return {
    async insertClub(club: {
      id: string;
      name: string;
      description: string;
      createdBy: string;
      createdAt: string;
    }): Promise<void> {
      await db.insertInto('clubs').values(club).execute();
    },

    async insertMember(member: {
      clubId: string;
      userId: string;
      role: ClubRoleColumn;
      joinedAt: string;
    }): Promise<void> {
      await db.insertInto('clubMembers').values(member).execute();
    },

    findSummary(clubId: string, viewerId: string) {
      return summaries(viewerId).where('c.id', '=', clubId).executeTakeFirst();
    },

    /** The viewer's clubs with their summaries. */
    listSummariesOf(viewerId: string) {
      return summaries(viewerId).where('me.userId', '=', viewerId).execute();
    },

    /** The club's name and the viewer's role (undefined: no such club). */
    async findRole(clubId: string, viewerId: string) {
      const row = await db
        .selectFrom('clubs as c')
        .leftJoin('clubMembers as m', (join) =>
          join.onRef('m.clubId', '=', 'c.id').on('m.userId', '=', viewerId),
        )
        .select(['c.id', 'c.name', 'm.role'])
        .where('c.id', '=', clubId)
        .executeTakeFirst();
      return row ? { id: row.id, name: row.name, role: row.role ?? null } : undefined;
    },

    /** The owner and co-owners: who a block with the viewer shuts the club to (decision 016). */
    async ownerIds(clubId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('clubMembers')
        .select('userId')
        .where('clubId', '=', clubId)
        .where('role', 'in', ['owner', 'co_owner'])
        .execute();
      return rows.map((r) => r.userId);
    },

    async memberCount(clubId: string): Promise<number> {
      const row = await db
        .selectFrom('clubMembers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('clubId', '=', clubId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async updateClub(clubId: string, fields: { name: string; description: string }) {
      await db.updateTable('clubs').set(fields).where('id', '=', clubId).execute();
    },

    /** Deletes the club; its members, invites, requests and cards (with their placements) go. */
    async deleteClub(clubId: string): Promise<void> {
      await db.deleteFrom('clubs').where('id', '=', clubId).execute();
    },

    listMembers(clubId: string) {
      return db
        .selectFrom('clubMembers as m')
        .innerJoin('users as u', 'u.id', 'm.userId')
        .select(['m.userId', 'm.role', 'm.joinedAt'])
        .select(['u.name', 'u.displayUsername', 'u.avatar', 'u.profileVisibility'])
        .where('m.clubId', '=', clubId)
        .execute();
    },

    async setRole(clubId: string, userId: string, role: ClubRoleColumn): Promise<void> {
      await db
        .updateTable('clubMembers')
        .set({ role })
        .where('clubId', '=', clubId)
        .where('userId', '=', userId)
        .execute();
    },

    async removeMember(clubId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('clubMembers')
        .where('clubId', '=', clubId)
        .where('userId', '=', userId)
        .execute();
    },

    async insertInvite(invite: {
      id: string;
      clubId: string;
      tokenHash: string;
      createdBy: string;
      createdAt: string;
      expiresAt: string | null;
    }): Promise<void> {
      await db.insertInto('clubInvites').values(invite).execute();
    },

    /** Live invitation links: neither revoked nor expired, newest first. */
    listLiveInvites(clubId: string, now: string) {
      return db
        .selectFrom('clubInvites')
        .select(['id', 'createdAt', 'expiresAt', 'createdBy'])
        .where('clubId', '=', clubId)
        .where('revokedAt', 'is', null)
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Revokes one live link of the club; false when there is none by that id. */
    async revokeInvite(clubId: string, inviteId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('clubInvites')
        .set({ revokedAt: now })
        .where('id', '=', inviteId)
        .where('clubId', '=', clubId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The live link a token hash names (its unique index), or undefined. */
    findLiveInvite(tokenHash: string, now: string) {
      return db
        .selectFrom('clubInvites')
        .select(['id', 'clubId'])
        .where('tokenHash', '=', tokenHash)
        .where('revokedAt', 'is', null)
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
        .executeTakeFirst();
    },

    /** Asks to join; asking again changes nothing. */
    async insertRequest(clubId: string, userId: string, now: string): Promise<void> {
      await db
        .insertInto('clubJoinRequests')
        .values({ clubId, userId, createdAt: now })
        .onConflict((oc) => oc.columns(['clubId', 'userId']).doNothing())
        .execute();
    },

    listRequests(clubId: string) {
      return db
        .selectFrom('clubJoinRequests as r')
        .innerJoin('users as u', 'u.id', 'r.userId')
        .select(['r.userId', 'r.createdAt', 'u.name', 'u.displayUsername', 'u.profileVisibility'])
        .where('r.clubId', '=', clubId)
        .orderBy('r.createdAt')
        .orderBy('r.userId')
        .execute();
    },

    async deleteRequest(clubId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('clubJoinRequests')
        .where('clubId', '=', clubId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The club's cards, newest first. */
    listCards(clubId: string) {
      return db
        .selectFrom('grids')
        .select(['id', 'title', 'createdAt', 'resetDate'])
        .where('clubId', '=', clubId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Issue 22: holds the club's row until the transaction ends on PostgreSQL, so two cards
     * made at once count each other. SQLite's one connection runs one transaction at a time.
     */
    async lockClub(clubId: string, kind: DatabaseKind): Promise<void> {
      if (kind !== 'postgres') return;
      await db.selectFrom('clubs').select('id').where('id', '=', clubId).forUpdate().execute();
    },

    /** Issue 22: the club's cards whose reset date (YYYY-MM-DD) is `today` or later. */
    async liveCardCount(clubId: string, today: string): Promise<number> {
      const row = await db
        .selectFrom('grids')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('clubId', '=', clubId)
        .where('resetDate', '>=', today)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /**
     * The newest `perClub` cards of every club the viewer is in, newest first, with their club
     * and their place in it (1: the club's newest). Issue 22: a club of many cards no longer
     * lists them all; each club's are read in order from grids_club_idx.
     */
    async recentCardsOf(viewerId: string, perClub: number) {
      const ranked = db
        .selectFrom('clubMembers as m')
        .innerJoin('clubs as c', 'c.id', 'm.clubId')
        .innerJoin('grids as g', 'g.clubId', 'm.clubId')
        .select([
          'g.id',
          'g.title',
          'g.createdAt',
          'g.resetDate',
          'c.id as clubId',
          'c.name as clubName',
          sql<
            number | string
          >`row_number() over (partition by ${sql.ref('g.clubId')} order by ${sql.ref('g.createdAt')} desc, ${sql.ref('g.id')} desc)`.as(
            'newness',
          ),
        ])
        .where('m.userId', '=', viewerId);
      const rows = await db
        .selectFrom(ranked.as('r'))
        .selectAll()
        .where('r.newness', '<=', perClub)
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, newness: Number(row.newness) }));
    },

    /** The club's newest card's id, or null (issue 22: a page of past cards says which). */
    async newestCardId(clubId: string): Promise<string | null> {
      const row = await db
        .selectFrom('grids')
        .select('id')
        .where('clubId', '=', clubId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Issue 22: the club's first `limit` cards after `after`, newest first. */
    listCardsAfter(clubId: string, after: { createdAt: string; id: string }, limit: number) {
      return db
        .selectFrom('grids')
        .select(['id', 'title', 'createdAt', 'resetDate'])
        .where('clubId', '=', clubId)
        .where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after.createdAt, after.id)))
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Every member with the points the club's cards earned them (0 for none): a member's
     * placements are read through placements_user_grid_book_unique (user_id, grid_id, ...).
     */
    leaderboardRows(clubId: string) {
      return (
        db
          .selectFrom('clubMembers as m')
          .innerJoin('users as u', 'u.id', 'm.userId')
          .select(['m.userId', 'u.name', 'u.displayUsername', 'u.profileVisibility'])
          .select((eb) =>
            eb
              .selectFrom('placements as p')
              .innerJoin('grids as g', 'g.id', 'p.gridId')
              .select(sql<number | string>`coalesce(sum(p.points), 0)`.as('s'))
              .whereRef('p.userId', '=', 'm.userId')
              .where('g.clubId', '=', clubId)
              .as('points'),
          )
          .where('m.clubId', '=', clubId)
          // Issue 23: a suspended member's row is gone while the suspension lasts.
          .where(notSuspendedSql('u'))
          .execute()
      );
    },
  };
}

export type ClubsRepository = ReturnType<typeof createClubsRepository>;
