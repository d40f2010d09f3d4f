import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditAction, AuditTargetType } from '../../../lib/schemas/audit';

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  reason?: string;
  /** Non-personal facts only: ids, counts, days (never a name, email or text a reader wrote). */
  detail?: Record<string, string | number | boolean | null>;
}

/** The audit log: written beside each admin action, in its transaction; read by admins. */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    async record(trx: Kysely<Database> | Transaction<Database>, entry: AuditRecord) {
      await trx
        .insertInto('auditLog')
        .values({
          id: randomUUID(),
          actorId: entry.actorId,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          reason: entry.reason ?? '',
          detail: JSON.stringify(entry.detail ?? {}),
          createdAt: new Date().toISOString(),
        })
        .execute();
    },
    /** Newest first; `before` is the previous page's last entry (its time, then its id). */
    async list(limit: number, before: { createdAt: string; id: string } | null) {
      let query = db
        .selectFrom('auditLog as a')
        .leftJoin('users as u', 'u.id', 'a.actorId')
        .select([
          'a.id',
          'a.actorId',
          'a.action',
          'a.targetType',
          'a.targetId',
          'a.reason',
          'a.detail',
          'a.createdAt',
          'u.name as actorName',
          'u.displayUsername as actorUsername',
        ])
        .orderBy('a.createdAt', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit);
      if (before) {
        query = query.where((eb) =>
          eb.or([
            eb('a.createdAt', '<', before.createdAt),
            eb.and([eb('a.createdAt', '=', before.createdAt), eb('a.id', '<', before.id)]),
          ]),
        );
      }
      return query.execute();
    },
    /**
     * The names of a page's targets as they are now, read at request time (the log itself never
     * keeps a name, so an erasure leaves nothing behind): readers, clubs, cards, a square's card
     * and position, a post's book title, a book's title. What is gone is simply missing.
     */
    async targetNames(ids: Record<'user' | 'club' | 'grid' | 'cell' | 'post' | 'book', string[]>) {
      const none = Promise.resolve([]);
      const [users, clubs, grids, cells, posts, books] = await Promise.all([
        ids.user.length === 0
          ? none
          : db
              .selectFrom('users')
              .select(['id', 'name', 'displayUsername'])
              .where('id', 'in', ids.user)
              .execute(),
        ids.club.length === 0
          ? none
          : db.selectFrom('clubs').select(['id', 'name']).where('id', 'in', ids.club).execute(),
        ids.grid.length === 0
          ? none
          : db.selectFrom('grids').select(['id', 'title']).where('id', 'in', ids.grid).execute(),
        ids.cell.length === 0
          ? none
          : db
              .selectFrom('cells as c')
              .innerJoin('grids as g', 'g.id', 'c.gridId')
              .select(['c.id', 'c.position', 'g.title'])
              .where('c.id', 'in', ids.cell)
              .execute(),
        ids.post.length === 0
          ? none
          : db
              .selectFrom('blogPosts')
              .select(['id', 'bookTitle'])
              .where('id', 'in', ids.post)
              .execute(),
        ids.book.length === 0
          ? none
          : db
              .selectFrom('books')
              .select(['isbn', 'title'])
              .where('isbn', 'in', ids.book)
              .execute(),
      ]);
      return { users, clubs, grids, cells, posts, books };
    },
    async findCreatedAt(id: string) {
      const row = await db
        .selectFrom('auditLog')
        .select(['id', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
