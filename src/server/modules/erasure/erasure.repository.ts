import { sql, type Kysely, type Transaction } from 'kysely';
import { profileNameOf } from '../../../lib/display-name';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What becomes of one club the reader owns: its successor, or null when it is deleted. */
export interface PlannedHandOver {
  clubId: string;
  name: string;
  successor: { userId: string; name: string } | null;
}

/** The reader as erasure needs them. */
export interface ErasableUser {
  id: string;
  email: string;
  username: string | null;
  displayUsername: string | null;
  role: string | null;
  isAnonymous: boolean;
}

/** Where a reader's traces are, table by table (issue 23); pass a transaction as `db`. */
export function createErasureRepository(db: Db, kind: DatabaseKind) {
  return {
    /** The reader, locked on PostgreSQL so a second erasure of them waits and then finds none. */
    async findUser(userId: string): Promise<ErasableUser | undefined> {
      let query = db
        .selectFrom('users')
        .select(['id', 'email', 'username', 'displayUsername', 'role', 'isAnonymous'])
        .where('id', '=', userId);
      if (kind === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row && { ...row, isAnonymous: Boolean(row.isAnonymous) };
    },

    /** The stored password hash of a reader's email account, if they have one. */
    async passwordHash(userId: string): Promise<string | null> {
      const { rows } = await sql<{ password: string | null }>`
        select password from accounts
        where user_id = ${userId} and provider_id = 'credential'`.execute(db);
      return rows[0]?.password ?? null;
    },

    /** Admins other than this reader. */
    async otherAdmins(userId: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('role', '=', 'admin')
        .where('id', '!=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The clubs the reader owns alone, each with who takes it over: the longest-standing
     * co-owner, else the longest-standing member, else nobody (the club is deleted). A club
     * with another owner keeps that owner and is not listed.
     */
    async planHandOvers(userId: string): Promise<PlannedHandOver[]> {
      const owned = await db
        .selectFrom('clubMembers as m')
        .innerJoin('clubs as c', 'c.id', 'm.clubId')
        .select(['c.id', 'c.name'])
        .where('m.userId', '=', userId)
        .where('m.role', '=', 'owner')
        .orderBy('c.createdAt')
        .orderBy('c.id')
        .execute();
      if (owned.length === 0) return [];
      const others = await db
        .selectFrom('clubMembers as m')
        .innerJoin('users as u', 'u.id', 'm.userId')
        .select(['m.clubId', 'm.userId', 'm.role', 'u.name', 'u.displayUsername'])
        .where(
          'm.clubId',
          'in',
          owned.map((club) => club.id),
        )
        .where('m.userId', '!=', userId)
        .orderBy('m.joinedAt')
        .orderBy('m.userId')
        .execute();
      const rank = { owner: 0, co_owner: 1, member: 2 } as const;
      return owned.flatMap((club): PlannedHandOver[] => {
        const members = others
          .filter((m) => m.clubId === club.id)
          // Stable: within a role, the order by joining stays.
          .sort((a, b) => rank[a.role] - rank[b.role]);
        const next = members[0];
        if (next?.role === 'owner') return [];
        return [
          {
            clubId: club.id,
            name: club.name,
            successor: next
              ? {
                  userId: next.userId,
                  name: profileNameOf({ displayUsername: next.displayUsername, name: next.name }),
                }
              : null,
          },
        ];
      });
    },

    /** The club's one owner (a unique index) is the successor: the leaver's row goes first. */
    async handOver(clubId: string, formerOwnerId: string, newOwnerId: string): Promise<void> {
      await db
        .deleteFrom('clubMembers')
        .where('clubId', '=', clubId)
        .where('userId', '=', formerOwnerId)
        .execute();
      await db
        .updateTable('clubMembers')
        .set({ role: 'owner' })
        .where('clubId', '=', clubId)
        .where('userId', '=', newOwnerId)
        .execute();
    },

    /** Members, invitations, requests and the club's cards with their placements cascade. */
    async deleteClub(clubId: string): Promise<void> {
      await db.deleteFrom('clubs').where('id', '=', clubId).execute();
    },

    /** The readers whose friendships, requests or blocks with this reader go with them. */
    async relatedReaders(userId: string): Promise<string[]> {
      const [friends, blocks] = await Promise.all([
        db
          .selectFrom('friendships')
          .select(['senderId', 'receiverId'])
          .where((eb) => eb.or([eb('senderId', '=', userId), eb('receiverId', '=', userId)]))
          .execute(),
        db
          .selectFrom('blocks')
          .select(['blockerId', 'blockedId'])
          .where((eb) => eb.or([eb('blockerId', '=', userId), eb('blockedId', '=', userId)]))
          .execute(),
      ]);
      const ids = new Set<string>();
      for (const f of friends) ids.add(f.senderId === userId ? f.receiverId : f.senderId);
      for (const b of blocks) ids.add(b.blockerId === userId ? b.blockedId : b.blockerId);
      return [...ids];
    },

    /**
     * Deletes every row of the reader and unlinks the rows of others that name them. Explicit
     * for each table, not left to ON DELETE CASCADE, so the list reads as what erasure covers.
     */
    async deleteFootprint(user: ErasableUser, lockoutHash: string): Promise<void> {
      const id = user.id;
      await db.deleteFrom('placements').where('userId', '=', id).execute();
      // Issue 24: their totals per card (migration 021); the triggers on placements have
      // already counted them off, this says so here.
      await db.deleteFrom('cardReaderTotals').where('userId', '=', id).execute();
      // Reports (migration 014): the reader's own, and every report whose target or snapshot is
      // theirs (their profile, their posts, a club they owned: the snapshot names its owner).
      await db
        .deleteFrom('reports')
        .where((eb) =>
          eb.or([
            eb('reporterId', '=', id),
            eb.and([eb('targetType', '=', 'profile'), eb('targetId', '=', id)]),
            eb.and([
              eb('targetType', '=', 'post'),
              eb(
                'targetId',
                'in',
                eb
                  .selectFrom('blogPosts')
                  .select('blogPosts.id')
                  .where('blogPosts.userId', '=', id),
              ),
            ]),
            eb('snapshot', 'like', `%${id}%`),
          ]),
        )
        .execute();
      await db
        .updateTable('clubHiddenPosts')
        .set({ hiddenBy: null })
        .where('hiddenBy', '=', id)
        .execute();
      await db.deleteFrom('blogPosts').where('userId', '=', id).execute();
      await db.deleteFrom('finishedBooks').where('userId', '=', id).execute();
      await db.deleteFrom('wantToRead').where('userId', '=', id).execute();
      await db
        .deleteFrom('friendships')
        .where((eb) => eb.or([eb('senderId', '=', id), eb('receiverId', '=', id)]))
        .execute();
      await db
        .deleteFrom('blocks')
        .where((eb) => eb.or([eb('blockerId', '=', id), eb('blockedId', '=', id)]))
        .execute();
      await db.deleteFrom('shares').where('userId', '=', id).execute();
      await db.deleteFrom('importEntries').where('userId', '=', id).execute();
      await db.deleteFrom('importRuns').where('userId', '=', id).execute();
      await db.deleteFrom('idempotencyKeys').where('userId', '=', id).execute();
      await db.deleteFrom('clubJoinRequests').where('userId', '=', id).execute();
      await db.deleteFrom('clubMembers').where('userId', '=', id).execute();
      await db.deleteFrom('signInFailures').where('emailHash', '=', lockoutHash).execute();
      // What others keep (a club's invitation, a card, a setting) stays, without their name.
      await db
        .updateTable('clubInvites')
        .set({ createdBy: null })
        .where('createdBy', '=', id)
        .execute();
      await db
        .updateTable('clubJoinCodes')
        .set({ createdBy: null })
        .where('createdBy', '=', id)
        .execute();
      await db.updateTable('clubs').set({ createdBy: null }).where('createdBy', '=', id).execute();
      await db.updateTable('grids').set({ createdBy: null }).where('createdBy', '=', id).execute();
      await db
        .updateTable('settings')
        .set({ updatedBy: null })
        .where('updatedBy', '=', id)
        .execute();
      await db
        .updateTable('users')
        .set({ lastModifiedBy: null })
        .where('lastModifiedBy', '=', id)
        .execute();
      // better-auth's rows: sessions, the password, and pending reset links (value: the user id).
      await sql`delete from sessions where user_id = ${id}`.execute(db);
      await sql`delete from accounts where user_id = ${id}`.execute(db);
      await sql`delete from verifications
        where value = ${id} or identifier = ${user.email} or value = ${user.email}`.execute(db);
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    /**
     * The audit log keeps what admins did, but an erased reader appears in it only as the
     * opaque id: as actor, as target, and wherever a detail or reason names them.
     */
    async anonymiseAudit(user: ErasableUser, opaqueId: string): Promise<void> {
      await db
        .updateTable('auditLog')
        .set({ actorId: opaqueId })
        .where('actorId', '=', user.id)
        .execute();
      await db
        .updateTable('auditLog')
        .set({ targetId: opaqueId })
        .where('targetId', '=', user.id)
        .execute();
      const traces = [user.id, user.email, user.username, user.displayUsername].filter(
        (trace): trace is string => Boolean(trace && trace.length >= 3),
      );
      for (const trace of traces) {
        const pattern = `%${trace.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        await sql`update audit_log
          set detail = replace(detail, ${trace}, ${opaqueId}),
              reason = replace(reason, ${trace}, ${opaqueId})
          where detail like ${pattern} escape '\\' or reason like ${pattern} escape '\\'`.execute(
          db,
        );
      }
    },

    async logErasure(opaqueId: string, at: string): Promise<void> {
      await db.insertInto('erasureLog').values({ id: opaqueId, erasedAt: at }).execute();
    },

    /**
     * Guests nobody has used since `before`: made before it, with no session, sign-in or
     * placement since.
     */
    async staleGuests(before: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users as u')
        .select('u.id')
        .where('u.isAnonymous', '=', kind === 'postgres' ? true : 1)
        .where('u.createdAt', '<', before)
        .where('u.updatedAt', '<', before)
        .where((eb) => eb.or([eb('u.lastLogin', 'is', null), eb('u.lastLogin', '<', before)]))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('placements as p')
                .select('p.id')
                .whereRef('p.userId', '=', 'u.id')
                .where('p.updatedAt', '>=', before),
            ),
          ),
        )
        .where(
          sql<boolean>`not exists (select 1 from sessions s
            where s.user_id = u.id and s.updated_at >= ${before})`,
        )
        .orderBy('u.createdAt')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
