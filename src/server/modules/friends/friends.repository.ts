import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

const MEMBER_COLUMNS = ['id', 'name', 'displayUsername', 'points'] as const;

/**
 * Friendships (SPEC.md section 3, Friends): one row per pair, from sender to receiver, pending
 * until the receiver accepts. Pass a transaction as `db` to run these inside it.
 */
export function createFriendsRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /** One side of the list: rows the user sent (joined to receivers) or received (to senders). */
  const listSide = (userId: string, side: 'sent' | 'received') =>
    db
      .selectFrom('friendships as f')
      .innerJoin('users as u', 'u.id', side === 'sent' ? 'f.receiverId' : 'f.senderId')
      .select(['f.id', 'f.status', 'f.createdAt', 'u.id as userId'])
      .select(['u.name', 'u.displayUsername', 'u.points', 'u.profileVisibility'])
      .where(side === 'sent' ? 'f.senderId' : 'f.receiverId', '=', userId)
      .execute();

  return {
    /** Every friendship of the user, each tagged with whether the user received it. */
    async listForUser(userId: string) {
      const [sent, received] = await Promise.all([
        listSide(userId, 'sent'),
        listSide(userId, 'received'),
      ]);
      return [
        ...sent.map((row) => ({ ...row, isReceived: false })),
        ...received.map((row) => ({ ...row, isReceived: true })),
      ];
    },

    /** A registered reader (never a guest) by email, which is stored in lower case. */
    findMemberByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(MEMBER_COLUMNS)
        .where('email', '=', email.toLowerCase())
        .where('role', '<>', 'guest')
        .executeTakeFirst();
    },
    /** A registered reader by username, regardless of case (the lower(username) index). */
    findMemberByUsername(username: string) {
      return db
        .selectFrom('users')
        .select(MEMBER_COLUMNS)
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .where('role', '<>', 'guest')
        .executeTakeFirst();
    },

    /**
     * Locks both readers' rows until the transaction ends, so two requests between the same
     * pair (either direction) run one after the other on PostgreSQL. SQLite runs one write
     * transaction at a time already.
     */
    async lockPair(a: string, b: string): Promise<void> {
      if (kind !== 'postgres') return;
      await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [a, b])
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** The friendship between two readers, in either direction. */
    findBetween(a: string, b: string) {
      return db
        .selectFrom('friendships')
        .select(['id', 'senderId', 'receiverId', 'status'])
        .where((eb) =>
          eb.or([
            eb.and([eb('senderId', '=', a), eb('receiverId', '=', b)]),
            eb.and([eb('senderId', '=', b), eb('receiverId', '=', a)]),
          ]),
        )
        .executeTakeFirst();
    },

    async insertRequest(senderId: string, receiverId: string, now: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('friendships')
        .values({ id, senderId, receiverId, status: 'pending', createdAt: now })
        .execute();
      return id;
    },

    findById(id: string) {
      return db
        .selectFrom('friendships')
        .select(['id', 'senderId', 'receiverId', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The friendship as `viewerId` sees it: joined to the other reader. */
    findView(id: string, viewerId: string) {
      return db
        .selectFrom('friendships as f')
        .innerJoin('users as u', (join) =>
          join.on((eb) =>
            eb.or([
              eb.and([eb('f.senderId', '=', viewerId), eb('u.id', '=', eb.ref('f.receiverId'))]),
              eb.and([eb('f.receiverId', '=', viewerId), eb('u.id', '=', eb.ref('f.senderId'))]),
            ]),
          ),
        )
        .select(['f.id', 'f.status', 'f.createdAt', 'f.receiverId', 'u.id as userId'])
        .select(['u.name', 'u.displayUsername', 'u.points', 'u.profileVisibility'])
        .where('f.id', '=', id)
        .executeTakeFirst();
    },

    /** Accepts a request only when `receiverId` received it and it is still pending. */
    async acceptPending(id: string, receiverId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('friendships')
        .set({ status: 'accepted', acceptedAt: now })
        .where('id', '=', id)
        .where('receiverId', '=', receiverId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Deletes a request only when `receiverId` received it and it is still pending. */
    async deletePendingReceived(id: string, receiverId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('friendships')
        .where('id', '=', id)
        .where('receiverId', '=', receiverId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Deletes an accepted friendship only when `userId` is one of its two readers. */
    async deleteAccepted(id: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('friendships')
        .where('id', '=', id)
        .where('status', '=', 'accepted')
        .where((eb) => eb.or([eb('senderId', '=', userId), eb('receiverId', '=', userId)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Accepted friends, and requests waiting for this user's answer. */
    async countsFor(userId: string): Promise<{ friends: number; pendingRequests: number }> {
      const row = await db
        .selectFrom('friendships')
        .select((eb) => [
          eb.fn
            .sum<number>(eb.case().when('status', '=', 'accepted').then(1).else(0).end())
            .as('friends'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('status', '=', 'pending'), eb('receiverId', '=', userId)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('pendingRequests'),
        ])
        .where((eb) => eb.or([eb('senderId', '=', userId), eb('receiverId', '=', userId)]))
        .executeTakeFirstOrThrow();
      return {
        friends: Number(row.friends ?? 0),
        pendingRequests: Number(row.pendingRequests ?? 0),
      };
    },
  };
}

export type FriendsRepository = ReturnType<typeof createFriendsRepository>;
export type FriendRow = Awaited<ReturnType<FriendsRepository['listForUser']>>[number];
