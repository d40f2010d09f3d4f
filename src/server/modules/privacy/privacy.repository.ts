import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Blocks and the facts the privacy rules read (decision 014). Pass a transaction as `db` to
 * run these inside it.
 */
export function createPrivacyRepository(db: Kysely<Database>) {
  return {
    /** A registered reader (never a guest) with the name and visibility the rules need. */
    findMember(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'displayUsername', 'profileVisibility'])
        .where('id', '=', id)
        .where('role', '<>', 'guest')
        .executeTakeFirst();
    },

    /** Of `ids`, those that blocked the viewer or that the viewer blocked, each once. */
    async blockedAmong(viewerId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const [byViewer, ofViewer] = await Promise.all([
        db
          .selectFrom('blocks')
          .select('blockedId as id')
          .where('blockerId', '=', viewerId)
          .where('blockedId', 'in', ids)
          .execute(),
        db
          .selectFrom('blocks')
          .select('blockerId as id')
          .where('blockedId', '=', viewerId)
          .where('blockerId', 'in', ids)
          .execute(),
      ]);
      return new Set([...byViewer, ...ofViewer].map((row) => row.id));
    },

    /** Everyone in a block with the viewer, either side (the feed leaves their posts out). */
    async allBlockedWith(viewerId: string): Promise<string[]> {
      const [byViewer, ofViewer] = await Promise.all([
        db
          .selectFrom('blocks')
          .select('blockedId as id')
          .where('blockerId', '=', viewerId)
          .execute(),
        db
          .selectFrom('blocks')
          .select('blockerId as id')
          .where('blockedId', '=', viewerId)
          .execute(),
      ]);
      return [...new Set([...byViewer, ...ofViewer].map((row) => row.id))];
    },

    /**
     * Everyone in a block with the viewer (either side) and the viewer's accepted friends:
     * what the relations cache keeps per viewer (decision 017). Two indexed queries.
     */
    async relationsOf(viewerId: string) {
      const [blocks, friendships] = await Promise.all([
        db
          .selectFrom('blocks')
          .select(['blockerId', 'blockedId'])
          .where((eb) => eb.or([eb('blockerId', '=', viewerId), eb('blockedId', '=', viewerId)]))
          .execute(),
        db
          .selectFrom('friendships')
          .select(['senderId', 'receiverId'])
          .where('status', '=', 'accepted')
          .where((eb) => eb.or([eb('senderId', '=', viewerId), eb('receiverId', '=', viewerId)]))
          .execute(),
      ]);
      return {
        blocked: new Set(blocks.map((b) => (b.blockerId === viewerId ? b.blockedId : b.blockerId))),
        friends: new Set(
          friendships.map((f) => (f.senderId === viewerId ? f.receiverId : f.senderId)),
        ),
      };
    },

    /** Of `ids`, the viewer's accepted friends. */
    async friendsAmong(viewerId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('friendships')
        .select(['senderId', 'receiverId'])
        .where('status', '=', 'accepted')
        .where((eb) =>
          eb.or([
            eb.and([eb('senderId', '=', viewerId), eb('receiverId', 'in', ids)]),
            eb.and([eb('receiverId', '=', viewerId), eb('senderId', 'in', ids)]),
          ]),
        )
        .execute();
      return new Set(rows.map((r) => (r.senderId === viewerId ? r.receiverId : r.senderId)));
    },

    /** Whether `blockerId` blocked `blockedId` (one direction). */
    async hasBlocked(blockerId: string, blockedId: string): Promise<boolean> {
      const row = await db
        .selectFrom('blocks')
        .select('blockerId')
        .where('blockerId', '=', blockerId)
        .where('blockedId', '=', blockedId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Blocks `blockedId`; blocking again changes nothing. */
    async insertBlock(blockerId: string, blockedId: string, now: string): Promise<void> {
      await db
        .insertInto('blocks')
        .values({ blockerId, blockedId, createdAt: now })
        .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
        .execute();
    },

    async deleteBlock(blockerId: string, blockedId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('blocks')
        .where('blockerId', '=', blockerId)
        .where('blockedId', '=', blockedId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Removes any friendship or request between the two, in either direction. */
    async deleteFriendshipsBetween(a: string, b: string): Promise<void> {
      await db
        .deleteFrom('friendships')
        .where((eb) =>
          eb.or([
            eb.and([eb('senderId', '=', a), eb('receiverId', '=', b)]),
            eb.and([eb('senderId', '=', b), eb('receiverId', '=', a)]),
          ]),
        )
        .execute();
    },

    /**
     * The owner's blocked readers, latest first, with what the name shown depends on: their
     * visibility, and whether they block the owner too (`blocksOwner`, null when not).
     */
    listBlocked(blockerId: string) {
      return db
        .selectFrom('blocks as b')
        .innerJoin('users as u', 'u.id', 'b.blockedId')
        .leftJoin('blocks as back', (join) =>
          join
            .onRef('back.blockerId', '=', 'b.blockedId')
            .onRef('back.blockedId', '=', 'b.blockerId'),
        )
        .select(['u.id', 'u.name', 'u.displayUsername', 'u.profileVisibility', 'b.createdAt'])
        .select('back.blockerId as blocksOwner')
        .where('b.blockerId', '=', blockerId)
        .orderBy('b.createdAt', 'desc')
        .orderBy('u.id')
        .execute();
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
