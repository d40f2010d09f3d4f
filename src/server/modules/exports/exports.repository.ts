import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Reads of everything one reader owns; each query names the owner. */
export function createExportsRepository(db: Kysely<Database>) {
  return {
    findAccount(userId: string) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'email',
          'displayUsername',
          'username',
          'name',
          'bio',
          'avatar',
          'points',
          'role',
          'createdAt',
          'birthYear',
          'firstName',
          'profileVisibility',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The reader's clubs with their role, by name. */
    listClubs(userId: string) {
      return db
        .selectFrom('clubMembers as m')
        .innerJoin('clubs as c', 'c.id', 'm.clubId')
        .select(['c.id', 'c.name', 'm.role', 'm.joinedAt'])
        .where('m.userId', '=', userId)
        .orderBy('c.name')
        .orderBy('c.id')
        .execute();
    },

    listPlacements(userId: string) {
      return db
        .selectFrom('placements as p')
        .innerJoin('cells as c', 'c.id', 'p.cellId')
        .innerJoin('grids as g', 'g.id', 'p.gridId')
        .select([
          'p.gridId',
          'g.title as gridTitle',
          'c.position',
          'c.challenge',
          'p.bookIsbn',
          'p.bookTitle',
          'p.isWildcard',
          'p.points',
          'p.createdAt',
        ])
        .where('p.userId', '=', userId)
        .orderBy('g.createdAt')
        .orderBy('c.position')
        .orderBy('p.isWildcard')
        .execute();
    },

    listFinished(userId: string) {
      return db
        .selectFrom('finishedBooks')
        .select(['bookIsbn', 'title', 'author', 'rating', 'review', 'ratingDate', 'finishedAt'])
        .where('userId', '=', userId)
        .orderBy('finishedAt', 'desc')
        .orderBy('id')
        .execute();
    },

    listWantToRead(userId: string) {
      return db
        .selectFrom('wantToRead')
        .select(['bookIsbn', 'title', 'author', 'addedAt'])
        .where('userId', '=', userId)
        .orderBy('addedAt', 'desc')
        .orderBy('id')
        .execute();
    },

    listPosts(userId: string) {
      return db
        .selectFrom('blogPosts')
        .select(['id', 'bookIsbn', 'bookTitle', 'body', 'rating', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Both directions of every friendship, with the other reader's public names. */
    listFriendships(userId: string) {
      return db
        .selectFrom('friendships as f')
        .innerJoin('users as u', (join) =>
          join.on((eb) =>
            eb.or([
              eb.and([eb('f.senderId', '=', userId), eb('u.id', '=', eb.ref('f.receiverId'))]),
              eb.and([eb('f.receiverId', '=', userId), eb('u.id', '=', eb.ref('f.senderId'))]),
            ]),
          ),
        )
        .select([
          'u.id as userId',
          'u.displayUsername',
          'u.name',
          'u.profileVisibility',
          'f.senderId',
          'f.status',
          'f.createdAt',
          'f.acceptedAt',
        ])
        .where((eb) => eb.or([eb('f.senderId', '=', userId), eb('f.receiverId', '=', userId)]))
        .orderBy('f.createdAt')
        .orderBy('f.id')
        .execute();
    },
  };
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>;
